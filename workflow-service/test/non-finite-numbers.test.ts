// A double precision column can hold NaN and ±Infinity, which no reading or coordinate means and JSON cannot carry.
// Whatever put one there (a hand-made row, a restored dump), every door answers the record with no value in that
// field instead of a 500: the numbers come out of the database as null (db/connect.server.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobQueue } from '../domain/src/ports/job-queue.ts'
import { buildApp } from '../server/src/app.ts'
import { loadConfig } from '../server/src/config.ts'
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts'
import { createQueue, reportTemplateFiles } from '../../test-support/system.ts'

let database: TestDatabase
let queue: JobQueue
let app: FastifyInstance
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-non-finite-test-'))
let point: number
let reading: number

beforeAll(async () => {
  database = await createTestDatabase()
  queue = await createQueue({ url: database.url, supervise: false })
  const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: dataDir })
  app = await buildApp({ db: database.db, config, queue, templates: reportTemplateFiles })
  await app.ready()
  point = (await sql<{ id: number }>`SELECT id FROM measures_points ORDER BY id LIMIT 1`.execute(database.db)).rows[0].id
  await sql`UPDATE measures_points SET latitude = 'NaN', longitude = 'Infinity' WHERE id = ${point}`.execute(database.db)
  reading = (await sql<{ id: number }>`SELECT id FROM measures_point_indications ORDER BY id LIMIT 1`.execute(database.db)).rows[0].id
  // As the owner: the portal's role may not change a published reading (decision 3310).
  await sql`UPDATE measures_point_indications SET value = '-Infinity', mpc = 'NaN' WHERE id = ${reading}`.execute(database.ownerDb)
})

afterAll(async () => {
  await app?.close()
  await queue?.stop()
  await database?.destroy()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('numbers that are not finite in the database', () => {
  it('leave a measuring point without coordinates in its record and in the list, not a 500', async () => {
    const detail = await app.inject({ url: `/api/v1/measures-points/${point}/` })
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json()).toMatchObject({ id: point, latitude: null, longitude: null })
    const list = await app.inject({ url: '/api/v1/measures-points/?limit=1000' })
    expect(list.statusCode, list.body).toBe(200)
    expect((list.json() as { results: Array<{ id: number; latitude: unknown }> }).results.find((p) => p.id === point)).toMatchObject({ latitude: null, longitude: null })
  })

  it('leave the point out of the GeoJSON list and export it with empty cells', async () => {
    const geojson = await app.inject({ url: '/api/v1/measures-points/?format=geojson' })
    expect(geojson.statusCode).toBe(200)
    expect((geojson.json() as { features: Array<{ id: number }> }).features.some((f) => f.id === point)).toBe(false)
    for (const format of ['csv', 'xlsx']) {
      const res = await app.inject({ url: `/api/v1/measures-points/?format=${format}` })
      expect(res.statusCode, format).toBe(200)
      expect(res.body).not.toMatch(/NaN|Infinity/)
    }
  })

  it('leave a reading without its value and ПДК, not a 500', async () => {
    const list = await app.inject({ url: '/api/v1/measures-point-indications/?limit=1000&ordering=id' })
    expect(list.statusCode, list.body).toBe(200)
    expect((list.json() as { results: Array<{ id: number }> }).results.find((r) => r.id === reading)).toMatchObject({ value: null, mpc: null })
  })
})
