// /healthz, /readyz and /metrics of a web node, on the real database and queue.
import { Writable } from 'node:stream'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { buildApp } from '../../server/src/app.ts'
import { healthRoutes } from '../../server/src/observability/health-routes.server.ts'
import { loadConfig } from '../../server/src/config.ts'
import { createKysely } from '../../platform/src/db/connect.server.ts'
import { createLogger } from '../../platform/src/logs/logger.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { reportTemplateFiles } from '../../../test-support/system.ts'

const METRICS_TOKEN = 'metrics-token-0123456789abcdef'
const t = useTestApp({ METRICS_TOKEN })

describe('a web node says how it is', () => {
  it('answers /healthz while it runs', async () => {
    const res = await t.app.inject({ url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok', role: 'web' })
  })

  it('is ready when the database and the queue answer and every migration is applied', async () => {
    const res = await t.app.inject({ url: '/readyz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ready', database: 'ok', queue: 'ok', migrations: 'current' })
  })

  it('is not ready while a migration it knows is not applied, and names it', async () => {
    const [last] = (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(t.database.db)).rows
    // Only the owner may touch the migrations' table (the portal's role reads it).
    await sql`DELETE FROM kysely_migration WHERE name = ${last.name}`.execute(t.database.ownerDb)
    try {
      const res = await t.app.inject({ url: '/readyz' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ migrations: 'pending' })
      expect(res.json().reason).toContain(last.name)
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${last.name}, now())`.execute(t.database.ownerDb)
    }
  })

  it('answers /readyz 503 when its database is unreachable and says why in one log line', async () => {
    let logged = ''
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged += chunk.toString()
        done()
      },
    })
    const deadDb = createKysely('postgres://nobody@127.0.0.1:1/none')
    const app = await buildApp({ db: deadDb, config: loadConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }), queue: t.queue, templates: reportTemplateFiles, logger: createLogger('info', sink) })
    try {
      const first = await app.inject({ url: '/readyz' })
      const second = await app.inject({ url: '/readyz' })
      expect(first.statusCode).toBe(503)
      expect(second.statusCode).toBe(503)
      expect(first.json()).toMatchObject({ status: 'not ready', database: 'unreachable' })
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
      const lines = logged.split('\n').filter((l) => l.includes('not ready'))
      expect(lines).toHaveLength(1)
      expect(JSON.parse(lines[0]).msg).toMatch(/^not ready: database unreachable: /)
    } finally {
      await app.close()
      await deadDb.destroy()
    }
  })

  it('gives every request an id unique across nodes, or keeps the one the load balancer sent', async () => {
    const a = await t.app.inject({ url: '/healthz' })
    const b = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-given-id' } })
    const c = await t.app.inject({ url: '/healthz' })
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(c.headers['x-request-id']).not.toBe(a.headers['x-request-id'])
    expect(b.headers['x-request-id']).toBe('lb-given-id')
  })
})

describe('who may read the metrics of a web node', () => {
  it('answers /metrics only with METRICS_TOKEN as a bearer token, whatever the spelling of the path', async () => {
    for (const url of ['/metrics', '/metrics/', '/METRICS', '/%6detrics', '//metrics', '/metrics?x=1']) {
      for (const authorization of [undefined, 'Bearer ', 'Bearer wrong-token-0123456789abcdef', METRICS_TOKEN, `Basic ${METRICS_TOKEN}`]) {
        const res = await t.app.inject({ url, headers: authorization === undefined ? {} : { authorization } })
        expect(res.statusCode, `${url} ${authorization}`).not.toBe(200)
        expect(res.body, `${url} ${authorization}`).not.toContain('portal_')
      }
    }
  })

  it('serves no /metrics on the web port without METRICS_TOKEN', async () => {
    const open = await buildApp({ db: t.database.db, config: loadConfig({ DATABASE_URL: t.database.url }), queue: t.queue, templates: reportTemplateFiles })
    try {
      const res = await open.inject({ url: '/metrics' })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('portal_')
    } finally {
      await open.close()
    }
  })
})

describe('metrics of a web node', () => {
  beforeAll(async () => {
    await t.app.inject({ url: '/api/v1/companies/' })
  })

  it('count requests and their time by route pattern, and show the queue and the process', async () => {
    await t.app.inject({ url: '/api/v1/companies/999999/' })
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const body = res.body
    expect(body).toMatch(/portal_http_requests_total\{method="GET",route="\/api\/v1\/companies\/",status="200"\} \d+/)
    expect(body).toMatch(/portal_http_requests_total\{method="GET",route="\/api\/v1\/companies\/:id\/",status="404"\} \d+/)
    expect(body).toMatch(/portal_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/v1\/companies\/"\}/)
    expect(body).toMatch(/portal_queue_jobs\{kind="file-check",state="waiting"\} \d+/)
    expect(body).toContain('portal_events_appended_total')
    expect(body).toContain('portal_file_check_rows_total')
    expect(body).toContain('portal_job_duration_seconds')
    expect(body).toContain('portal_process_resident_memory_bytes')
  })
})

describe('health within a second whatever the queue does', () => {
  it('answers /readyz 503 within a second while the queue hangs, and /healthz 200 at once', async () => {
    // Redis down: BullMQ's commands wait for ever (maxRetriesPerRequest: null); the probe must not.
    const hanging = { ...t.queue, engine: 'bullmq' as const, ping: () => new Promise<void>(() => {}), depth: () => new Promise<never>(() => {}) }
    const app = Fastify()
    await healthRoutes(app, { db: t.database.db, queue: hanging, role: 'worker' })
    try {
      const started = Date.now()
      const res = await app.inject({ url: '/readyz' })
      // Each check gives up after 800 ms; the margin is for a loaded machine's timers, not for a slower probe.
      expect(Date.now() - started).toBeLessThan(1500)
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ status: 'not ready', role: 'worker', queue: 'unreachable', database: 'ok' })
      const alive = Date.now()
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
      expect(Date.now() - alive).toBeLessThan(500)
    } finally {
      await app.close()
    }
  })

  it('says a worker node still opening its queue is not ready, before the queue is asked', async () => {
    const app = Fastify()
    await healthRoutes(app, { db: t.database.db, queue: t.queue, role: 'worker', starting: () => 'queue (bullmq) unreachable: the queue is not open yet' })
    try {
      const res = await app.inject({ url: '/readyz' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ status: 'not ready', queue: 'unreachable', reason: 'queue (bullmq) unreachable: the queue is not open yet' })
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('fails /healthz while the process says it is failing (its embedded database gone past the grace)', async () => {
    const app = Fastify()
    await healthRoutes(app, { db: t.database.db, queue: t.queue, role: 'web', failing: () => 'the embedded PostgreSQL this portal keeps has been gone for 31 s' })
    try {
      const res = await app.inject({ url: '/healthz' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ status: 'failing', reason: expect.stringContaining('gone for 31 s') })
    } finally {
      await app.close()
    }
  })
})
