import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { describe, expect, it } from 'vitest'
import { PROJECTION_TABLES } from '../../domain/src/workflow/event-table.ts'
import { columnsOf, createReplayFold } from '../../domain/src/all-streams/replay/replay-fold.ts'
import { EVENT_DATA, EVERY_TYPE, storedEvent } from '../support/every-event.ts'
import { recordFileChecked } from '../../domain/src/use-cases/worker-commands.server.ts'
import { rebuildProjections, verifyProjections } from '../../domain/src/all-streams/replay/replay.server.ts'
import { type OwnConnection, withOwnConnection } from '../../platform/src/db/own-connection.server.ts'
import { APPEND_BARRIER, type LoggedEvent, readAllInPages, readLogByCopy } from '../../domain/src/event-store/event-store.server.ts'
import { loginAs } from '../../../test-support/login.ts'
import { replayCommand as runReplay } from '../support/replay-command.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const replayCommand = (...args: string[]) => runReplay(t.database.url, ...args)

// Its cases start `npm run replay` as a process of its own: seconds each on a busy machine.
describe('replay', { timeout: 120_000 }, () => {
  it('npm run replay -- --verify prints zero differences and an intact chain on the demo data', async () => {
    const { code, stdout } = await replayCommand('--verify')
    expect(code, stdout).toBe(0)
    expect(stdout).toMatch(/events per second: \d+/)
    expect(stdout).toMatch(/hash chain:\s+intact/)
    expect(stdout).toMatch(/differences:\s+0/)
  })

  it('finds a read model changed behind the log, and the replay puts it back', async () => {
    const report = await t.database.db.selectFrom('import_reports').select(['id', 'status']).where('status', '=', 'agreed').orderBy('id').executeTakeFirstOrThrow()
    await t.database.db.updateTable('import_reports').set({ status: 'rejected' }).where('id', '=', report.id).execute()
    const file = await t.database.db.selectFrom('import_files').select('id').orderBy('id').executeTakeFirstOrThrow()
    await t.database.db.updateTable('import_files').set({ description: 'подменено' }).where('id', '=', file.id).execute()

    const verified = await replayCommand('--verify')
    expect(verified.code).toBe(1)
    expect(verified.stdout).toMatch(/import_reports: 1 only in the live table, 1 only in the replay/)
    expect(verified.stdout).toMatch(/import_files: 1 only in the live table, 1 only in the replay/)

    const rebuilt = await rebuildProjections(t.database.db)
    expect(rebuilt.differences.map((d) => d.table).sort()).toEqual(['import_files', 'import_reports'])
    expect((await t.database.db.selectFrom('import_reports').select('status').where('id', '=', report.id).executeTakeFirstOrThrow()).status).toBe('agreed')
    const after = await verifyProjections(t.database.db)
    expect(after.differences).toEqual([])
  })

  it('replays a declined report that a corrected upload sent back to review, in its round', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const department = await loginAs(t.app, 'department')
    const year = new Date().getFullYear() + 1
    const responsible = await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year, ...RESPONSIBLE } })
    expect(responsible.statusCode, responsible.body).toBe(201)
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year, report_type: 'greenhouse_gases' } })
    const reportId = created.json().id as number
    const upload = async (name: string) => {
      const body = multipartWithFiles({ report: reportId, description: name, company_responsible: responsible.json().id }, [{ field: 'file', filename: name, content: 'a;b\r\n1;2\r\n' }])
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().id as number
    }
    await recordFileChecked(t.database.db, { fileId: await upload('Первый.csv'), ok: false, problems: [{ reason: 'несоответствие полей' }] })
    const declined = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: department.headers, payload: { status: 'rejected', comment: 'Исправьте' } })
    expect(declined.statusCode, declined.body).toBe(200)
    await upload('Исправленный.csv')
    const live = await t.database.db.selectFrom('import_reports').select(['status', 'round']).where('id', '=', reportId).executeTakeFirstOrThrow()
    expect(live).toEqual({ status: 'consideration', round: 2 })

    const verified = await replayCommand('--verify')
    expect(verified.code, verified.stdout).toBe(0)
    expect(verified.stdout).toMatch(/differences:\s+0/)
    // The round is part of what the replay compares and puts back.
    await t.database.db.updateTable('import_reports').set({ round: 1 }).where('id', '=', reportId).execute()
    expect((await verifyProjections(t.database.db)).differences.map((d) => d.table)).toEqual(['import_reports'])
    await rebuildProjections(t.database.db)
    expect(await t.database.db.selectFrom('import_reports').select(['status', 'round']).where('id', '=', reportId).executeTakeFirstOrThrow()).toEqual(live)
  })

  it('keeps the idempotency keys of uploads: verify finds no difference, and a retry after the replay registers once', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const year = new Date().getFullYear() + 1
    const responsible = await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year, ...RESPONSIBLE } })
    expect(responsible.statusCode, responsible.body).toBe(201)
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year, report_type: 'greenhouse_gases' } })
    const reportId = created.json().id as number
    // What a page upload without JavaScript sends: the key made when the page was rendered, with the file's number.
    const send = () => {
      const body = multipartWithFiles({ report: reportId, description: 'С ключом', company_responsible: responsible.json().id }, [{ field: 'file', filename: 'Ключ.csv', content: 'a;b\r\n1;2\r\n' }])
      return t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers, 'idempotency-key': 'page-render-key:0' }, payload: body.payload })
    }
    const first = await send()
    expect(first.statusCode, first.body).toBe(201)

    const verified = await replayCommand('--verify')
    expect(verified.code, verified.stdout).toBe(0)
    expect(verified.stdout).toMatch(/differences:\s+0/)
    const rebuilt = await rebuildProjections(t.database.db)
    expect(rebuilt.differences).toEqual([])

    const retry = await send()
    expect(retry.statusCode, retry.body).toBe(201)
    expect(retry.json().id).toBe(first.json().id)
    const files = await t.database.db.selectFrom('import_files').select('id').where('report_id', '=', reportId).execute()
    expect(files).toHaveLength(1)
  })
})

describe('the columns the replay writes', () => {
  it('writes every column of every read-model table it rebuilds, so a column added later and left out fails here', async () => {
    // Every event type, in both scopes of a responsible person and with a decision's file, folded as the replay does:
    // a table's rows carry the union of the columns its events write.
    const projection = createReplayFold()
    const decisionFile = { id: 'f-1', name: 'Заключение.pdf', size: 1, sha256: 'a'.repeat(64), contentType: 'application/pdf' }
    for (const data of [EVENT_DATA, { ...EVENT_DATA, scope: 'company', companyResponsibleId: 1, files: [decisionFile] }]) {
      for (const type of ['ReportCreated', 'FileUploaded', ...EVERY_TYPE]) projection.apply(storedEvent(type, data))
    }
    const written = (table: string) => columnsOf(projection.models[table as (typeof PROJECTION_TABLES)[number]].values())
    const unwritten = async (db: Kysely<Database> | Transaction<Database>) => {
      const { rows } = await sql<{ table_name: string; column_name: string }>`
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ANY(${[...PROJECTION_TABLES]})`.execute(db)
      return rows.filter((r) => !written(r.table_name).includes(r.column_name)).map((r) => `${r.table_name}.${r.column_name}`).sort()
    }
    // A column a migration adds and no event writes is found (added as the owner, then rolled back)...
    await t.database.ownerDb
      .transaction()
      .execute(async (trx) => {
        await sql`ALTER TABLE import_reports ADD COLUMN added_later text`.execute(trx)
        expect(await unwritten(trx)).toEqual(['import_reports.added_later'])
        throw new Error('roll back')
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'))
    // ...and the tables as they are have none.
    expect(await unwritten(t.database.db)).toEqual([])
  })
})

describe('a rebuild that fails', () => {
  it('a rebuild that fails midway, after it has begun to write the live tables, leaves every read model as it was', async () => {
    const report = await t.database.db.selectFrom('import_reports').select(['id', 'status']).where('status', '=', 'agreed').orderBy('id').executeTakeFirstOrThrow()
    const file = await t.database.db.selectFrom('import_files').select(['id', 'description']).orderBy('id').executeTakeFirstOrThrow()
    await t.database.db.updateTable('import_reports').set({ status: 'rejected' }).where('id', '=', report.id).execute()
    await t.database.db.updateTable('import_files').set({ description: 'подменено' }).where('id', '=', file.id).execute()
    const before = async () => ({
      reports: await t.database.db.selectFrom('import_reports').selectAll().orderBy('id').execute(),
      files: await t.database.db.selectFrom('import_files').selectAll().orderBy('id').execute(),
      history: await t.database.db.selectFrom('report_history').selectAll().orderBy('id').execute(),
    })
    const was = await before()
    // A trigger (which the scratch copies do not take) refuses the live import_files' upsert: import_reports, earlier
    // in the order, has been written by then.
    await sql`
      CREATE FUNCTION refuse_replay() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused midway'; END $$;
      CREATE TRIGGER refuse_replay BEFORE UPDATE ON import_files FOR EACH ROW EXECUTE FUNCTION refuse_replay();`.execute(t.database.ownerDb)
    try {
      await expect(rebuildProjections(t.database.db)).rejects.toThrow(/refused midway/)
    } finally {
      await sql`DROP TRIGGER refuse_replay ON import_files; DROP FUNCTION refuse_replay();`.execute(t.database.ownerDb)
    }
    expect(await before()).toEqual(was)
    expect((await verifyProjections(t.database.db)).differences.map((d) => d.table).sort()).toEqual(['import_files', 'import_reports'])
    await rebuildProjections(t.database.db)
    expect((await verifyProjections(t.database.db)).differences).toEqual([])
  })
})

describe('the rebuild on a connection of its own, written with COPY', () => {
  it('a rebuild writes again only the rows the live tables lack as they are', async () => {
    const file = await t.database.db.selectFrom('import_files').select(['id', 'description']).orderBy('id').executeTakeFirstOrThrow()
    await t.database.db.updateTable('import_files').set({ description: 'подменено' }).where('id', '=', file.id).execute()
    // xmin: the transaction that wrote a row's current version; a row written again gets the rebuild's.
    const versions = async () => new Map((await sql<{ id: number; xmin: string }>`SELECT id, xmin::text FROM import_files`.execute(t.database.db)).rows.map((r) => [r.id, r.xmin]))
    const before = await versions()
    const rebuilt = await rebuildProjections(t.database.db)
    expect(rebuilt.differences.map((d) => [d.table, d.onlyLive, d.onlyReplayed]), JSON.stringify(rebuilt.chain)).toEqual([['import_files', 1, 1]])
    const after = await versions()
    const rewritten = [...after].filter(([id, xmin]) => before.get(id) !== xmin).map(([id]) => id)
    expect(rewritten).toEqual([file.id])
    expect(after.size).toBeGreaterThan(1)
    expect((await t.database.db.selectFrom('import_files').select('description').where('id', '=', file.id).executeTakeFirstOrThrow()).description).toBe(file.description)
  })

  it('takes the append barrier exclusively on its own connection: it waits for an append in progress to end', async () => {
    const waiting = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = ${APPEND_BARRIER} AND NOT granted`.execute(t.database.ownerDb)).rows[0].n)
    let rebuilt = false
    let rebuild: Promise<unknown> = Promise.resolve()
    // An append in progress holds the barrier shared, on the portal's pool.
    await t.database.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock_shared(${APPEND_BARRIER})`.execute(trx)
      rebuild = rebuildProjections(t.database.db).then(() => void (rebuilt = true))
      while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(rebuilt).toBe(false)
    })
    await rebuild
    expect(rebuilt).toBe(true)
  })
})

/** The log as the rebuild reads it (decision 2810): every batch of the COPY reader, in order. */
async function readByCopy(own: OwnConnection): Promise<LoggedEvent[]> {
  const events: LoggedEvent[] = []
  for await (const batch of readLogByCopy(own.copyOut)) events.push(...batch)
  return events
}

/** As the database's owner, in a transaction rolled back: the log's triggers off, `change` may give its rows anything. */
async function readChangedLog(change: (trx: Transaction<Database>) => Promise<void>): Promise<{ objects: LoggedEvent[]; copied: LoggedEvent[] }> {
  return withOwnConnection(t.database.ownerDb, (own) =>
    own.db
      .transaction()
      .execute(async (trx) => {
        await sql`ALTER TABLE events DISABLE TRIGGER USER`.execute(trx)
        await change(trx)
        const objects = []
        for await (const event of readAllInPages(trx, 7)) objects.push(event)
        throw Object.assign(new Error('roll back'), { read: { objects, copied: await readByCopy(own) } })
      })
      .catch((error: Error & { read?: { objects: LoggedEvent[]; copied: LoggedEvent[] } }) => {
        expect(error.message).toBe('roll back')
        return error.read!
      }),
  )
}

const firstPositions = async (trx: Transaction<Database>, n: number) =>
  (await sql<{ position: string }>`SELECT position FROM events ORDER BY position LIMIT ${n}`.execute(trx)).rows.map((row) => row.position)

describe('the rebuild reads the log with one COPY and takes its text apart by hand (decisions 2762, 2810)', () => {
  it('reads the same events as the reader of objects, each at the same instant, with microseconds and before 1970', async () => {
    const times = ['2026-11-28 10:11:12.345678+03', '1969-12-31 23:59:59.999999+00', '1900-01-01 00:00:00.0005+00', '2025-03-01 23:05:06.1+00', '9999-12-31 23:59:59.999999+00']
    const read = await readChangedLog(async (trx) => {
      for (const [i, position] of (await firstPositions(trx, times.length)).entries()) {
        await sql`UPDATE events SET created_at = ${times[i]}::timestamptz WHERE position = ${position}`.execute(trx)
      }
    })
    expect(read.copied.length).toBeGreaterThan(times.length)
    expect(read.copied).toEqual(read.objects)
    // The same instants as node-postgres's own parse of the text, which keeps the millisecond below a time's microseconds.
    expect(read.copied.slice(0, times.length).map((e) => e.createdAt.toISOString())).toEqual([
      '2026-11-28T07:11:12.345Z',
      '1969-12-31T23:59:59.999Z',
      '1900-01-01T00:00:00.000Z',
      '2025-03-01T23:05:06.100Z',
      '9999-12-31T23:59:59.999Z',
    ])
  })

  it('reads back exactly what the log holds: tabs, line breaks, backslashes, escaped NULs, control characters, Russian, __proto__ keys', async () => {
    // JSON.parse, not an object literal: a literal's `__proto__` sets its prototype instead of making a key.
    const data = JSON.parse(
      '{"tab":"a\\tb","lines":"one\\ntwo\\r\\nthree","backslashes":"C:\\\\отчёты\\\\N\\\\t\\\\","escapedNul":"\\\\u0000 \\\\0 \\\\x00 \\\\N",' +
        '"controls":"\\u0001\\b\\f\\u000b\\u001f\\u007f","russian":"Отчёт о выбросах «Ямал» — ёлки","quote":"\\"","emoji":"🌲",' +
        '"__proto__":{"polluted":true},"nested":[{"\\t":"\\\\","\\\\N":null}],"long":"' + 'ё\\\\\\t'.repeat(40_000) + '"}',
    ) as Record<string, unknown>
    const metadata = { userId: 7, username: 'оператор\tвторой\\N', role: 'holder', requestId: 'req\n\\', clientAddress: null }
    const read = await readChangedLog(async (trx) => {
      const [a, b, c] = await firstPositions(trx, 3)
      await sql`UPDATE events SET data = ${JSON.stringify(data)}::jsonb, metadata = ${JSON.stringify(metadata)}::jsonb WHERE position = ${a}`.execute(trx)
      await sql`UPDATE events SET stream_id = ${'стрим\tс\\табом\r\n'}, type = ${'\\N'} WHERE position = ${b}`.execute(trx)
      await sql`UPDATE events SET stream_id = ${'\\.'}, data = ${'{"\\\\.": "\\\\."}'}::jsonb WHERE position = ${c}`.execute(trx)
    })
    expect(read.copied).toEqual(read.objects)
    const [a, b, c] = read.copied
    expect(a.data).toEqual(data)
    expect(a.metadata).toEqual(metadata)
    expect(Object.keys(a.data)).toContain('__proto__')
    expect(Object.getPrototypeOf(a.data)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect([b.streamId, b.type]).toEqual(['стрим\tс\\табом\r\n', '\\N'])
    expect([c.streamId, c.data]).toEqual(['\\.', { '\\.': '\\.' }])
  })

  it('a reader that stops after the first batch leaves the connection free for its transaction, the rest of the COPY dropped', async () => {
    const answer = await withOwnConnection(t.database.ownerDb, (own) =>
      own.db.transaction().execute(async (trx) => {
        await sql`ALTER TABLE events DISABLE TRIGGER USER`.execute(trx)
        // Many pieces: the stream is still sending when the reader stops.
        await sql`UPDATE events SET data = jsonb_build_object('long', repeat('ё', 100000)) WHERE position IN (SELECT position FROM events ORDER BY position LIMIT 20)`.execute(trx)
        const total = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(trx)).rows[0].n)
        let first = 0
        for await (const batch of readLogByCopy(own.copyOut)) {
          first = batch.length
          break
        }
        expect(first).toBeGreaterThan(0)
        expect(first).toBeLessThan(total)
        const after = (await sql<{ n: number }>`SELECT 1 AS n`.execute(trx)).rows[0].n
        await sql`ROLLBACK`.execute(trx)
        return after
      }),
    ).catch((error: Error) => error)
    expect(answer).toBe(1)
  })

  it('writes no statement to a live table that is already right, and still corrects the one that is not', async () => {
    // A statement trigger fires for every INSERT or DELETE, even one that changes no row.
    await sql`
      CREATE FUNCTION refuse_untouched() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'wrote % though it was right', TG_TABLE_NAME; END $$;
      CREATE TRIGGER refuse_untouched BEFORE INSERT OR DELETE ON report_history FOR EACH STATEMENT EXECUTE FUNCTION refuse_untouched();`.execute(t.database.ownerDb)
    try {
      const file = await t.database.db.selectFrom('import_files').select(['id', 'description']).orderBy('id').executeTakeFirstOrThrow()
      await t.database.db.updateTable('import_files').set({ description: 'подменено' }).where('id', '=', file.id).execute()
      const rebuilt = await rebuildProjections(t.database.db)
      expect(rebuilt.differences.map((d) => d.table)).toEqual(['import_files'])
      expect((await t.database.db.selectFrom('import_files').select('description').where('id', '=', file.id).executeTakeFirstOrThrow()).description).toBe(file.description)
      expect((await rebuildProjections(t.database.db)).differences).toEqual([])
    } finally {
      await sql`DROP TRIGGER refuse_untouched ON report_history; DROP FUNCTION refuse_untouched();`.execute(t.database.ownerDb)
    }
  })
})
