// The head of the log kept beside the audit key: what the log alone cannot show (its newest events, or its newest
// checkpoint with the events it sealed, removed by someone with the database owner's rights) verify catches with it.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql, type Transaction } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '@portal/migrations/database.ts'
import { CHAIN_HEAD_FILE, databaseIdentity, useChainHead } from '../../src/event-store/chain-head.server.ts'
import { writeCheckpoint } from '../../src/event-store/checkpoints.server.ts'
import { appendToStream, type ChainCheck, verifyHashChain } from '../../src/event-store/event-store.server.ts'
import { inTransaction, systemMetadata } from '../../src/workflow/command-context.server.ts'
import { chainHeadLine } from '../../src/workflow/replay/chain-head-line.ts'
import { createTestDatabase } from '../support/test-database.ts'
import { asOwnerThenRollBack as ownerAttack } from '../support/owner-attack.ts'
import { useTestApp } from '../support/test-app.ts'
import { holder, type Holder } from '../support/workflow-fixtures.ts'

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

const asOwnerThenRollBack = (attack: (trx: Transaction<Database>) => Promise<void>, headFile?: string | null) =>
  ownerAttack(t.database.ownerDb, attack, headFile)

describe('the head of the event log beside the audit key', () => {
  it('is written by a committed command, 0600, and an untouched log verifies against it', async () => {
    const stream = await newReport()
    const file = path.join(dataDir, CHAIN_HEAD_FILE)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const identity = await databaseIdentity(t.database.db)
    expect(JSON.parse(readFileSync(file, 'utf8')).heads[identity].streams[stream]).toMatchObject({ version: 1 })
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
