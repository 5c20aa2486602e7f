// format=geojson on the lists of records that lie somewhere (measuring points; areas, water bodies and water systems
// by their points): RFC 7946 FeatureCollections with the JSON list's records as properties, for QGIS by address.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SwaggerParser from '@apidevtools/swagger-parser'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobQueue } from '../domain/src/ports/job-queue.ts'
import { buildApp } from '../server/src/app.ts'
import { loadConfig } from '../server/src/config.ts'
import { PublicCache } from '../server/src/http/public-cache.server.ts'
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts'
import { createQueue, reportTemplateFiles } from '../../test-support/system.ts'

let database: TestDatabase
let queue: JobQueue
let app: FastifyInstance
const cache = new PublicCache()
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-geojson-test-'))

beforeAll(async () => {
  database = await createTestDatabase()
  queue = await createQueue({ url: database.url, supervise: false })
  const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: dataDir })
  // With the public cache of the portal, as anonymous visitors and QGIS meet it.
  app = await buildApp({ db: database.db, config, queue, templates: reportTemplateFiles, publicCache: { databaseUrl: database.url, cache } })
  await app.ready()
  const until = Date.now() + 15_000
  while (!cache.enabled && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
})

afterAll(async () => {
  await app?.close()
  await queue?.stop()
  await database?.destroy()
  rmSync(dataDir, { recursive: true, force: true })
})

type Row = Record<string, unknown> & { id: number }
interface Feature {
  type: string
  id: number
  geometry: { type: string; coordinates: unknown }
  properties: Row
}

async function allPages(url: string): Promise<Row[]> {
  const out: Row[] = []
  let next: string | null = `${url}${url.includes('?') ? '&' : '?'}limit=1000`
  while (next) {
    const res = await app.inject({ url: next.replace(/^https?:\/\/[^/]+/, '') })
    expect(res.statusCode, next).toBe(200)
    const body = res.json() as { results: Row[]; next: string | null }
    out.push(...body.results)
    next = body.next
  }
  return out
}

async function geojsonOf(url: string): Promise<Feature[]> {
  const res = await app.inject({ url })
  expect(res.statusCode, url).toBe(200)
  expect(res.headers['content-type']).toBe('application/geo+json')
  const body = JSON.parse(res.payload) as { type: string; features: Feature[] }
  expect(body.type).toBe('FeatureCollection')
  for (const f of body.features) {
    expect(f.type).toBe('Feature')
    expect(f.id).toBe(f.properties.id)
  }
  return body.features
}

const located = (r: Row) => typeof r.latitude === 'number' && typeof r.longitude === 'number'

async function newPoint(values: { name: string; latitude: number | string | null; longitude: number | string | null; area?: number }) {
  const area = values.area ?? (await database.db.selectFrom('areas').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id
  const { rows } = await sql<{ id: number }>`INSERT INTO measures_points (name, nomenclature, kind, area_id, latitude, longitude)
    VALUES (${values.name}, ${`GEO-${values.name}`}, 'ambient_air', ${area}, ${values.latitude}::double precision, ${values.longitude}::double precision) RETURNING id`.execute(database.db)
  return rows[0].id
}

describe('lists of points, areas and water bodies for GIS', () => {
  it('answers every measuring point with coordinates as a Point in longitude, latitude order, its properties the JSON list record', async () => {
    const json = await allPages('/api/v1/measures-points/')
    const features = await geojsonOf('/api/v1/measures-points/?format=geojson&limit=5&offset=2')
    const expected = json.filter(located)
    expect(expected.length).toBeGreaterThan(10)
    expect(features.map((f) => f.id)).toEqual(expected.map((r) => r.id))
    expect(features.map((f) => f.properties)).toEqual(expected)
    // A demo point as the database holds it: x is the longitude (east), y the latitude (north).
    const demo = await database.db.selectFrom('measures_points').select(['id', 'latitude', 'longitude']).where('latitude', 'is not', null).orderBy('id').limit(1).executeTakeFirstOrThrow()
    expect(demo.latitude).not.toBe(demo.longitude)
    const feature = features.find((f) => f.id === demo.id)!
    expect(feature.geometry).toEqual({ type: 'Point', coordinates: [demo.longitude, demo.latitude] })
  })

  it('honours the list filters and its ordering', async () => {
    const area = (await database.db.selectFrom('measures_points').select('area_id').where('latitude', 'is not', null).orderBy('id').limit(1).executeTakeFirstOrThrow()).area_id!
    for (const query of [`area=${area}`, 'kind=surface_water', 'kind__in=soils,groundwater&ordering=-name', 'in_bbox=70,66,80,68', 'search=1']) {
      const json = (await allPages(`/api/v1/measures-points/?${query}`)).filter(located)
      const features = await geojsonOf(`/api/v1/measures-points/?${query}&format=geojson`)
      expect(features.map((f) => f.id), query).toEqual(json.map((r) => r.id))
    }
    const boxed = await geojsonOf('/api/v1/measures-points/?in_bbox=70,66,80,68&format=geojson')
    expect(boxed.length).toBeGreaterThan(0)
    for (const f of boxed) {
      const [lon, lat] = f.geometry.coordinates as [number, number]
      expect(lon >= 70 && lon <= 80 && lat >= 66 && lat <= 68, `${lon},${lat}`).toBe(true)
    }
  })

  it('leaves out points without coordinates or with coordinates off the globe, which the JSON list still shows', async () => {
    const kept = await newPoint({ name: 'geo-kept', latitude: 72.5, longitude: 80.25 })
    const missing = await newPoint({ name: 'geo-missing', latitude: null, longitude: 70 })
    const nan = await newPoint({ name: 'geo-nan', latitude: 'NaN', longitude: 70 })
    const infinite = await newPoint({ name: 'geo-infinite', latitude: 66, longitude: 'Infinity' })
    const beyond = await newPoint({ name: 'geo-beyond', latitude: 95, longitude: 70 })
    const json = await allPages('/api/v1/measures-points/?search=geo-&in_bbox=-180,-90,180,90')
    expect(json.map((r) => r.id)).toEqual([kept])
    const { rows } = await sql<{ id: number }>`SELECT id FROM measures_points WHERE name LIKE 'geo-%' ORDER BY id`.execute(database.db)
    expect(rows.map((r) => r.id)).toEqual([kept, missing, nan, infinite, beyond])
    const features = await geojsonOf('/api/v1/measures-points/?search=geo-&format=geojson')
    expect(features.map((f) => f.id)).toEqual([kept])
    expect(features[0].geometry.coordinates).toEqual([80.25, 72.5])
  })

  it('places an area, a water body and a water system by the coordinates of their measuring points', async () => {
    const { rows } = await sql<{ id: number; coordinates: Array<[number, number]> }>`
      SELECT a.id, json_agg(json_build_array(p.longitude, p.latitude) ORDER BY p.nomenclature, p.id) AS coordinates
      FROM areas a JOIN measures_points p ON p.area_id = a.id
      WHERE p.latitude BETWEEN -90 AND 90 AND p.longitude BETWEEN -180 AND 180 GROUP BY a.id`.execute(database.db)
    const placed = new Map(rows.map((r) => [r.id, r.coordinates]))
    const json = await allPages('/api/v1/areas/?kind=licence_area')
    const features = await geojsonOf('/api/v1/areas/?kind=licence_area&format=geojson')
    expect(features.length).toBeGreaterThan(0)
    expect(json.length).toBeGreaterThan(features.length - 1)
    expect(features.map((f) => f.id)).toEqual(json.filter((r) => placed.has(r.id)).map((r) => r.id))
    for (const f of features) {
      expect(f.geometry).toEqual({ type: 'MultiPoint', coordinates: placed.get(f.id) })
      expect(f.properties).toEqual(json.find((r) => r.id === f.id))
    }
    // An area without a single located point is not on the layer.
    const { rows: bare } = await sql<{ id: number }>`INSERT INTO areas (name, kind) VALUES ('Участок без пунктов', 'licence_area') RETURNING id`.execute(database.db)
    expect((await geojsonOf('/api/v1/areas/?format=geojson')).some((f) => f.id === bare[0].id)).toBe(false)

    for (const slug of ['water-resource', 'water-systems']) {
      const bodies = await geojsonOf(`/api/v1/${slug}/?format=geojson`)
      expect(bodies.length, slug).toBeGreaterThan(0)
      const list = await allPages(`/api/v1/${slug}/`)
      for (const f of bodies) {
        expect(f.geometry.type).toBe('MultiPoint')
        expect((f.geometry.coordinates as unknown[]).length).toBeGreaterThan(0)
        expect(f.properties).toEqual(list.find((r) => r.id === f.id))
      }
    }
  })

  it('refuses a hostile or unplaced request with a 400 naming the parameter, before writing anything', async () => {
    const cases: Array<[string, string]> = [
      ['/api/v1/measures-point-indications/?format=geojson', 'format'],
      ['/api/v1/companies/?format=geojson', 'format'],
      ['/api/v1/measures-points/?format=GEOJSON', 'format'],
      ['/api/v1/measures-points/?format=geojson&in_bbox=1e400,66,80,68', 'in_bbox'],
      ['/api/v1/measures-points/?format=geojson&in_bbox=70,66,80', 'in_bbox'],
      ['/api/v1/measures-points/?format=geojson&kind=__proto__', 'kind'],
      ['/api/v1/measures-points/?format=geojson&area=1e400', 'area'],
      ['/api/v1/measures-points/?format=geojson&ordering=latitude;DROP', 'ordering'],
      ['/api/v1/areas/?format=geojson&kind=%00', 'kind'],
    ]
    for (const [url, parameter] of cases) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().parameter, url).toBe(parameter)
    }
    // An unknown parameter (even __proto__) is ignored, as on every list.
    expect((await app.inject({ url: '/api/v1/measures-points/?format=geojson&__proto__=1&constructor=x' })).statusCode).toBe(200)
  })

  it('describes the format in the OpenAPI document only for the lists that have it', async () => {
    const res = await app.inject({ url: '/api/docs/json' })
    const document = res.json() as { paths: Record<string, { get: { parameters: Array<{ name: string; schema?: { enum?: string[]; anyOf?: Array<{ enum?: string[]; const?: string }> } }> } }> }
    await SwaggerParser.validate(structuredClone(document) as never)
    const formats = (p: string) => {
      const parameter = document.paths[p].get.parameters.find((x) => x.name === 'format')!
      return JSON.stringify(parameter.schema)
    }
    for (const p of ['/api/v1/measures-points/', '/api/v1/areas/', '/api/v1/water-resource/', '/api/v1/water-systems/']) expect(formats(p), p).toContain('geojson')
    for (const p of ['/api/v1/measures-point-indications/', '/api/v1/companies/', '/api/v1/greenhouse-gases/']) expect(formats(p), p).not.toContain('geojson')
  })

  it('keeps the public cache of the JSON list, never mixes the two answers, and shows a changed point at once', async () => {
    const id = await newPoint({ name: 'geo-cache', latitude: 67.5, longitude: 75.5 })
    // The insert's notification reaches the cache before the first request.
    await new Promise((r) => setTimeout(r, 300))
    const list = '/api/v1/measures-points/?search=geo-cache'
    const geo = `${list}&format=geojson`
    expect((await app.inject({ url: list })).headers['x-cache']).toBe('miss')
    expect((await app.inject({ url: list })).headers['x-cache']).toBe('hit')
    const first = await geojsonOf(geo)
    expect(first[0].geometry.coordinates).toEqual([75.5, 67.5])
    expect((await app.inject({ url: list })).headers['x-cache']).toBe('hit')
    await sql`UPDATE measures_points SET latitude = 68.25 WHERE id = ${id}`.execute(database.db)
    const until = Date.now() + 10_000
    while ((await app.inject({ url: list })).headers['x-cache'] === 'hit' && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
    expect(((await app.inject({ url: list })).json() as { results: Row[] }).results[0].latitude).toBe(68.25)
    expect((await geojsonOf(geo))[0].geometry.coordinates).toEqual([75.5, 68.25])
  })
})
