// The head of the log kept beside the audit key: what the log alone cannot show (its newest events, or its newest
// checkpoint with the events it sealed, removed by someone with the database owner's rights) verify catches with it.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql, type Transaction } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '@portal/migrations/database.ts'
import { CHAIN_HEAD_FILE, databaseIdentity, flushChainHead, useChainHead } from '../../domain/src/event-store/chain-head.server.ts'
import { writeCheckpoint } from '../../domain/src/event-store/checkpoints.server.ts'
import { appendToStream, type ChainCheck, verifyHashChain } from '../../domain/src/event-store/event-store.server.ts'
import { inTransaction, systemMetadata } from '../../domain/src/workflow/command-context.server.ts'
import { chainHeadLine } from '../../domain/src/all-streams/replay/chain-head-line.ts'
import { createTestDatabase } from '../../../test-support/test-database.ts'
import { asOwnerThenRollBack as ownerAttack } from '../support/owner-attack.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { holder, type Holder } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-chain-head-'))
let h: Holder
let year = new Date().getFullYear() - 20

beforeAll(async () => {
  useChainHead(dataDir, await databaseIdentity(t.database.db))
  h = await holder(t.app, t.database.db, 'holder1')
  // The demo data's events are sealed, as the portal does at its start.
  await writeCheckpoint(t.database.db)
})
afterAll(() => useChainHead(null))

/** A command through the API: a new report, one event on a new stream. Answers the stream. */
async function newReport(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { year: (year += 1), report_type: 'program', area: h.areaId } })
  expect(res.statusCode).toBe(201)
  const event = await t.database.db.selectFrom('events').select('stream_id').orderBy('position', 'desc').limit(1).executeTakeFirstOrThrow()
  return event.stream_id
}

/** The heads audit.head holds now, by database. */
const headOnDisk = (): Record<string, { streams: Record<string, { version: number; position: number; hash: string }> }> =>
  JSON.parse(readFileSync(path.join(dataDir, CHAIN_HEAD_FILE), 'utf8')).heads

const asOwnerThenRollBack = (attack: (trx: Transaction<Database>) => Promise<void>, headFile?: string | null) =>
  ownerAttack(t.database.ownerDb, attack, headFile)

describe('the head of the event log beside the audit key', () => {
  it('is written a moment after a committed command, 0600, and an untouched log verifies against it', async () => {
    const stream = await newReport()
    const file = path.join(dataDir, CHAIN_HEAD_FILE)
    const identity = await databaseIdentity(t.database.db)
    // Written by the batch's timer, not by the command: nothing here asks for it.
    await expect.poll(() => headOnDisk()[identity]?.streams[stream], { timeout: 10_000 }).toMatchObject({ version: 1 })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const check = await verifyHashChain(t.database.db)
    expect(check).toMatchObject({ broken: null, head: 'compared' })
    expect(chainHeadLine(check)).toMatch(/^compared with audit\.head/)
  })

  it('catches the newest event of a stream removed after the last checkpoint, which the log alone cannot show', async () => {
    const stream = await newReport()
    const removeNewest = (trx: Transaction<Database>) => trx.deleteFrom('events').where('stream_id', '=', stream).execute().then(() => undefined)
    // The limit of the log alone: nothing after the removed event linked to it.
    expect((await asOwnerThenRollBack(removeNewest, null)).broken).toBeNull()
    const check = await asOwnerThenRollBack(removeNewest)
    expect(check.broken?.reason).toMatch(/newest events were removed/)
  })

  it('catches the newest checkpoint removed together with the events it sealed and those after it', async () => {
    await newReport()
    const sealed = await writeCheckpoint(t.database.db)
    expect(sealed).not.toBeNull()
    await newReport()
    const removeNewestCheckpointAndTail = async (trx: Transaction<Database>) => {
      await trx.deleteFrom('event_checkpoints').where('to_position', '=', sealed!.toPosition).execute()
      await trx.deleteFrom('events').where('position', '>', sealed!.fromPosition).execute()
    }
    expect((await asOwnerThenRollBack(removeNewestCheckpointAndTail, null)).broken).toBeNull()
    const check = await asOwnerThenRollBack(removeNewestCheckpointAndTail)
    expect(check.broken?.reason).toMatch(/checkpoint up to position \d+ named by audit\.head is missing/)
  })

  it('catches the head file edited by someone without the key', async () => {
    const stream = await newReport()
    flushChainHead()
    const file = path.join(dataDir, CHAIN_HEAD_FILE)
    const original = readFileSync(file, 'utf8')
    try {
      const saved = JSON.parse(original)
      delete saved.heads[await databaseIdentity(t.database.db)].streams[stream]
      writeFileSync(file, JSON.stringify(saved))
      expect((await verifyHashChain(t.database.db)).broken?.reason).toMatch(/does not match its keyed seal/)
    } finally {
      writeFileSync(file, original, { mode: 0o600 })
    }
    expect((await verifyHashChain(t.database.db)).broken).toBeNull()
  })
})

describe('the head of the event log and the database it belongs to', () => {
  it('is not compared with another database read with the same data folder, and says so instead of BROKEN', async () => {
    await newReport()
    // Another database: a copy of the same template (same demo events), never written to by this folder's portal.
    const other = await createTestDatabase()
    try {
      const check = await verifyHashChain(other.db)
      expect(check.broken).toBeNull()
      expect(check.head).toBe('other database')
      expect(check.headDatabases).toEqual([await databaseIdentity(t.database.db)])
      expect(chainHeadLine(check)).toMatch(/^NOT compared: audit\.head belongs to another database \(.+\)/)
    } finally {
      await other.destroy()
    }
    // Its own database is still compared with it, and found whole.
    expect(await verifyHashChain(t.database.db)).toMatchObject({ broken: null, head: 'compared' })
  })

  it('keeps the heads of two databases that write with one data folder apart, and compares each with its own', async () => {
    const ours = await databaseIdentity(t.database.db)
    const other = await createTestDatabase()
    try {
      const theirs = await databaseIdentity(other.db)
      expect(theirs).not.toBe(ours)
      // The other database's portal writes its own head into the same folder: a command there moves it.
      useChainHead(dataDir, theirs)
      const stream = `chain-head-other-${Date.now()}`
      await inTransaction(other.db, (trx) => appendToStream(trx, stream, 0, [{ type: 'ProbeRecorded', data: {} }], systemMetadata(), new Date()))
      flushChainHead()
      const heads = JSON.parse(readFileSync(path.join(dataDir, CHAIN_HEAD_FILE), 'utf8')).heads
      expect(Object.keys(heads).sort()).toEqual([ours, theirs].sort())
      expect(heads[theirs].streams[stream]).toMatchObject({ version: 1 })
      expect(heads[ours].streams[stream]).toBeUndefined()
      // Each database is compared with its own head; the other's new stream is no concern of ours.
      expect(await verifyHashChain(other.db)).toMatchObject({ broken: null, head: 'compared' })
      expect(await verifyHashChain(t.database.db)).toMatchObject({ broken: null, head: 'compared' })
      // And the other database's newest event removed is caught against its own head.
      const removed = await other.ownerDb.transaction().execute(async (trx) => {
        await sql`ALTER TABLE events DISABLE TRIGGER USER`.execute(trx)
        await trx.deleteFrom('events').where('stream_id', '=', stream).execute()
        const check = await verifyHashChain(trx)
        throw Object.assign(new Error('roll back'), { check })
      }).catch((error: Error & { check?: ChainCheck }) => error.check)
      expect(removed?.broken?.reason).toMatch(/newest events were removed/)
    } finally {
      useChainHead(dataDir, ours)
      await other.destroy()
    }
  })

  it('says NOT compared, never BROKEN or intact, when audit.head was deleted', async () => {
    await newReport()
    flushChainHead()
    const file = path.join(dataDir, CHAIN_HEAD_FILE)
    const original = readFileSync(file, 'utf8')
    try {
      rmSync(file)
      const check = await verifyHashChain(t.database.db)
      expect(check).toMatchObject({ broken: null, head: 'no file' })
      expect(chainHeadLine(check)).toMatch(/^NOT compared: there is no audit\.head in the data folder/)
    } finally {
      writeFileSync(file, original, { mode: 0o600 })
    }
  })
})

const root = path.resolve(import.meta.dirname, '../../..')

/**
 * Another portal process on the same database and data folder: it appends one event to each of `before` (and writes
 * the head), then to each of `after`, then ends as `end` says — killed, or exiting on its own.
 */
function portalProcess(before: string[], after: string[], end: 'SIGKILL' | 'exit') {
  const script = `
    import { createKysely } from './workflow-service/platform/src/db/connect.server.ts'
    import { databaseIdentity, flushChainHead, useChainHead } from './workflow-service/domain/src/event-store/chain-head.server.ts'
    import { appendToStream } from './workflow-service/domain/src/event-store/event-store.server.ts'
    import { inTransaction, systemMetadata } from './workflow-service/domain/src/workflow/command-context.server.ts'
    // The head's batch timer is held back in this process, so "gathered, not written" holds however slow the machine:
    // otherwise the appends below may take longer than its delay, and it writes them before the end comes.
    const setTimer = globalThis.setTimeout
    globalThis.setTimeout = (callback, ...rest) => callback === flushChainHead ? { unref() {}, ref() {}, hasRef: () => false } : setTimer(callback, ...rest)
    const db = createKysely(process.env.DATABASE_URL, 4)
    useChainHead(process.env.DATA_DIR, await databaseIdentity(db))
    const append = (stream) => inTransaction(db, (trx) => appendToStream(trx, stream, 0, [{ type: 'ProbeRecorded', data: {} }], systemMetadata(), new Date()))
    for (const stream of JSON.parse(process.env.BEFORE)) await append(stream)
    flushChainHead()
    await Promise.all(JSON.parse(process.env.AFTER).map(append))
    // Committed and gathered, not written: the batch's timer has not run.
    if (process.env.END === 'SIGKILL') process.kill(process.pid, 'SIGKILL')
    process.exit(0)`
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: t.database.url, DATA_DIR: dataDir, BEFORE: JSON.stringify(before), AFTER: JSON.stringify(after), END: end },
    encoding: 'utf8',
  })
}

describe('the head of the event log written in batches', () => {
  it('carries the commands of many streams committed together, and the log verifies against it', async () => {
    const streams = Array.from({ length: 8 }, (_, i) => `chain-head-batch-${Date.now()}-${i}`)
    await Promise.all(streams.map((stream) => inTransaction(t.database.db, (trx) => appendToStream(trx, stream, 0, [{ type: 'ProbeRecorded', data: {} }], systemMetadata(), new Date()))))
    const identity = await databaseIdentity(t.database.db)
    await expect.poll(() => streams.filter((s) => headOnDisk()[identity]?.streams[s]?.version === 1).length, { timeout: 10_000 }).toBe(8)
    expect(await verifyHashChain(t.database.db)).toMatchObject({ broken: null, head: 'compared' })
  })

  it('is written by a process that exits with commands gathered and not yet written', async () => {
    const streams = [`chain-head-exit-${Date.now()}-a`, `chain-head-exit-${Date.now()}-b`]
    const ended = portalProcess([], streams, 'exit')
    expect(ended.stderr).toBe('')
    expect(ended.status).toBe(0)
    const identity = await databaseIdentity(t.database.db)
    for (const stream of streams) expect(headOnDisk()[identity].streams[stream]).toMatchObject({ version: 1 })
  })

  it('never names what a crash cut off before the write: the log keeps those events and verifies clean against the head', async () => {
    const run = Date.now()
    const written = [`chain-head-crash-${run}-written`]
    const cutOff = Array.from({ length: 4 }, (_, i) => `chain-head-crash-${run}-cut-${i}`)
    const crashed = portalProcess(written, cutOff, 'SIGKILL')
    expect(crashed.signal).toBe('SIGKILL')
    const identity = await databaseIdentity(t.database.db)
    const head = headOnDisk()[identity]
    expect(head.streams[written[0]]).toMatchObject({ version: 1 })
    // Committed before the crash: in the log, each the first of its stream, and not in the head (it lags, never leads).
    for (const stream of cutOff) {
      expect(head.streams[stream]).toBeUndefined()
      expect(await t.database.db.selectFrom('events').select('stream_version').where('stream_id', '=', stream).execute()).toEqual([{ stream_version: 1 }])
    }
    expect(await verifyHashChain(t.database.db)).toMatchObject({ broken: null, head: 'compared' })
    // The log goes on in one line after the crash: the next command's event chains to its stream, and the head moves on.
    const next = cutOff[0]
    await inTransaction(t.database.db, (trx) => appendToStream(trx, next, 1, [{ type: 'ProbeRecorded', data: {} }], systemMetadata(), new Date()))
    flushChainHead()
    expect(headOnDisk()[identity].streams[next]).toMatchObject({ version: 2 })
    expect(await verifyHashChain(t.database.db)).toMatchObject({ broken: null, head: 'compared' })
  })

  it('keeps the head it had when a crash cut the write of the next one short, and verify reads that one', async () => {
    await newReport()
    flushChainHead()
    const file = path.join(dataDir, CHAIN_HEAD_FILE)
    const whole = readFileSync(file, 'utf8')
    // What a process killed in the middle of its write leaves: half a temporary file beside the head, never renamed.
    const half = `${file}.999999.tmp`
    writeFileSync(half, whole.slice(0, whole.length / 2))
    try {
      expect(readFileSync(file, 'utf8')).toBe(whole)
      expect(await verifyHashChain(t.database.db)).toMatchObject({ broken: null, head: 'compared' })
      const stream = await newReport()
      flushChainHead()
      expect(headOnDisk()[await databaseIdentity(t.database.db)].streams[stream]).toMatchObject({ version: 1 })
      expect(await verifyHashChain(t.database.db)).toMatchObject({ broken: null, head: 'compared' })
    } finally {
      rmSync(half, { force: true })
    }
  })
})
