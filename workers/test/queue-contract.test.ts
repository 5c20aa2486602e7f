import { randomBytes } from 'node:crypto'
import { Queue } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts'
import { redisConnection } from '../src/queue/bullmq-queue.ts'
import { createQueue } from '../src/queue/create-queue.ts'
import { deadLetterName, PermanentJobError, type JobDefinition, type JobPolicy, type JobQueue } from '@portal/workflow-domain/ports.ts'
import { redisAvailable, TEST_REDIS_URL } from './support/redis-available.ts'

const redisUp = await redisAvailable()
if (!redisUp) {
  console.warn(`BullMQ queue contract NOT RUN: no Redis answers at ${TEST_REDIS_URL} (set REDIS_URL or start redis-server on 127.0.0.1:6379)`)
}

const policy = (name: string, retryLimit: number): JobPolicy => ({ name, retryLimit, retryDelaySeconds: 1, heartbeatSeconds: 10, expireInSeconds: 30 })
const BATCH = 4
const POLICIES = [
  policy('contract-echo', 0),
  policy('contract-flaky', 3),
  policy('contract-doomed', 1),
  policy('contract-permanent', 3),
  policy('contract-keyed', 0),
  // A light job taken BATCH at a time: every job of a batch still succeeds or fails on its own.
  { ...policy('contract-batch', 2), batchSize: BATCH },
]

interface Seen {
  name: string
  data: { n: number }
}

function queueContract(engine: 'pg-boss' | 'bullmq') {
  let database: TestDatabase
  let queue: JobQueue
  const prefix = `portal-test-${randomBytes(4).toString('hex')}`
  const handled: Seen[] = []
  const dead: Array<{ name: string; data: { n: number }; reason: string }> = []
  const attempts = new Map<number, number>()
  let keyedGate: () => void = () => {}
  let batchStarted = 0

  const definition = (name: string, handle: (data: { n: number }) => Promise<void>): JobDefinition<{ n: number }> => ({
    ...POLICIES.find((p) => p.name === name)!,
    handle: async (data) => {
      attempts.set(data.n, (attempts.get(data.n) ?? 0) + 1)
      await handle(data)
      handled.push({ name, data })
    },
    onDeadLetter: async (data, reason) => void dead.push({ name, data, reason }),
  })

  beforeAll(async () => {
    database = await createTestDatabase()
    queue = await createQueue({
      url: database.url,
      redisUrl: engine === 'bullmq' ? TEST_REDIS_URL : undefined,
      redisPrefix: prefix,
      supervise: true,
      superviseIntervalSeconds: 1,
      policies: POLICIES,
    })
    await queue.work([
      definition('contract-echo', async () => {}),
      definition('contract-flaky', async (data) => {
        if ((attempts.get(data.n) ?? 0) < 3) throw new Error('not yet')
      }),
      definition('contract-doomed', async () => {
        throw new Error('always broken')
      }),
      definition('contract-permanent', async () => {
        throw new PermanentJobError('nothing to retry')
      }),
      definition('contract-keyed', () => new Promise<void>((resolve) => (keyedGate = resolve))),
      definition('contract-batch', async (data) => {
        // Each job of the first round waits until all BATCH have started: only jobs run side by side get past.
        if (data.n < 100 + BATCH && (attempts.get(data.n) ?? 0) === 1) {
          batchStarted += 1
          await vi.waitFor(() => expect(batchStarted).toBe(BATCH), { timeout: 10_000, interval: 20 })
        }
        if (data.n === 101 && (attempts.get(data.n) ?? 0) === 1) throw new Error('not yet')
        if (data.n === 102) throw new PermanentJobError('nothing to retry')
      }),
    ])
  })

  afterAll(async () => {
    await queue?.stop()
    if (engine === 'bullmq') {
      for (const p of POLICIES) {
        for (const name of [p.name, deadLetterName(p.name)]) {
          const q = new Queue(name, { connection: redisConnection(TEST_REDIS_URL), prefix })
          await q.obliterate({ force: true }).catch(() => {})
          await q.close()
        }
      }
    }
    await database?.destroy()
  })

  const handledOf = (n: number) => handled.filter((h) => h.data.n === n)

  it('runs a job sent inside a committed transaction, never one whose transaction rolled back', async () => {
    await database.db.transaction().execute(async (trx) => queue.send('contract-echo', { n: 1 }, { trx }))
    await expect(
      database.db.transaction().execute(async (trx) => {
        await queue.send('contract-echo', { n: 2 }, { trx })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await queue.send('contract-echo', { n: 3 })
    await vi.waitFor(() => expect(handledOf(3)).toHaveLength(1), { timeout: 15_000, interval: 100 })
    await vi.waitFor(() => expect(handledOf(1)).toHaveLength(1), { timeout: 15_000, interval: 100 })
    expect(handledOf(2)).toEqual([])
  })

  it('retries a failing job with backoff until it succeeds, then runs it no more', async () => {
    await queue.send('contract-flaky', { n: 10 })
    await vi.waitFor(() => expect(handledOf(10)).toHaveLength(1), { timeout: 30_000, interval: 200 })
    expect(attempts.get(10)).toBe(3)
    expect(dead.filter((d) => d.data.n === 10)).toEqual([])
  })

  it('gives a job up after its retries and hands it to its dead-letter handler once, with the reason', async () => {
    await queue.send('contract-doomed', { n: 20 })
    await vi.waitFor(() => expect(dead.filter((d) => d.data.n === 20)).toHaveLength(1), { timeout: 30_000, interval: 200 })
    expect(attempts.get(20)).toBe(2)
    expect(dead.find((d) => d.data.n === 20)?.reason).toContain('always broken')
  })

  it('never retries a permanent failure: one attempt, then the dead-letter handler', async () => {
    await queue.send('contract-permanent', { n: 30 })
    await vi.waitFor(() => expect(dead.filter((d) => d.data.n === 30)).toHaveLength(1), { timeout: 20_000, interval: 200 })
    expect(attempts.get(30)).toBe(1)
    expect(dead.find((d) => d.data.n === 30)?.reason).toContain('nothing to retry')
  })

  it('drops a second send with the same key while the first job waits or runs', async () => {
    await queue.send('contract-keyed', { n: 40 }, { key: 'keyed:1' })
    await vi.waitFor(() => expect(attempts.get(40)).toBe(1), { timeout: 15_000, interval: 100 })
    await queue.send('contract-keyed', { n: 41 }, { key: 'keyed:1' })
    keyedGate()
    await vi.waitFor(() => expect(handledOf(40)).toHaveLength(1), { timeout: 15_000, interval: 100 })
    // Once the first finished, the key is free again.
    await queue.send('contract-keyed', { n: 42 }, { key: 'keyed:1' })
    await vi.waitFor(() => expect(attempts.get(42)).toBe(1), { timeout: 15_000, interval: 100 })
    keyedGate()
    await vi.waitFor(() => expect(handledOf(42)).toHaveLength(1), { timeout: 15_000, interval: 100 })
    expect(attempts.get(41)).toBeUndefined()
  })

  it('runs a batch of light jobs side by side, each job done, retried or given up on its own', async () => {
    await Promise.all(Array.from({ length: BATCH }, (_, i) => queue.send('contract-batch', { n: 100 + i })))
    await vi.waitFor(() => expect(dead.filter((d) => d.data.n === 102)).toHaveLength(1), { timeout: 30_000, interval: 200 })
    await vi.waitFor(() => expect(handledOf(101)).toHaveLength(1), { timeout: 30_000, interval: 200 })
    // The one that failed once ran again; its neighbours ran once and were not failed with it.
    expect([100, 101, 102, 103].map((n) => attempts.get(n))).toEqual([1, 2, 1, 1])
    expect([100, 103].map((n) => handledOf(n).length)).toEqual([1, 1])
    expect(dead.filter((d) => d.data.n >= 100).map((d) => [d.data.n, d.reason])).toEqual([[102, expect.stringContaining('nothing to retry')]])
  }, 60_000)

  it('answers a ping and counts a running job of its kind as active until it ends', async () => {
    await expect(queue.ping()).resolves.toBeUndefined()
    const keyed = async () => (await queue.depth()).find((d) => d.name === 'contract-keyed')
    await queue.send('contract-keyed', { n: 50 }, { key: 'keyed:depth' })
    await vi.waitFor(() => expect(attempts.get(50)).toBe(1), { timeout: 15_000, interval: 100 })
    await vi.waitFor(async () => expect(await keyed()).toEqual({ name: 'contract-keyed', waiting: 0, active: 1 }), { timeout: 15_000, interval: 100 })
    keyedGate()
    await vi.waitFor(() => expect(handledOf(50)).toHaveLength(1), { timeout: 15_000, interval: 100 })
    await vi.waitFor(async () => expect(await keyed()).toEqual({ name: 'contract-keyed', waiting: 0, active: 0 }), { timeout: 15_000, interval: 100 })
    expect((await queue.depth()).map((d) => d.name)).toEqual(POLICIES.map((p) => p.name))
  })
}

describe('the job queue contract on pg-boss', () => {
  queueContract('pg-boss')
})

describe.runIf(redisUp)(`the job queue contract on BullMQ (Redis at ${TEST_REDIS_URL})`, () => {
  queueContract('bullmq')
})
