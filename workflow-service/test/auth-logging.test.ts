import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobQueue } from '../domain/src/ports/job-queue.ts'
import { buildApp } from '../server/src/app.ts'
import { loadConfig } from '../server/src/config.ts'
import { createLogger } from '../platform/src/logs/logger.ts'
import { loginAs, postLogin, setCookies } from '../../test-support/login.ts'
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts'
import { createQueue, reportTemplateFiles } from '../../test-support/system.ts'

let app: FastifyInstance
let database: TestDatabase
let queue: JobQueue
let logged = ''

beforeAll(async () => {
  database = await createTestDatabase()
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString()
      done()
    },
  })
  // The real logger of the server at its most talkative level.
  const logger = createLogger('trace', sink)
  queue = await createQueue({ url: database.url, supervise: false })
  app = await buildApp({ db: database.db, config: loadConfig({ DATABASE_URL: database.url }), queue, templates: reportTemplateFiles, logger })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await queue?.stop()
  await database?.destroy()
})

describe('logs', () => {
  it('never hold a password, a session token or a CSRF token', async () => {
    const password = 'department'
    const wrong = 'Secret-Wrong-Password-42'
    const login = await postLogin(app, { username: 'department', password })
    const session = setCookies(login).sessionid
    await postLogin(app, { username: 'department', password: wrong })
    const { headers } = await loginAs(app, 'admin')
    await app.inject({ url: '/api/v1/initialization/', headers })
    await app.inject({ method: 'POST', url: '/api/v1/users/', headers, payload: { username: 'logged-user', password: 'Another-Secret-77', groups: ['Администрация'] } })
    await app.inject({ method: 'PATCH', url: '/api/v1/users/1/', headers: { cookie: headers.cookie, 'x-csrftoken': 'forged' }, payload: {} })
    await app.inject({ method: 'POST', url: '/auth/logout/', headers })

    expect(logged).toContain('logged in')
    expect(logged).toContain('login refused')
    for (const secret of [wrong, 'Another-Secret-77', session, headers.cookie.replace('sessionid=', ''), headers['x-csrftoken']]) {
      expect(logged.includes(secret), 'a secret reached the log').toBe(false)
    }
    expect(logged).not.toMatch(/"password"\s*:\s*"(?!\[скрыто\])/)
  })
})
