// A transaction's statements written behind each other (decision 2770): fewer round trips, and the same rules — all
// of a transaction or nothing, the first failure reported, a lost race still a lost race.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKysely } from '../../platform/src/db/connect.server.ts'
import { appendToStream, ConcurrencyError, readStream, verifyHashChain } from '../../domain/src/event-store/event-store.server.ts'
import { inTransaction, systemMetadata } from '../../domain/src/workflow/command-context.server.ts'
import { CommandRefused } from '../../domain/src/workflow/refusal.ts'
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.ts'
import { countRoundTrips } from '../../../test-support/round-trips.ts'
import { sendAhead } from '../../platform/src/db/pipelined-driver.server.ts'
import { fixed, rowsOf } from '../../platform/src/db/fixed-statement.server.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.destroy())

const meta = systemMetadata('test')
const appendOne = (db: TestDatabase['db'], stream: string, version: number) =>
  db.transaction().execute((trx) => appendToStream(trx, stream, version, [{ type: 'BenchEventRecorded', data: { n: version + 1 } }], meta, new Date()))

/** Two appends to a new stream to warm it up (statements are named by their second use, decision 2314), then a third counted. */
async function countedThirdAppend(prefix: string) {
  const db = createKysely(database.url, 1)
  const stream = `${prefix}-${Date.now()}`
  try {
    for (let v = 0; v < 2; v++) await appendOne(db, stream, v)
    const counted = await countRoundTrips(() => appendOne(db, stream, 2))
    return { ...counted, versions: (await readStream(db, stream)).map((e) => e.streamVersion) }
  } finally {
    await db.destroy()
  }
}

describe('round trips of a transaction', () => {
  it('appends an event in two round trips, one fewer than the peer store: BEGIN with the head, the insert with the COMMIT', async () => {
    const { trips: n, statements, versions } = await countedThirdAppend('unwaited')
    expect({ n, statements }).toEqual({ n: 2, statements: 4 })
    expect(versions).toEqual([1, 2, 3])
  })
})

describe('socket writes of a transaction', () => {
  it('writes the statements sent without waiting in between in one socket write: an append is two writes, not four', async () => {
    // BEGIN with the head, then the insert with the COMMIT.
    expect((await countedThirdAppend('corked')).writes).toBe(2)
  })
})

describe('a statement sent ahead of the next', () => {
  it('goes out with the statement after it, in one round trip, and hands its own answer over', async () => {
    const db = createKysely(database.url, 1)
    const readBoth = () =>
      db.transaction().execute(async (trx) => {
        const ahead = await sendAhead(trx, fixed<{ a: number }>`SELECT ${1}::int AS a`)
        const [behind] = await rowsOf(trx, fixed<{ b: number }>`SELECT ${2}::int AS b`)
        return [(await ahead.answer).rows[0].a, behind.b]
      })
    try {
      await readBoth()
      const { trips, statements, result } = await countRoundTrips(readBoth)
      expect(result).toEqual([1, 2])
      // BEGIN, the statement ahead and the one behind it; then the COMMIT.
      expect({ trips, statements }).toEqual({ trips: 2, statements: 4 })
    } finally {
      await db.destroy()
    }
  })

  it('fails the statement behind it with its own failure, and keeps none of the transaction', async () => {
    const stream = `ahead-failed-${Date.now()}`
    const attempt = database.db.transaction().execute(async (trx) => {
      await appendToStream(trx, stream, 0, [{ type: 'BenchEventRecorded', data: { n: 1 } }], meta, new Date())
      const ahead = await sendAhead(trx, fixed`SELECT 1 / ${0}::int`)
      await rowsOf(trx, fixed`SELECT ${1}::int AS behind`)
      await ahead.answer
    })
    await expect(attempt).rejects.toMatchObject({ code: '22012' })
    expect(await readStream(database.db, stream)).toEqual([])
  })
})

describe('the rules of a transaction hold when its statements are not waited for', () => {
  it('keeps nothing of a transaction whose unwaited statement failed, and reports that failure, not the refusals behind it', async () => {
    const stream = `aborted-${Date.now()}`
    const attempt = database.db.transaction().execute(async (trx) => {
      await appendToStream(trx, stream, 0, [{ type: 'BenchEventRecorded', data: { n: 1 } }], meta, new Date())
      void sql`SELECT 1 / 0`.execute(trx).catch(() => {})
      // Sent behind the failing one, refused by PostgreSQL as "current transaction is aborted" (25P02).
      await sql`SELECT 1`.execute(trx)
    })
    await expect(attempt).rejects.toMatchObject({ code: '22012' })
    expect(await readStream(database.db, stream)).toEqual([])
  })

  it('throws at the commit when a write nobody waited for failed, and keeps none of the transaction', async () => {
    const stream = `late-${Date.now()}`
    const attempt = database.db.transaction().execute(async (trx) => {
      await appendToStream(trx, stream, 0, [{ type: 'BenchEventRecorded', data: { n: 1 } }], meta, new Date())
      void sql`SELECT 1 / 0`.execute(trx).catch(() => {})
    })
    await expect(attempt).rejects.toThrow(/division by zero/)
    expect(await readStream(database.db, stream)).toEqual([])
  })

  it('runs a transaction whose BEGIN was not waited for inside the transaction: a refusal after a write rolls it back', async () => {
    const stream = `rolled-${Date.now()}`
    await expect(
      database.db.transaction().execute(async (trx) => {
        await appendToStream(trx, stream, 0, [{ type: 'BenchEventRecorded', data: { n: 1 } }], meta, new Date())
        throw new Error('refused after the write')
      }),
    ).rejects.toThrow('refused after the write')
    expect(await readStream(database.db, stream)).toEqual([])
  })

  it('goes on after a savepoint the transaction rolled back to, and commits what came before and after', async () => {
    const stream = `savepoint-${Date.now()}`
    await database.db.transaction().execute(async (trx) => {
      await appendToStream(trx, stream, 0, [{ type: 'BenchEventRecorded', data: { n: 1 } }], meta, new Date())
      await sql`SAVEPOINT attempt`.execute(trx)
      await expect(sql`SELECT 1 / 0`.execute(trx)).rejects.toThrow(/division by zero/)
      await sql`ROLLBACK TO SAVEPOINT attempt`.execute(trx)
      await appendToStream(trx, stream, 1, [{ type: 'BenchEventRecorded', data: { n: 2 } }], meta, new Date())
    })
    expect((await readStream(database.db, stream)).map((e) => e.streamVersion)).toEqual([1, 2])
  })

  it('refuses the second of two appends to one version as a conflict, and a lost race at the edge, every time', async () => {
    const stream = `pipelined-race-${Date.now()}`
    await appendOne(database.db, stream, 0)
    for (let round = 0; round < 5; round++) {
      const version = 1 + round
      const results = await Promise.allSettled([appendOne(database.db, stream, version), appendOne(database.db, stream, version)])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError)
    }
    await expect(inTransaction(database.db, (trx) => appendToStream(trx, stream, 1, [{ type: 'BenchEventRecorded', data: {} }], meta, new Date()))).rejects.toBeInstanceOf(CommandRefused)
    expect((await readStream(database.db, stream)).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4, 5, 6])
    expect((await verifyHashChain(database.db, undefined, null)).broken).toBeNull()
  })

  it('hands a connection back clean after a failed transaction: the next one on it commits', async () => {
    const db = createKysely(database.url, 1)
    const stream = `after-failure-${Date.now()}`
    try {
      await expect(db.transaction().execute(async (trx) => void (await sql`SELECT 1 / 0`.execute(trx)))).rejects.toThrow(/division by zero/)
      await appendOne(db, stream, 0)
      expect(await readStream(db, stream)).toHaveLength(1)
    } finally {
      await db.destroy()
    }
  })
})
