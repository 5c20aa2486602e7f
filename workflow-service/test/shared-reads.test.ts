// Reads asked in the same turn share one connection and one socket write (decision 3810); each still fails alone,
// a later turn's read does not wait behind them, and no transaction runs on them.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKysely } from '../platform/src/db/connect.server.ts'
import { sharedReads } from '../platform/src/db/shared-reads.server.ts'
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts'
import { countRoundTrips } from '../../test-support/round-trips.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.destroy())

const pid = (db: Parameters<ReturnType<typeof sql>['execute']>[0], n: number) =>
  sql<{ pid: number; n: number }>`SELECT pg_backend_pid() AS pid, ${n}::int AS n`.execute(db).then((r) => r.rows[0])

describe('reads asked in the same turn', () => {
  it('go out on one connection in one socket write, each with its own answer', async () => {
    const db = createKysely(database.url, 4)
    try {
      // Warm: the pool's connections opened, so the count is of the reads' writes only.
      await Promise.all([1, 2, 3].map((n) => pid(db, n)))
      const apart = await countRoundTrips(() => Promise.all([1, 2, 3].map((n) => pid(db, n))))
      const reads = sharedReads(db)
      const together = await countRoundTrips(() => Promise.all([1, 2, 3].map((n) => pid(reads, n))))
      expect(apart.writes).toBe(3)
      expect(together.writes).toBe(1)
      expect(together.result.map((r) => r.n)).toEqual([1, 2, 3])
      expect(new Set(together.result.map((r) => r.pid)).size).toBe(1)
    } finally {
      await db.destroy()
    }
  })

  it('fail alone: a refused read leaves the others of its turn answered, and the connection goes on serving', async () => {
    const db = createKysely(database.url, 1)
    try {
      const reads = sharedReads(db)
      const [before, failed, after] = await Promise.allSettled([pid(reads, 1), sql`SELECT 1 / ${0}::int`.execute(reads), pid(reads, 3)])
      expect(before).toMatchObject({ status: 'fulfilled', value: { n: 1 } })
      expect(failed).toMatchObject({ status: 'rejected', reason: { code: '22012' } })
      expect(after).toMatchObject({ status: 'fulfilled', value: { n: 3 } })
      // A pool of one: the connection was handed back, or this would wait for ever.
      expect((await pid(reads, 4)).n).toBe(4)
    } finally {
      await db.destroy()
    }
  })

  it('hand their connection back to the pool once the last is answered, turn after turn', async () => {
    const db = createKysely(database.url, 1)
    try {
      const reads = sharedReads(db)
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all([1, 2].map((n) => pid(reads, n)))
        expect(answers.map((a) => a.n)).toEqual([1, 2])
      }
      // The plain handle gets the one connection as well.
      expect((await pid(db, 9)).n).toBe(9)
    } finally {
      await db.destroy()
    }
  })
})

describe('a read of a later turn', () => {
  it('takes a connection of its own instead of waiting behind a slow read of an earlier turn', async () => {
    const db = createKysely(database.url, 2)
    try {
      const reads = sharedReads(db)
      const slow = sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(${0.5}::float8)`.execute(reads)
      await new Promise((resolve) => setTimeout(resolve, 20))
      const started = performance.now()
      const quick = await pid(reads, 2)
      const waited = performance.now() - started
      const slowPid = (await slow).rows[0].pid
      expect(quick.pid).not.toBe(slowPid)
      // Not a timing of the code: the slow read sleeps half a second, so one behind it would have waited for it.
      expect(waited).toBeLessThan(400)
    } finally {
      await db.destroy()
    }
  })
})

describe('a transaction on the shared reads', () => {
  it('is refused, so no read of another request ever runs inside it', async () => {
    const db = createKysely(database.url, 1)
    try {
      await expect(sharedReads(db).transaction().execute(async () => 1)).rejects.toThrow(/transaction cannot run on the shared reads/)
      expect((await pid(db, 1)).n).toBe(1)
    } finally {
      await db.destroy()
    }
  })
})
