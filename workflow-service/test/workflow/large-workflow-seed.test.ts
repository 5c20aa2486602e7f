// The workflow part of the large data set: its rounds are appended through the event store like any command's events,
// so the chain verifies, the head beside the audit key knows them, and the replay finds the read models as the log says.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHAIN_HEAD_FILE, databaseIdentity, flushChainHead, useChainHead } from '../../domain/src/event-store/chain-head.server.ts'
import { verifyHashChain } from '../../domain/src/event-store/event-store.server.ts'
import { seedLargeWorkflow } from '../../server/src/seed/large-workflow-seed.server.ts'
import { verifyProjections } from '../../domain/src/all-streams/replay/replay.server.ts'
import { useTestApp } from '../../../test-support/test-app.ts'

const t = useTestApp()
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-large-seed-'))

beforeAll(async () => useChainHead(dataDir, await databaseIdentity(t.database.db)))
afterAll(() => useChainHead(null))

describe('the large workflow data set', () => {
  it('appends its decisions through the event store: the chain and its head hold them, and the replay agrees', async () => {
    const seeded = await seedLargeWorkflow(t.database.db, { events: 18, rounds: 2, batch: 2, storageDir: path.join(dataDir, 'files') })
    expect(seeded).toEqual({ events: 18, areas: 2 })

    // The newest stream the data set wrote: a program with its creation and two rounds of agreeing and cancelling.
    const last = await t.database.db.selectFrom('events').select(['stream_id', 'stream_version', 'type']).orderBy('position', 'desc').limit(1).executeTakeFirstOrThrow()
    expect(last).toMatchObject({ type: 'ReportDecisionCancelled', stream_version: 5 })
    flushChainHead()
    const heads = JSON.parse(readFileSync(path.join(dataDir, CHAIN_HEAD_FILE), 'utf8')).heads
    expect(heads[await databaseIdentity(t.database.db)].streams[last.stream_id]).toMatchObject({ version: 5 })

    const chain = await verifyHashChain(t.database.db)
    expect(chain).toMatchObject({ broken: null, head: 'compared' })
    expect((await verifyProjections(t.database.db)).differences).toEqual([])
  })
})
