// The public cache: anonymous answers kept with an ETag, never a logged-in user's, and dropped on every instance
// when a change of public data commits (NOTIFY public_changed, sent by the tables' triggers).
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRIVATE_TABLES } from '@portal/migrations/migrations/2026-11-23-1701-public-change-notify.ts'
import { WORKFLOW_READ_MODELS } from '@portal/migrations/migrations/2026-11-23-2020-workflow-tables-tell-no-cache.ts'
import type { JobQueue } from '../domain/src/ports/job-queue.ts'
import { buildApp } from '../server/src/app.ts'
import { loadConfig } from '../server/src/config.ts'
import { PUBLIC_CHANGED_CHANNEL, PublicCache } from '../server/src/http/public-cache.server.ts'
import type { CurrentUser } from '../domain/src/auth/permissions.ts'
import type { CommandContext } from '../domain/src/workflow/command-context.server.ts'
import { uploadFile } from '../domain/src/workflow/files/file-commands.server.ts'
import { recordFileChecked } from '../domain/src/use-cases/worker-commands.server.ts'
import { decideOnReport } from '../domain/src/workflow/reports/report-commands.server.ts'
import { createResponsible } from '../domain/src/workflow/responsibles/responsible-commands.server.ts'
import { storeFile } from '../domain/src/workflow/storage/file-storage.server.ts'
import { loginAs } from '../../test-support/login.ts'
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts'
import { createQueue, reportTemplateFiles } from '../../test-support/system.ts'
import { writeNotices } from '../domain/src/notifications/notice-writer.server.ts'
import { accepted } from '../domain/src/workflow/refusal.ts'

let database: TestDatabase
let queue: JobQueue
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cache-test-'))
/** Two instances of the portal on one database, as two web processes or two machines. */
const nodes: Array<{ app: FastifyInstance; cache: PublicCache }> = []

beforeAll(async () => {
  database = await createTestDatabase()
  queue = await createQueue({ url: database.url, supervise: false })
  const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: dataDir })
  for (let i = 0; i < 2; i++) {
    const cache = new PublicCache()
    const app = await buildApp({ db: database.db, config, queue, templates: reportTemplateFiles, publicCache: { databaseUrl: database.url, cache } })
    await app.ready()
    nodes.push({ app, cache })
  }
  // Both listen before the tests write.
  await waitFor(() => nodes.every((n) => n.cache.enabled))
})

afterAll(async () => {
  for (const { app } of nodes) await app.close()
  await queue?.stop()
  await database?.destroy()
  rmSync(dataDir, { recursive: true, force: true })
})

async function waitFor(condition: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('the condition did not hold in time')
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function firstAreaId(): Promise<number> {
  const row = await database.db.selectFrom('areas').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
  return row.id
}

describe('the public cache', () => {
  it('answers a repeated anonymous request from memory, and 304 to a client that holds the same version', async () => {
    const { app } = nodes[0]
    const url = `/api/v1/areas/${await firstAreaId()}/`
    const first = await app.inject({ url })
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-cache']).toBe('miss')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/".+"$/)

    const second = await app.inject({ url })
    expect(second.headers['x-cache']).toBe('hit')
    expect(second.body).toBe(first.body)
    expect(second.headers['content-type']).toContain('application/json')
    expect(second.headers['content-security-policy']).toBeTruthy()

    const conditional = await app.inject({ url, headers: { 'if-none-match': etag } })
    expect(conditional.statusCode).toBe(304)
    expect(conditional.body).toBe('')
    const stale = await app.inject({ url, headers: { 'if-none-match': 'W/"another-version"' } })
    expect(stale.statusCode).toBe(200)
  })

  it('never keeps or serves what a logged-in user is answered', async () => {
    const { app } = nodes[0]
    const url = '/api/v1/companies/?limit=5'
    await app.inject({ url })
    const { headers } = await loginAs(app, 'department')
    const res = await app.inject({ url, headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-cache']).toBeUndefined()
  })

  it('keeps no error answer', async () => {
    const { app } = nodes[0]
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ url: '/api/v1/areas/2147483647/' })
      expect(res.statusCode).toBe(404)
      expect(res.headers['x-cache']).toBeUndefined()
    }
  })

  it('drops the entries of every instance when a catalogue change commits, and each serves the new data', async () => {
    const id = await firstAreaId()
    const url = `/api/v1/areas/${id}/`
    for (const { app } of nodes) {
      await app.inject({ url })
      expect((await app.inject({ url })).headers['x-cache']).toBe('hit')
    }
    const renamed = `Участок после правки ${Date.now()}`
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('areas').set({ name: renamed }).where('id', '=', id).execute()
      // Not yet committed: the other instances still answer what was committed.
      expect(JSON.parse((await nodes[1].app.inject({ url })).body).name).not.toBe(renamed)
    })
    for (const node of nodes) {
      await waitFor(async () => JSON.parse((await node.app.inject({ url })).body).name === renamed)
      expect((await node.app.inject({ url })).headers['x-cache']).toBe('hit')
    }
  })

  it('is told of a publication as of any other change of public rows', async () => {
    const { app, cache } = nodes[1]
    await app.inject({ url: '/api/v1/measures-point-indications/?limit=1' })
    expect(cache.size).toBeGreaterThan(0)
    const before = cache.generation
    // As the owner: the portal's role only adds published readings (decision 3310).
    await sql`UPDATE measures_point_indications SET value = value WHERE id = (SELECT min(id) FROM measures_point_indications)`.execute(database.ownerDb)
    await waitFor(() => cache.generation > before)
    expect(cache.size).toBe(0)
  })

  // Tables created after migration 1701 that the public never sees (a user's notifications, the mail outbox, the
  // event log's identity, the e-mail confirmations' token hashes), and the workflow's read models, which only logged-in users read (migration 2020).
  // report_publications: a workflow read model (what of an agreed report is public), shown only to signed-in users;
  // published_row_ids: the ids withdrawn rows had, which no page shows; report_due_dates: shown only on the boards;
  // due_notices: which reminders were sent; signed_checkpoints: public, but the transparency door keeps its answers out
  // of the cache (they change with every checkpoint, decision 3710); report_messages: a report's conversation, which the
  // public never sees (decision 3711); report_round_readings: a declined round's sums, read only by the report's
  // company and the Department (decision 3714).
  const LATER_PRIVATE_TABLES = ['notifications', 'mail_outbox', 'email_confirmations', 'login_throttle', 'event_log_identity', 'report_publications', 'published_row_ids', 'report_due_dates', 'due_notices', 'signed_checkpoints', 'report_messages', 'report_round_readings', ...WORKFLOW_READ_MODELS]

  it('has every table the public sees send the change notification', async () => {
    const { rows } = await sql<{ table: string }>`
      SELECT t.tablename AS table FROM pg_tables t
      WHERE t.schemaname = 'public' AND NOT (t.tablename = ANY(${[...PRIVATE_TABLES, ...LATER_PRIVATE_TABLES]}))
        AND NOT EXISTS (
          SELECT 1 FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
          WHERE c.relname = t.tablename AND g.tgname = 'public_changed')`.execute(database.db)
    expect(rows.map((r) => r.table)).toEqual([])
  })
})

describe('the public cache key', () => {
  it('holds only the query parameters a route declares, sorted: unknown ones make no new entry and no fresh answer', async () => {
    const { app, cache } = nodes[0]
    const first = await app.inject({ url: '/api/v1/companies/?limit=5&offset=0' })
    expect(first.statusCode).toBe(200)
    const size = cache.size
    for (let i = 0; i < 20; i++) {
      const res = await app.inject({ url: `/api/v1/companies/?bust=${i}&limit=5&offset=0&_=${randomUUID()}` })
      expect([res.statusCode, res.headers['x-cache']]).toEqual([200, 'hit'])
    }
    // The same declared parameters in another order, or repeated unknown ones with odd names, are the same entry.
    for (const url of ['/api/v1/companies/?offset=0&limit=5', '/api/v1/companies/?offset=0&__proto__=1&limit=5&constructor=x', '/api/v1/companies/?limit=5&offset=0&bust&bust=2']) {
      const res = await app.inject({ url })
      expect([url, res.statusCode, res.headers['x-cache'], res.body]).toEqual([url, 200, 'hit', first.body])
    }
    expect(cache.size).toBe(size)
    // A declared parameter with another value is another answer.
    const other = await app.inject({ url: '/api/v1/companies/?limit=4&offset=0&bust=1' })
    expect([other.statusCode, other.headers['x-cache']]).toEqual([200, 'miss'])
    expect(cache.size).toBe(size + 1)
  })

  it('reads a declared number and a path id however they are spelt, as the route reads them: one entry, no fresh answer', async () => {
    const { app, cache } = nodes[0]
    const first = await app.inject({ url: '/api/v1/companies/?limit=3&offset=1' })
    expect([first.statusCode, first.headers['x-cache']]).toEqual([200, 'miss'])
    const id = (first.json() as { results: Array<{ id: number }> }).results[0].id
    const detail = await app.inject({ url: `/api/v1/companies/${id}/` })
    expect(detail.statusCode).toBe(200)
    const size = cache.size
    for (const url of ['/api/v1/companies/?limit=03&offset=1', '/api/v1/companies/?limit=3&offset=001', '/api/v1/companies/?limit=3.0&offset=+1', '/api/v1/companies/?offset=1e0&limit=%2B3']) {
      const res = await app.inject({ url })
      expect([url, res.statusCode, res.headers['x-cache'], res.body]).toEqual([url, 200, 'hit', first.body])
    }
    for (const url of [`/api/v1/companies/0${id}/`, `/api/v1/companies/000${id}/`, `/api/v1/companies/${id}.0/`]) {
      const res = await app.inject({ url })
      expect([url, res.statusCode, res.headers['x-cache'], res.body]).toEqual([url, 200, 'hit', detail.body])
    }
    expect(cache.size).toBe(size)
  })

  it('links a stored page to its neighbours with the declared parameters only: nobody\'s ?bust=… reaches everybody', async () => {
    const { app } = nodes[0]
    const res = await app.inject({ url: '/api/v1/companies/?bust=evil&limit=2&offset=2&utm_source=%3Cx%3E' })
    expect([res.statusCode, res.headers['x-cache']]).toEqual([200, 'miss'])
    const page = res.json() as { next: string; previous: string }
    expect([page.next.replace(/^.*\?/, ''), page.previous.replace(/^.*\?/, '')]).toEqual(['limit=2&offset=4', 'limit=2&offset=0'])
  })
})

describe('the cache store', () => {
  const answer = (text: string) => ({ status: 200, headers: {}, body: Buffer.from(text), etag: text })

  it('does not store an answer computed before an invalidation', () => {
    const cache = new PublicCache()
    const generation = cache.generation
    cache.invalidate()
    cache.set('/a', answer('old'), generation)
    expect(cache.get('/a')).toBeUndefined()
  })

  it('keeps and serves nothing while it is not listening for changes', () => {
    const cache = new PublicCache()
    cache.enabled = false
    cache.set('/a', answer('x'), cache.generation)
    expect(cache.get('/a')).toBeUndefined()
  })

  it('lets one of several concurrent misses of an address compute it, the others get its answer', async () => {
    const cache = new PublicCache()
    const first = await cache.claim('/a')
    expect('done' in first).toBe(true)
    const second = cache.claim('/a')
    cache.set('/a', answer('computed once'), cache.generation)
    if ('done' in first) first.done()
    const got = await second
    expect('answer' in got && got.answer.etag).toBe('computed once')
  })

  it('drops the least recently used entries beyond its size', () => {
    const cache = new PublicCache(2)
    cache.set('/a', answer('a'), 0)
    cache.set('/b', answer('b'), 0)
    cache.get('/a')
    cache.set('/c', answer('c'), 0)
    expect(cache.get('/b')).toBeUndefined()
    expect(cache.get('/a')?.etag).toBe('a')
    expect(cache.get('/c')?.etag).toBe('c')
  })
})

describe('what tells the caches', () => {
  const holderOf = (companyId: number): CurrentUser => ({ id: 0, username: `cache-holder-${companyId}`, groups: ['Недропользователь'], companyId })
  const department: CurrentUser = { id: 0, username: 'cache-department', groups: ['Департамент'], companyId: null }
  const as = (actor: CurrentUser): CommandContext => ({ db: database.db, queue, storageDir: dataDir, actor, requestId: 'cache-test', clientAddress: null, now: new Date(), notices: writeNotices })

  /** The notifications on public_changed sent by `work`: a marker NOTIFY after it closes the window (delivery is in commit order). */
  async function notificationsDuring(work: () => Promise<void>): Promise<string[]> {
    const listener = new pg.Client({ connectionString: database.url })
    await listener.connect()
    const heard: string[] = []
    listener.on('notification', (message) => heard.push(message.payload ?? ''))
    try {
      await listener.query(`LISTEN ${PUBLIC_CHANGED_CHANNEL}`)
      await work()
      await sql`SELECT pg_notify(${PUBLIC_CHANGED_CHANNEL}, 'marker')`.execute(database.db)
      await waitFor(() => heard.includes('marker'))
      return heard.filter((payload) => payload !== 'marker')
    } finally {
      await listener.end()
    }
  }

  it('is not told of workflow commands, whose tables no anonymous answer reads', async () => {
    const area = await database.db
      .selectFrom('areas')
      .select(['id', 'company_id'])
      .where('kind', '=', 'licence_area')
      .where('company_id', 'is not', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('import_reports').select('id').whereRef('import_reports.area_id', '=', 'areas.id'))))
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const holder = holderOf(area.company_id!)
    const heard = await notificationsDuring(async () => {
      accepted(await createResponsible(as(holder), {
        scope: 'area',
        targetId: area.id,
        year: 2025,
        details: { fullname: 'Проверка кэша', position: 'Инженер-эколог', email: 'cache@example.ru', phone: '+7 (3492) 00-00-00', labsName: null, labsContacts: null },
      }))
      const program = await database.db.selectFrom('import_reports').select('id').where('area_id', '=', area.id).where('report_type', '=', 'program').executeTakeFirstOrThrow()
      const storageKey = randomUUID()
      const { size, sha256 } = await storeFile(dataDir, storageKey, Buffer.from('%PDF-1.4\n% программа\n%%EOF\n'))
      const { fileId } = accepted(await uploadFile(as(holder), {
        reportId: program.id,
        description: 'Программа',
        ecomonResponsibleId: null,
        companyResponsibleId: null,
        // A programme is a document: its section takes PDF, DOC, DOCX, XLS, XLSX or ZIP.
        upload: { storageKey, name: 'Программа.pdf', size, sha256, contentType: 'application/pdf' },
      }))
      await recordFileChecked(database.db, { fileId, ok: true, problems: [] })
      accepted(await decideOnReport(as(department), program.id, { decision: 'agree', comment: 'Согласовано', files: [] }))
      accepted(await decideOnReport(as(department), program.id, { decision: 'cancel', comment: 'Отмена', files: [] }))
    })
    expect(heard).toEqual([])
  })

  it('answers the companies by report status afresh every time, as the workflow changes them untold', async () => {
    const { app } = nodes[0]
    // The filter is the Department's (issue 22 item 11): its refusal to the public is not kept either.
    const department = await loginAs(app, 'department')
    for (const status of ['consideration', 'agreed', 'rejected']) {
      const url = `/api/v1/companies/?report_status=${status}`
      for (let i = 0; i < 2; i++) {
        const res = await app.inject({ url, headers: department.headers })
        expect(res.statusCode).toBe(200)
        expect(res.headers['x-cache']).toBeUndefined()
        const refused = await app.inject({ url })
        expect(refused.statusCode).toBe(403)
        expect(refused.headers['x-cache']).toBeUndefined()
      }
    }
    // Any other list of companies is kept.
    await app.inject({ url: '/api/v1/companies/?limit=3' })
    expect((await app.inject({ url: '/api/v1/companies/?limit=3' })).headers['x-cache']).toBe('hit')
  })
})
