// A database that does not answer, or drops a connection under a request, is answered 503 with Retry-After, never
// 500: a client can tell "try again" from a bug. Logged at error level once, without a stack.
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/src/app.ts'
import { loadConfig } from '../../server/src/config.ts'
import { createKysely } from '../../platform/src/db/connect.server.ts'
import { createLogger } from '../../platform/src/logs/logger.ts'
import { NO_QUEUE } from '../../domain/src/ports/job-queue.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { reportTemplateFiles } from '../../../test-support/system.ts'
import { anonymousCsrf, multipartBody, postLogin } from '../../../test-support/login.ts'

const t = useTestApp()
const DEAD = 'postgres://nobody@127.0.0.1:1/none'
let logged = ''
const sink = new Writable({
  write(chunk, _encoding, done) {
    logged += chunk.toString()
    done()
  },
})
let away: FastifyInstance
const deadDb = createKysely(DEAD)

beforeAll(async () => {
  away = await buildApp({ db: deadDb, config: loadConfig({ DATABASE_URL: DEAD }), queue: NO_QUEUE, templates: reportTemplateFiles, logger: createLogger('info', sink) })
  await away.ready()
})
afterAll(async () => {
  await away?.close()
  await deadDb.destroy()
})

describe('answers while the database is away', { timeout: 180_000 }, () => {
  it('answers login, a file, the review list, decisions and responsible persons 503 with Retry-After, never 500', async () => {
    const session = { cookie: 'sessionid=0123456789abcdef0123456789abcdef', 'x-csrftoken': 'x' }
    const login = multipartBody({ username: 'holder1', password: 'holder1' })
    const csrf = await anonymousCsrf(away)
    const asked = [
      await away.inject({ method: 'POST', url: '/auth/login/', headers: { ...login.headers, cookie: csrf.cookie, 'x-csrftoken': csrf.token }, payload: login.payload }),
      await away.inject({ url: '/api/v1/import-files/1/', headers: session }),
      await away.inject({ url: '/api/v1/import-reports/?year=2026&area_name=x', headers: session }),
      await away.inject({ method: 'POST', url: '/api/v1/import-reports/1/agree/', headers: session, payload: {} }),
      await away.inject({ url: '/api/v1/ecomon-responsibles/', headers: session }),
      await away.inject({ url: '/api/v1/companies/' }),
    ]
    for (const res of asked) {
      expect(res.statusCode, `${res.body}`).toBe(503)
      expect(String(res.headers['retry-after']), `${JSON.stringify(res.headers)} ${res.body}`).toMatch(/^\d+$/)
      expect(res.json().detail).toContain('Повторите запрос позже')
    }
    const lines = logged.split('\n').filter((l) => l.includes('"level":50'))
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) {
      expect(line).toContain('unreachable')
      expect(line.includes('"stack"') ? JSON.parse(line).msg : 'none').toBe('none')
    }
  })

  /**
   * Runs `ask` while the owner holds an exclusive lock on `table`, terminates the backend that waits for it (as
   * pg_terminate_backend would), then lets the lock go, and answers what `ask` answered.
   */
  async function terminatedWhileWaiting(table: string, ask: () => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>) {
    const owner = new pg.Client({ connectionString: t.database.ownerUrl })
    await owner.connect()
    try {
      await owner.query('BEGIN')
      await owner.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`)
      const answer = ask()
      let settled: string | null = null
      answer.then((res) => (settled = `${res.statusCode} ${res.body}`), (error: unknown) => (settled = String(error)))
      const waitingQuery = `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`
      let waiting: number[] = []
      // Up to a minute: on a machine shared by several test runs the request may take seconds to reach its statement.
      const until = Date.now() + 60_000
      while (waiting.length === 0 && settled === null && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50))
        waiting = (await owner.query<{ pid: number }>(waitingQuery)).rows.map((r) => r.pid)
      }
      expect(settled, 'the request was answered without waiting for the lock').toBeNull()
      expect(waiting.length, JSON.stringify((await owner.query(`SELECT usename, state, wait_event_type, query FROM pg_stat_activity WHERE datname = current_database()`)).rows)).toBeGreaterThan(0)
      await owner.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [waiting])
      // The lock goes once the backend is gone, so a request asked again on a fresh connection is not held by it.
      for (let i = 0; i < 200 && (await owner.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1::int[])', [waiting])).rows[0].n > 0; i++) {
        await new Promise((r) => setTimeout(r, 50))
      }
      await owner.query('ROLLBACK')
      return await answer
    } finally {
      await owner.query('ROLLBACK').catch(() => {})
      await owner.end()
    }
  }

  it('asks a read of a safe request again once on a fresh connection when its connection is terminated, and answers 200', async () => {
    const res = await terminatedWhileWaiting('companies', () => t.app.inject({ url: '/api/v1/companies/?limit=1&offset=1' }))
    expect(res.statusCode, res.body).toBe(200)
    expect(JSON.parse(res.body).count).toBeGreaterThan(0)
    // The dropped connection is never handed to the next request: it answers 200 at once.
    expect((await t.app.inject({ url: '/api/v1/companies/?limit=1&offset=2' })).statusCode).toBe(200)
  })

  it('never asks an unsafe request again: a login whose connection is terminated answers 503 with Retry-After, and the next request 200', async () => {
    // The login's first statement writes its attempt to login_throttle: the lock holds it there.
    const res = await terminatedWhileWaiting('login_throttle', () => postLogin(t.app, { username: 'holder1', password: 'holder1' }))
    expect(res.statusCode, res.body).toBe(503)
    expect(String(res.headers['retry-after'])).toMatch(/^\d+$/)
    expect((await t.app.inject({ url: '/api/v1/companies/?limit=1&offset=3' })).statusCode).toBe(200)
  })
})
