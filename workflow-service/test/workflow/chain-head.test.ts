// The head of the log kept beside the audit key: what the log alone cannot show (its newest events, or its newest
// checkpoint with the events it sealed, removed by someone with the database owner's rights) verify catches with it.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql, type Transaction } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '@portal/migrations/database.ts'
import { CHAIN_HEAD_FILE, chainHeadFile, useChainHead } from '../../src/event-store/chain-head.server.ts'
import { writeCheckpoint } from '../../src/event-store/checkpoints.server.ts'
import { type ChainCheck, verifyHashChain } from '../../src/event-store/event-store.server.ts'
import { useTestApp } from '../support/test-app.ts'
import { holder, type Holder } from '../support/workflow-fixtures.ts'

const t = useTestApp()
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-chain-head-'))
let h: Holder
let year = new Date().getFullYear() - 8

beforeAll(async () => {
  useChainHead(dataDir)
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

/** Runs an attack as the tables' owner (triggers off), verifies inside it, then rolls everything back. */
async function asOwnerThenRollBack(attack: (trx: Transaction<Database>) => Promise<void>, headFile = chainHeadFile()): Promise<ChainCheck> {
  let check: ChainCheck | undefined
  await t.database.ownerDb
    .transaction()
    .execute(async (trx) => {
      await sql`ALTER TABLE events DISABLE TRIGGER USER`.execute(trx)
      await sql`ALTER TABLE event_checkpoints DISABLE TRIGGER USER`.execute(trx)
      await attack(trx)
      check = await verifyHashChain(trx, undefined, headFile)
      throw new Error('roll back')
    })
    .catch((error: Error) => expect(error.message).toBe('roll back'))
  return check!
}

describe('the head of the event log beside the audit key', () => {
  it('is written by a committed command, 0600, and an untouched log verifies against it', async () => {
    const stream = await newReport()
    const file = path.join(dataDir, CHAIN_HEAD_FILE)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(file, 'utf8')).head.streams[stream]).toMatchObject({ version: 1 })
    expect((await verifyHashChain(t.database.db)).broken).toBeNull()
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
      delete saved.head.streams[stream]
      writeFileSync(file, JSON.stringify(saved))
      expect((await verifyHashChain(t.database.db)).broken?.reason).toMatch(/does not match its keyed seal/)
    } finally {
      writeFileSync(file, original, { mode: 0o600 })
    }
    expect((await verifyHashChain(t.database.db)).broken).toBeNull()
  })
})
