// The replay's verdicts: `npm run replay` and `-- --verify` exit 1 on any break, row outside the chain or difference
// and 0 only when everything holds, on a DATABASE_URL server and on the embedded database a portal keeps; verify
// names every break it finds; the rebuild refuses a broken log and writes nothing, unless the operator asks it to
// fold only the events before the first break. The forgeries are the portal's own role's (what its DATABASE_URL
// allows), committed, and removed by the owner after each case.
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type RawBuilder, sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { writeCheckpoint } from '../../domain/src/event-store/checkpoints.server.ts'
import { GENESIS_HASH } from '../../domain/src/event-store/event-hash.ts'
import { startEmbeddedPostgres } from '../../platform/src/db/embedded-postgres.server.ts'
import { rebuildProjections, verifyProjections } from '../../domain/src/all-streams/replay/replay.server.ts'
import { regionDay } from '../../domain/src/text/region-dates.ts'
import { replayCommand as runReplay } from '../support/replay-command.ts'
import { useTestApp } from '../../../test-support/test-app.ts'

const t = useTestApp()
const replayCommand = (...args: string[]) => runReplay(t.database.url, ...args)
const root = path.resolve(import.meta.dirname, '../../..')
const meta = JSON.stringify({ userId: null, username: 'department', role: 'Департамент', requestId: null, clientAddress: null })

/** The forged agreement of the issue: the next version of a report's stream, at a position from the sequence, garbage hash. */
async function forgedAgreement(): Promise<{ reportId: number; sql: RawBuilder<unknown> }> {
  const report = await t.database.db.selectFrom('import_reports').select(['id', 'stream_id', 'version']).where('status', '=', 'consideration').orderBy('id').executeTakeFirstOrThrow()
  const last = await t.database.db.selectFrom('events').select(['hash', 'stream_version']).where('stream_id', '=', report.stream_id).orderBy('stream_version', 'desc').executeTakeFirstOrThrow()
  return {
    reportId: report.id,
    sql: sql`
      INSERT INTO events (position, stream_id, stream_version, type, data, metadata, created_at, prev_hash, hash)
      VALUES (nextval('events_position_seq'), ${report.stream_id}, ${last.stream_version + 1}, 'ReportAgreed',
        ${JSON.stringify({ reportId: report.id, comment: '', files: [] })}::jsonb, ${meta}::jsonb, now(), ${last.hash}, 'garbage')`,
  }
}

/** Commits the forgeries as the portal's role, runs the check, then removes every event after the log's end as the owner and seals afresh. */
async function withForgeries<T>(forgeries: RawBuilder<unknown>[], check: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ last: string }>`SELECT coalesce(max(position), 0) AS last FROM events`.execute(t.database.db)
  const { rows: cps } = await sql<{ last: string }>`SELECT coalesce(max(id), 0) AS last FROM event_checkpoints`.execute(t.database.db)
  for (const forgery of forgeries) await forgery.execute(t.database.db)
  try {
    return await check()
  } finally {
    await t.database.ownerDb.transaction().execute(async (trx) => {
      await sql`ALTER TABLE events DISABLE TRIGGER USER`.execute(trx)
      await sql`ALTER TABLE event_checkpoints DISABLE TRIGGER USER`.execute(trx)
      await sql`DELETE FROM events WHERE position > ${rows[0].last}`.execute(trx)
      await sql`DELETE FROM event_checkpoints WHERE id > ${cps[0].last}`.execute(trx)
      await sql`ALTER TABLE events ENABLE TRIGGER USER`.execute(trx)
      await sql`ALTER TABLE event_checkpoints ENABLE TRIGGER USER`.execute(trx)
    })
    await writeCheckpoint(t.database.db)
  }
}

const statusOf = async (reportId: number) => (await t.database.db.selectFrom('import_reports').select('status').where('id', '=', reportId).executeTakeFirstOrThrow()).status

// Each case starts the command as a process of its own, a few seconds each on a busy machine.
const PROCESSES = { timeout: 240_000 }

describe('the replay tells the truth by its exit status', PROCESSES, () => {
  it('answers 0 on the demo data and 1 once the portal\'s role changed a read model, for --verify and for the rebuild', async () => {
    expect((await replayCommand('--verify')).code).toBe(0)
    expect((await replayCommand()).code).toBe(0)
    const report = await t.database.db.selectFrom('import_reports').select('id').where('status', '=', 'consideration').orderBy('id').executeTakeFirstOrThrow()
    await t.database.db.updateTable('import_reports').set({ status: 'agreed' }).where('id', '=', report.id).execute()
    const verified = await replayCommand('--verify')
    expect(verified.code, verified.stdout).toBe(1)
    expect(verified.stdout).toMatch(/differences:\s+2/)
    // The rebuild puts the row back and says so by its status too: the live table had differed from the log.
    const rebuilt = await replayCommand()
    expect(rebuilt.code, rebuilt.stdout).toBe(1)
    expect(rebuilt.stdout).toMatch(/rows corrected:\s+2/)
    expect(await statusOf(report.id)).toBe('consideration')
    expect((await replayCommand('--verify')).code).toBe(0)
  })

  it('answers 1 for a forged event, for --verify, for --as-of --verify and for the rebuild', async () => {
    const forged = await forgedAgreement()
    await withForgeries([forged.sql], async () => {
      const verified = await replayCommand('--verify')
      expect(verified.code, verified.stdout).toBe(1)
      expect(verified.stdout).toMatch(/hash chain:\s+BROKEN at position \d+/)
      const asOf = await replayCommand('--as-of', regionDay(new Date()), '--verify')
      expect(asOf.code, asOf.stdout).toBe(1)
      expect(asOf.stdout).toMatch(/hash chain:\s+BROKEN/)
      expect((await replayCommand()).code).toBe(1)
    })
  })
})

describe('the rebuild stops at a forgery', PROCESSES, () => {
  it('refuses a log with a forged agreement, writes nothing and names the position, so the forgery never becomes the record', async () => {
    const forged = await forgedAgreement()
    await withForgeries([forged.sql], async () => {
      const { rows } = await sql<{ position: string }>`SELECT max(position) AS position FROM events`.execute(t.database.db)
      const rebuilt = await replayCommand()
      expect(rebuilt.code, rebuilt.stdout).toBe(1)
      expect(rebuilt.stdout).toContain(`BROKEN at position ${rows[0].position}`)
      expect(rebuilt.stdout).toContain('rebuild refused:   nothing was written')
      expect(rebuilt.stdout).not.toMatch(/rows corrected/)
      expect(await statusOf(forged.reportId)).toBe('consideration')
      const report = await rebuildProjections(t.database.db)
      expect(report.refused).toBe(true)
      expect(report.differences).toEqual([])
    })
  })

  it('folds only the events before the first break when the operator asks, and prints what it left out', async () => {
    const forged = await forgedAgreement()
    await withForgeries([forged.sql], async () => {
      const { rows } = await sql<{ position: string }>`SELECT max(position) AS position FROM events`.execute(t.database.db)
      // The live row is changed too, so the rebuild has something to correct from the events it folds.
      await t.database.db.updateTable('import_reports').set({ status: 'agreed' }).where('id', '=', forged.reportId).execute()
      const rebuilt = await replayCommand('--fold-before-break')
      expect(rebuilt.code, rebuilt.stdout).toBe(1)
      expect(rebuilt.stdout).toContain(`left out:          1 events from position ${rows[0].position} on`)
      expect(rebuilt.stdout).toMatch(new RegExp(`left out: position ${rows[0].position}, stream report-\\S+, type ReportAgreed`))
      expect(await statusOf(forged.reportId)).toBe('consideration')
    })
  })

  it('refuses --fold-before-break beside --verify with one line and status 2', async () => {
    const refused = await replayCommand('--verify', '--fold-before-break')
    expect(refused.code).toBe(2)
    expect(refused.stdout.trim().split('\n')).toHaveLength(1)
  })
})

describe('verify names every break', PROCESSES, () => {
  it('names a forged checkpoint, a forged event and an unkeyed event, each by position, stream and type', async () => {
    const forged = await forgedAgreement()
    const last = await t.database.db.selectFrom('event_checkpoints').selectAll().orderBy('from_position', 'desc').executeTakeFirstOrThrow()
    const forgedCheckpoint = sql`
      INSERT INTO event_checkpoints (from_position, to_position, events, digest, prev_mac, mac, created_at)
      VALUES (${last.to_position}, ${Number(last.to_position) + 1}, 0, ${GENESIS_HASH}, ${last.mac}, 'garbage', now())`
    const unkeyed = sql`
      INSERT INTO events (position, stream_id, stream_version, type, data, metadata, created_at, prev_hash, hash, keyed)
      VALUES (nextval('events_position_seq'), 'test-unkeyed', 1, 'Tested', '{}', '{}', now(), ${GENESIS_HASH}, 'garbage', false)`
    await withForgeries([forgedCheckpoint, forged.sql, unkeyed], async () => {
      const verified = await replayCommand('--verify')
      expect(verified.code, verified.stdout).toBe(1)
      const breaks = verified.stdout.split('\n').filter((line) => line.startsWith('  break: '))
      expect(breaks.some((line) => /type checkpoint: checkpoint \d+ does not match its keyed seal/.test(line)), verified.stdout).toBe(true)
      expect(breaks.some((line) => /stream report-\S+, type ReportAgreed: the content does not match its keyed hash/.test(line)), verified.stdout).toBe(true)
      expect(breaks.some((line) => /stream test-unkeyed, type Tested: an unkeyed event after keyed ones/.test(line)), verified.stdout).toBe(true)
      const report = await verifyProjections(t.database.db)
      expect(report.chain.breakCount).toBeGreaterThanOrEqual(3)
    })
  })
})

describe('the replay on the embedded database a portal keeps', { timeout: 240_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-verdicts-'))
  chmodSync(dataDir, 0o755)
  const port = 30000 + Math.floor(Math.random() * 20000)
  let stop: (() => Promise<void>) | undefined
  afterAll(async () => {
    await stop?.()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const env = { ...process.env, DATABASE_URL: '', DATABASE_OWNER_URL: '', AUDIT_KEY: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) }
  // A process of its own, as an operator's cron job runs it: its status is what the job sees.
  const replay = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'workflow-service/server/src/cli/replay-command.ts', ...args], { cwd: root, env, encoding: 'utf8' })

  it('exits 1 on a forged event although the embedded database\'s exit hook ends the process, and says what it compared the head with', async () => {
    // This process keeps the server, as a running portal does; the command joins it.
    const embedded = await startEmbeddedPostgres({ dataDir, port })
    stop = () => embedded.stop()
    const first = replay('--verify')
    expect(first.status, `${first.stdout}${first.stderr}`).toBe(0)
    const app = new pg.Client({ connectionString: `postgres://portal_app:${readFileSync(path.join(dataDir, 'pg-app.password'), 'utf8').trim()}@127.0.0.1:${port}/portal` })
    await app.connect()
    try {
      await app.query(`INSERT INTO events (position, stream_id, stream_version, type, data, metadata, created_at, prev_hash, hash)
        VALUES (nextval('events_position_seq'), 'report-area-1-2026-program', 1, 'ReportCreated', '{}', '{}', now(), '${GENESIS_HASH}', 'garbage')`)
    } finally {
      await app.end()
    }
    const verified = replay('--verify')
    expect(verified.status, `${verified.stdout}${verified.stderr}`).toBe(1)
    expect(verified.stdout, verified.stderr).toMatch(/hash chain:\s+BROKEN at position 1/)
    expect(verified.stdout).not.toContain('no data folder')
    const rebuilt = replay()
    expect(rebuilt.status, rebuilt.stdout).toBe(1)
    expect(rebuilt.stdout).toContain('rebuild refused')
  })
})
