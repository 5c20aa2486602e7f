// A database that does not answer, or drops a connection under a request, is answered 503 with Retry-After, never
// 500: a client can tell "try again" from a bug. Logged at error level once, without a stack.
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createKysely } from '../../src/db/connect.server.ts'
import { createLogger } from '../../src/logger.ts'
import { NO_QUEUE } from '../../src/ports/job-queue.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { reportTemplateFiles } from '../../../test-support/system.ts'
import { anonymousCsrf, multipartBody } from '../../../test-support/login.ts'

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

describe('answers while the database is away', () => {
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

  it('answers 503 when the connection of a running request is terminated', async () => {
    const owner = new pg.Client({ connectionString: t.database.ownerUrl })
    await owner.connect()
    try {
      // The request waits for a lock the owner holds, and its backend is terminated as pg_terminate_backend would.
      await owner.query('BEGIN')
      await owner.query('LOCK TABLE companies IN ACCESS EXCLUSIVE MODE')
      const answer = t.app.inject({ url: '/api/v1/companies/?limit=1' })
      let waiting = 0
      for (let i = 0; i < 100 && waiting === 0; i++) {
        await new Promise((r) => setTimeout(r, 50))
        waiting = (await owner.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`)).rows[0].n
      }
      expect(waiting, JSON.stringify((await owner.query(`SELECT usename, state, wait_event_type, query FROM pg_stat_activity WHERE datname = current_database()`)).rows)).toBeGreaterThan(0)
      await owner.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`)
      const res = await answer
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toMatch(/^\d+$/)
    } finally {
      await owner.query('ROLLBACK').catch(() => {})
      await owner.end()
    }
    // The portal serves again once the pool has replaced the dropped connection (the pool may hand the dead one to
    // one more request before its error is seen: a retry of safe requests is still to come, issue 35).
    const again: number[] = []
    for (let i = 0; i < 3 && again.at(-1) !== 200; i++) again.push((await t.app.inject({ url: '/api/v1/companies/?limit=1' })).statusCode)
    expect(again.at(-1), again.join()).toBe(200)
    expect(again.filter((s) => s !== 200 && s !== 503)).toEqual([])
  })
})
