// Every statement the portal's own database role can run against the event log, its checkpoints and its identity,
// tried: the database refuses it, or what it writes is a row of the chain that verify reports. docs/security.md
// lists them with what each gets. Also: a row outside the chain (a position the database never issues), which only
// the owner can still write, is read and reported by verify, the checkpoints and the replay.
import { type RawBuilder, sql, type Transaction } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '@portal/migrations/database.ts'
import { writeCheckpoint } from '../../domain/src/event-store/checkpoints.server.ts'
import { GENESIS_HASH } from '../../domain/src/event-store/event-hash.ts'
import { APPEND_BARRIER, appendToStream, readAllInPages, readStream, verifyHashChain } from '../../domain/src/event-store/event-store.server.ts'
import { systemMetadata } from '../../domain/src/workflow/command-context.server.ts'
import { rebuildProjections, verifyProjections } from '../../domain/src/all-streams/replay/replay.server.ts'
import { asOwnerThenRollBack, asPortalRoleThenRollBack } from '../support/owner-attack.ts'
import { replayCommand } from '../support/replay-command.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { loginAs } from '../../../test-support/login.ts'
import { referencePage } from '../../domain/src/admin/reference/reference-queries.server.ts'
import type { CurrentUser } from '../../domain/src/auth/permissions.ts'
import { findReceipt } from '../../domain/src/all-streams/receipts/receipt-queries.server.ts'

const t = useTestApp()
const meta = systemMetadata('test')

/** The forged ПДК change of the issue: a row of the admin stream with a garbage hash, at a position the attacker picks. */
const FORGED_STREAM = 'reference-substance-1'
const FORGED_TYPE = 'ReferenceEntryChanged'
let forgedVersion = 1000
const forgedRow = (position: number | RawBuilder<unknown>, version = (forgedVersion += 1)) => sql`
  INSERT INTO events (position, stream_id, stream_version, type, data, metadata, created_at, prev_hash, hash)
  VALUES (${position}, ${FORGED_STREAM}, ${version}, ${FORGED_TYPE},
    ${JSON.stringify({ kind: 'substance', id: 1, changes: [{ field: 'mpc', from: 0.2, to: 200 }] })}::jsonb,
    ${JSON.stringify({ userId: null, username: 'admin', role: 'Департамент', requestId: null, clientAddress: null })}::jsonb,
    now(), ${GENESIS_HASH}, 'garbage')`

const refused = async (statement: RawBuilder<unknown>, reason: RegExp) => {
  await expect(statement.execute(t.database.db)).rejects.toThrow(reason)
}

const lastCheckpoint = () => t.database.db.selectFrom('event_checkpoints').selectAll().orderBy('from_position', 'desc').limit(1).executeTakeFirstOrThrow()

beforeAll(async () => {
  // The demo data's events are sealed, as the portal does at its start.
  await writeCheckpoint(t.database.db)
})

/**
 * Writes forged rows outside the chain as the owner (the constraint and triggers off) and commits them, runs `check`,
 * then removes them and seals the log afresh.
 */
async function withRowsOutsideTheChain<T>(rows: RawBuilder<unknown>[], check: () => Promise<T>): Promise<T> {
  // The check is put back afterwards only if the database had it: a test must not add the rule it attacks, or the
  // tests after it would pass on a database without it.
  const { rows: had } = await sql`SELECT 1 FROM pg_constraint WHERE conname = 'events_position_positive' AND conrelid = 'events'::regclass`.execute(t.database.ownerDb)
  await t.database.ownerDb.transaction().execute(async (trx) => {
    await sql`ALTER TABLE events DROP CONSTRAINT IF EXISTS events_position_positive`.execute(trx)
    await sql`ALTER TABLE events DISABLE TRIGGER USER`.execute(trx)
    for (const row of rows) await row.execute(trx)
    await sql`ALTER TABLE events ENABLE TRIGGER USER`.execute(trx)
  })
  try {
    return await check()
  } finally {
    await t.database.ownerDb.transaction().execute(async (trx) => {
      await sql`ALTER TABLE events DISABLE TRIGGER USER`.execute(trx)
      await sql`ALTER TABLE event_checkpoints DISABLE TRIGGER USER`.execute(trx)
      await sql`DELETE FROM events WHERE position <= 0`.execute(trx)
      await sql`DELETE FROM event_checkpoints`.execute(trx)
      await sql`ALTER TABLE events ENABLE TRIGGER USER`.execute(trx)
      await sql`ALTER TABLE event_checkpoints ENABLE TRIGGER USER`.execute(trx)
      if (had.length) await sql`ALTER TABLE events ADD CONSTRAINT events_position_positive CHECK (position > 0)`.execute(trx)
    })
    await writeCheckpoint(t.database.db)
  }
}

/** A forged report creation outside the chain, for the readers of the whole log. */
async function withReportOutsideTheChain(check: (forged: { reportId: number }) => Promise<void>): Promise<void> {
  const real = await t.database.db.selectFrom('import_reports').select(['area_id', 'company_id']).where('area_id', 'is not', null).limit(1).executeTakeFirstOrThrow()
  const reportId = 999_999
  const data = { reportId, reportType: 'program', year: 2026, areaId: real.area_id, companyId: real.company_id }
  await withRowsOutsideTheChain(
    [
      sql`
      INSERT INTO events (position, stream_id, stream_version, type, data, metadata, created_at, prev_hash, hash)
      VALUES (-1, ${`report-${reportId}`}, 1, 'ReportCreated', ${JSON.stringify(data)}::jsonb, ${JSON.stringify(meta)}::jsonb, now(), ${GENESIS_HASH}, 'garbage')`,
    ],
    () => check({ reportId }),
  )
}

describe('a row outside the chain', { timeout: 120_000 }, () => {
  it('is reported by verify with its position, stream and type', async () => {
    const check = await asOwnerThenRollBack(t.database.ownerDb, async (trx: Transaction<Database>) => {
      await sql`ALTER TABLE events DROP CONSTRAINT IF EXISTS events_position_positive`.execute(trx)
      await forgedRow(-1).execute(trx)
      await forgedRow(0).execute(trx)
    })
    expect(check.outside).toEqual([
      { position: -1, streamId: FORGED_STREAM, type: FORGED_TYPE },
      { position: 0, streamId: FORGED_STREAM, type: FORGED_TYPE },
    ])
    expect(check.broken?.position).toBe(-1)
    expect(check.broken?.reason).toMatch(/вне цепочки/)
    expect(check.broken?.reason).toContain(FORGED_STREAM)
    expect(check.broken?.reason).toContain(FORGED_TYPE)
  })

  it('makes npm run replay -- --verify name it and exit non-zero, and the replay folds nothing of it into the read models', async () => {
    await withReportOutsideTheChain(async ({ reportId }) => {
      const read: number[] = []
      for await (const event of readAllInPages(t.database.db)) read.push(event.position)
      expect(read[0]).toBe(-1)

      const verified = await replayCommand(t.database.url, '--verify')
      expect(verified.code, verified.stdout).toBe(1)
      expect(verified.stdout).toMatch(/hash chain:\s+BROKEN at position -1/)
      expect(verified.stdout).toContain(`вне цепочки: position -1, stream report-${reportId}, type ReportCreated`)
      expect(verified.stdout).toMatch(/differences:\s+0/)

      // The rebuild refuses a broken log; asked to fold what precedes the break, it folds the chain and never the row.
      const refused = await rebuildProjections(t.database.db)
      expect(refused.refused).toBe(true)
      const rebuilt = await rebuildProjections(t.database.db, { foldBeforeBreak: true })
      expect(rebuilt.chain.outside).toEqual([{ position: -1, streamId: `report-${reportId}`, type: 'ReportCreated' }])
      expect(rebuilt.differences, JSON.stringify(rebuilt.chain.breaks)).toEqual([])
      expect(await t.database.db.selectFrom('import_reports').select('id').where('id', '=', reportId).execute()).toEqual([])
      expect((await verifyProjections(t.database.db)).differences).toEqual([])
    })
    expect((await verifyHashChain(t.database.db)).broken).toBeNull()
  })

  it('is sealed by the first checkpoint with the rest, whose range has no lower bound', async () => {
    await withReportOutsideTheChain(async () => {
      await t.database.ownerDb.transaction().execute(async (trx) => {
        await sql`ALTER TABLE event_checkpoints DISABLE TRIGGER USER`.execute(trx)
        await sql`DELETE FROM event_checkpoints`.execute(trx)
        await sql`ALTER TABLE event_checkpoints ENABLE TRIGGER USER`.execute(trx)
      })
      const sealed = await writeCheckpoint(t.database.db)
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events`.execute(t.database.db)
      expect(sealed?.events).toBe(rows[0].n)
      const check = await verifyHashChain(t.database.db)
      expect(check.outside).toHaveLength(1)
      expect(check.broken?.reason).toMatch(/вне цепочки/)
    })
  })
})

describe('the readers of one stream or type', () => {
  it('never fold a row outside the chain into a decision: the next event follows the stream\'s last real one', async () => {
    const report = await t.database.db.selectFrom('import_reports').select(['id', 'stream_id']).where('status', '=', 'agreed').limit(1).executeTakeFirstOrThrow()
    const real = await t.database.db.selectFrom('events').select(['stream_version', 'hash']).where('stream_id', '=', report.stream_id).orderBy('stream_version', 'desc').limit(1).executeTakeFirstOrThrow()
    // A forged cancellation would put the agreed report back under consideration, where a cancellation is refused.
    const cancelled = { reportId: report.id, previousStatus: 'agreed', comment: '', files: [] }
    const department = await loginAs(t.app, 'department')
    const answer = await withRowsOutsideTheChain(
      [
        sql`
        INSERT INTO events (position, stream_id, stream_version, type, data, metadata, created_at, prev_hash, hash)
        VALUES (-1, ${report.stream_id}, ${real.stream_version + 500}, 'ReportDecisionCancelled', ${JSON.stringify(cancelled)}::jsonb, ${JSON.stringify(meta)}::jsonb, now(), ${GENESIS_HASH}, 'garbage')`,
      ],
      async () => ({
        put: await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${report.id}/`, headers: department.headers, payload: { status: 'consideration', comment: '' } }),
        read: await readStream(t.database.db, report.stream_id),
      }),
    )
    expect(answer.put.statusCode, answer.put.body).toBe(200)
    expect(answer.read.map((e) => e.position).filter((p) => p <= 0)).toEqual([])
    const appended = await t.database.db.selectFrom('events').select(['stream_version', 'prev_hash']).where('stream_id', '=', report.stream_id).orderBy('stream_version', 'desc').limit(1).executeTakeFirstOrThrow()
    expect(appended).toEqual({ stream_version: real.stream_version + 1, prev_hash: real.hash })
    expect((await verifyHashChain(t.database.db)).broken).toBeNull()
  })

  it('never show a row outside the chain: the reference history and the receipts leave the forged ПДК change out', async () => {
    const admin = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', 'admin').executeTakeFirstOrThrow()
    const actor = { id: admin.id, username: admin.username, groups: admin.groups, companyId: admin.company_id } as CurrentUser
    await withRowsOutsideTheChain([forgedRow(-1), forgedRow(-2)], async () => {
      const page = await referencePage({ db: t.database.db, actor }, { kind: 'substance' })
      expect(page.history.map((h) => h.position).filter((p) => p <= 0)).toEqual([])
      const department = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', 'department').executeTakeFirstOrThrow()
      const reader = { id: department.id, username: department.username, groups: department.groups, companyId: department.company_id } as CurrentUser
      expect(await findReceipt(t.database.db, reader, { position: -1 })).toBeUndefined()
    })
  })

  it('never show a forged resubmission outside the chain in the file\'s receipt', async () => {
    const file = await t.database.db.selectFrom('import_files as f').innerJoin('import_reports as r', 'r.id', 'f.report_id').select(['f.id', 'r.id as reportId', 'r.stream_id']).limit(1).executeTakeFirstOrThrow()
    const department = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', 'department').executeTakeFirstOrThrow()
    const reader = { id: department.id, username: department.username, groups: department.groups, companyId: department.company_id } as CurrentUser
    const before = await findReceipt(t.database.db, reader, { fileId: file.id })
    expect(before?.resubmittedRound).toBeNull()
    const resubmitted = { reportId: file.reportId, fileId: file.id, round: 7 }
    const receipt = await withRowsOutsideTheChain(
      [
        sql`
        INSERT INTO events (position, stream_id, stream_version, type, data, metadata, created_at, prev_hash, hash)
        VALUES (-1, ${file.stream_id}, 999, 'ReportResubmitted', ${JSON.stringify(resubmitted)}::jsonb, ${JSON.stringify(meta)}::jsonb, now(), ${GENESIS_HASH}, 'garbage')`,
      ],
      () => findReceipt(t.database.db, reader, { fileId: file.id }),
    )
    expect(receipt).toEqual(before)
  })
})

// After the replay's tests: the events appended below are of a test type no projection folds.
describe('what the portal\'s own database role can still do to the event log', () => {
  it('cannot add an event at a position at or below zero: the forged ПДК change of the issue is refused', async () => {
    for (const position of [-1, 0, -9_007_199_254_740_991]) await refused(forgedRow(position), /events_position|position/)
    const rows = await t.database.db.selectFrom('events').select('position').where('position', '<=', 0).execute()
    expect(rows).toEqual([])
  })

  it('cannot add an event at a position the sequence has not issued yet', async () => {
    await refused(forgedRow(sql`(SELECT last_value + 1000 FROM events_position_seq)`), /not issued/)
  })

  it('can add a row at a position drawn and left unused inside a sealed range, which verify reports at that position', async () => {
    // A position drawn and never used (a refused command leaves such gaps), then sealed by a checkpoint.
    const { rows } = await sql<{ gap: string }>`SELECT nextval('events_position_seq') AS gap`.execute(t.database.db)
    const gap = Number(rows[0].gap)
    await t.database.db.transaction().execute((trx) => appendToStream(trx, 'test-after-gap', 0, [{ type: 'Tested', data: {} }], meta, new Date()))
    expect(await writeCheckpoint(t.database.db)).not.toBeNull()
    expect(Number((await lastCheckpoint()).to_position)).toBeGreaterThan(gap)
    const check = await asPortalRoleThenRollBack(t.database.db, async (trx) => {
      await forgedRow(gap).execute(trx)
    })
    expect(check.broken?.position).toBe(gap)
  })

  it('can only add a row at a position the sequence gave it, which verify reports as broken without the key', async () => {
    const last = await t.database.db.selectFrom('events').selectAll().where('stream_id', '=', 'test-after-gap').executeTakeFirstOrThrow()
    const check = await asPortalRoleThenRollBack(t.database.db, async (trx) => {
      // The next event of a real stream, linked to its last one: only its HMAC is beyond the attacker.
      await sql`
        INSERT INTO events (position, stream_id, stream_version, type, data, metadata, created_at, prev_hash, hash)
        VALUES (nextval('events_position_seq'), ${last.stream_id}, 2, 'Tested', '{}', ${JSON.stringify(meta)}::jsonb, now(), ${last.hash}, 'garbage')`.execute(trx)
    })
    expect(check.broken?.reason).toMatch(/keyed hash/)
    const unkeyed = await asPortalRoleThenRollBack(t.database.db, async (trx) => {
      await sql`
        INSERT INTO events (position, stream_id, stream_version, type, data, metadata, created_at, prev_hash, hash, keyed)
        VALUES (nextval('events_position_seq'), 'test-unkeyed', 1, 'Tested', '{}', '{}', now(), ${GENESIS_HASH}, 'garbage', false)`.execute(trx)
    })
    expect(unkeyed.broken?.reason).toMatch(/unkeyed event/)
  })

  it('can add a checkpoint, which verify reports as not matching its keyed seal', async () => {
    const last = await lastCheckpoint()
    const check = await asPortalRoleThenRollBack(t.database.db, async (trx) => {
      await trx
        .insertInto('event_checkpoints')
        .values({ from_position: last.to_position, to_position: Number(last.to_position) + 1, events: 0, digest: GENESIS_HASH, prev_mac: last.mac, mac: 'garbage', created_at: new Date() })
        .execute()
    })
    expect(check.broken?.reason).toMatch(/does not match its keyed seal/)
  })

  it('cannot move the log\'s sequences back or forth, alter or drop them, and drawing a position only leaves a gap', async () => {
    for (const sequence of ['events_position_seq', 'event_checkpoints_id_seq']) {
      // Set to the value it already has: were it allowed, nothing would move.
      await refused(sql`SELECT setval(${sequence}, (SELECT last_value FROM ${sql.table(sequence)}))`, /permission denied/)
      await refused(sql`ALTER SEQUENCE ${sql.table(sequence)} MINVALUE -100`, /must be owner/)
      await refused(sql`DROP SEQUENCE ${sql.table(sequence)}`, /must be owner/)
    }
    await sql`SELECT nextval('events_position_seq')`.execute(t.database.db)
    expect((await verifyHashChain(t.database.db)).broken).toBeNull()
  })

  it('cannot update, delete, truncate, upsert over, lock, copy into or alter the log, its checkpoints or its identity', async () => {
    const app = sql.id(new URL(t.database.url).username)
    for (const table of ['events', 'event_checkpoints', 'event_log_identity']) {
      const name = sql.table(table)
      await refused(sql`UPDATE ${name} SET created_at = now()`, /permission denied/)
      await refused(sql`DELETE FROM ${name}`, /permission denied/)
      await refused(sql`TRUNCATE ${name}`, /permission denied/)
      await refused(sql`COPY ${name} FROM '/dev/null'`, /permission denied|must be superuser|pg_read_server_files/)
      for (const change of [
        sql`ALTER TABLE ${name} DISABLE TRIGGER USER`,
        sql`ALTER TABLE ${name} DISABLE TRIGGER ALL`,
        sql`ALTER TABLE ${name} ADD COLUMN forged text`,
        sql`ALTER TABLE ${name} DISABLE ROW LEVEL SECURITY`,
        sql`ALTER TABLE ${name} OWNER TO ${app}`,
        sql`DROP TABLE ${name}`,
        sql`CREATE TRIGGER forged BEFORE INSERT ON ${name} FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`,
        sql`CREATE RULE forged AS ON INSERT TO ${name} DO INSTEAD NOTHING`,
        sql`CREATE POLICY forged ON ${name} USING (false)`,
        sql`CREATE INDEX forged ON ${name} (created_at)`,
        sql`REINDEX TABLE ${name}`,
        sql`CLUSTER ${name}`,
        sql`COMMENT ON TABLE ${name} IS 'forged'`,
        sql`ALTER TABLE ${name} RENAME TO forged`,
      ]) {
        await refused(change, /must be owner|permission denied/)
      }
      await expect(
        t.database.db.transaction().execute((trx) => sql`LOCK TABLE ${name} IN ACCESS EXCLUSIVE MODE`.execute(trx)),
      ).rejects.toThrow(/permission denied/)
    }
    await refused(sql`ALTER TABLE events DROP CONSTRAINT events_position_positive`, /must be owner/)
    await refused(sql`ALTER TABLE events DISABLE TRIGGER events_position_issued`, /must be owner/)
    await refused(sql`ALTER TABLE events ALTER COLUMN position SET DEFAULT -1`, /must be owner/)
    await refused(sql`DROP FUNCTION events_position_issued() CASCADE`, /must be owner/)
    await refused(sql`CREATE OR REPLACE FUNCTION events_position_issued() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`, /must be owner|permission denied/)
    const first = await t.database.db.selectFrom('events').select(['position', 'stream_id', 'stream_version']).orderBy('position').limit(1).executeTakeFirstOrThrow()
    await refused(
      sql`INSERT INTO events SELECT * FROM events WHERE position = ${first.position} ON CONFLICT (position) DO UPDATE SET type = 'Forged'`,
      /permission denied/,
    )
    // The identity is one row: a second is refused by its key, whatever its id.
    await refused(sql`INSERT INTO event_log_identity (id) VALUES (gen_random_uuid())`, /duplicate key|event_log_identity_pkey/)
    expect((await verifyHashChain(t.database.db)).broken).toBeNull()
  })

  it('can shadow the log with a temporary table of its own session only: every other connection reads the real one', async () => {
    await t.database.db.transaction().execute(async (trx) => {
      await sql`CREATE TEMPORARY TABLE events (LIKE public.events) ON COMMIT DROP`.execute(trx)
      const shadow = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events`.execute(trx)
      expect(shadow.rows[0].n).toBe(0)
      const check = await verifyHashChain(t.database.db)
      expect(check.broken).toBeNull()
      expect(check.events).toBeGreaterThan(0)
    })
  })

  it('can hold the append barrier and so stall appends (never change them) until it lets go', async () => {
    await t.database.db.transaction().execute(async (held) => {
      await sql`SELECT pg_advisory_xact_lock(${APPEND_BARRIER})`.execute(held)
      await expect(
        t.database.db.transaction().execute(async (trx) => {
          await sql`SET LOCAL lock_timeout = '200ms'`.execute(trx)
          await appendToStream(trx, 'test-stalled', 0, [{ type: 'Tested', data: {} }], meta, new Date())
        }),
      ).rejects.toThrow(/lock timeout/)
    })
    await t.database.db.transaction().execute((trx) => appendToStream(trx, 'test-stalled', 0, [{ type: 'Tested', data: {} }], meta, new Date()))
    expect(await readStream(t.database.db, 'test-stalled')).toHaveLength(1)
  })
})
