// The pipelined driver (decision 2770) read a second time, against the real PostgreSQL: a failure among statements
// already sent, a savepoint inside a pipeline, a connection that dies with statements unanswered, the rollback after
// a failure, and what the pool gets back.
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '@portal/migrations/database.ts'
import { createKysely } from '../../platform/src/db/connect.server.ts'
import { sendUnanswered } from '../../platform/src/db/pipelined-driver.server.ts'
import { appendToStream, readStream } from '../../domain/src/event-store/event-store.server.ts'
import { systemMetadata } from '../../domain/src/workflow/command-context.server.ts'
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.destroy())

const meta = systemMetadata('test')
let streams = 0
const newStream = (name: string) => `${name}-${Date.now()}-${(streams += 1)}`
type Db = Kysely<Database>
const append = (trx: Db, stream: string, version: number) => appendToStream(trx as never, stream, version, [{ type: 'BenchEventRecorded', data: { n: version + 1 } }], meta, new Date())
const versions = async (stream: string) => (await readStream(database.db, stream)).map((e) => e.streamVersion)

/** What PostgreSQL says of a backend: idle, idle in transaction, or gone. */
async function backendState(pid: number): Promise<string> {
  const { rows } = await sql<{ state: string }>`SELECT state FROM pg_stat_activity WHERE pid = ${pid}`.execute(database.db)
  return rows[0]?.state ?? 'gone'
}

const backendOf = async (db: Db) => (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0].pid

class LostRace extends Error {}

describe('a failure among statements already sent', () => {
  it('refuses every statement sent behind it, reports the first failure to each, keeps nothing, and hands the connection back idle', async () => {
    const db = createKysely(database.url, 1)
    const stream = newStream('behind')
    try {
      const pid = await backendOf(db)
      const heard: unknown[] = []
      const attempt = db.transaction().execute(async (trx) => {
        await append(trx, stream, 0)
        // Three writes out at once: the first fails, the two behind it were already sent.
        await sendUnanswered(trx, sql`SELECT 1 / 0`.compile(trx), () => new LostRace('the first failure'))
        await sendUnanswered(trx, sql`SELECT 1`.compile(trx), (error) => error)
        await sendUnanswered(trx, sql`SELECT 2`.compile(trx), (error) => error)
        await sql`SELECT 3`.execute(trx).catch((error: unknown) => void heard.push(error))
        await sql`SELECT 4`.execute(trx).catch((error: unknown) => void heard.push(error))
      })
      await expect(attempt).rejects.toBeInstanceOf(LostRace)
      expect(heard).toHaveLength(2)
      for (const error of heard) expect(error).toBeInstanceOf(LostRace)
      expect(await versions(stream)).toEqual([])
      expect(await backendState(pid)).toBe('idle')
      // The same connection (the pool holds one) runs the next transaction from a clean start.
      expect(await backendOf(db)).toBe(pid)
      await db.transaction().execute((trx) => append(trx, stream, 0))
      expect(await versions(stream)).toEqual([1])
    } finally {
      await db.destroy()
    }
  })
})

describe('a savepoint inside a pipeline', () => {
  it('rolls back to the savepoint a write nobody waited for that failed after it, and commits what came before and after', async () => {
    const db = createKysely(database.url, 1)
    const stream = newStream('savepoint')
    try {
      const trx = await db.startTransaction().execute()
      await append(trx, stream, 0)
      const inside = await trx.savepoint('attempt').execute()
      await append(inside, stream, 1)
      await sendUnanswered(inside, sql`SELECT 1 / 0`.compile(inside), () => new LostRace('inside the savepoint'))
      await expect(sql`SELECT 1`.execute(inside)).rejects.toBeInstanceOf(LostRace)
      const back = await inside.rollbackToSavepoint('attempt').execute()
      await append(back, stream, 1)
      await back.commit().execute()
      expect(await versions(stream)).toEqual([1, 2])
    } finally {
      await db.destroy()
    }
  })

  it('cannot undo by a savepoint a failure from before it: the commit throws that failure and keeps nothing', async () => {
    const db = createKysely(database.url, 1)
    const stream = newStream('before-savepoint')
    try {
      const pid = await backendOf(db)
      const attempt = db.transaction().execute(async (trx) => {
        await append(trx, stream, 0)
        await sendUnanswered(trx, sql`SELECT 1 / 0`.compile(trx), () => new LostRace('before the savepoint'))
        // The savepoint and its rollback are refused too (the transaction is aborted); nothing may go on.
        await sql`SAVEPOINT later`.execute(trx).catch(() => {})
        await sql`ROLLBACK TO SAVEPOINT later`.execute(trx).catch(() => {})
      })
      await expect(attempt).rejects.toBeInstanceOf(LostRace)
      expect(await versions(stream)).toEqual([])
      expect(await backendState(pid)).toBe('idle')
    } finally {
      await db.destroy()
    }
  })
})

describe('a connection that dies with statements unanswered', () => {
  it('fails the transaction instead of hanging or crashing the process, keeps nothing, and the pool goes on with a new connection', async () => {
    const db = createKysely(database.url, 1)
    const stream = newStream('dies')
    const killer = new pg.Client({ connectionString: database.url })
    await killer.connect()
    try {
      const pid = await backendOf(db)
      const attempt = db.transaction().execute(async (trx) => {
        await append(trx, stream, 0)
        // A statement that is never answered: its backend is ended while it runs, with a write queued behind it.
        await sendUnanswered(trx, sql`SELECT pg_sleep(60)`.compile(trx))
        await sendUnanswered(trx, sql`SELECT 1`.compile(trx))
        const waiting = sql`SELECT 2`.execute(trx)
        // Ended once PostgreSQL is running the sleep (every statement before it was answered or is behind it).
        for (;;) {
          const { rows } = await killer.query<{ query: string }>('SELECT query FROM pg_stat_activity WHERE pid = $1', [pid])
          if (rows[0]?.query.includes('pg_sleep')) break
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        await killer.query('SELECT pg_terminate_backend($1)', [pid])
        await waiting
      })
      await expect(attempt).rejects.toThrow()
      expect(await versions(stream)).toEqual([])
      // The dead connection is not handed out again: the pool's next transaction runs on a new backend.
      await db.transaction().execute((trx) => append(trx, stream, 0))
      expect(await versions(stream)).toEqual([1])
      expect(await backendOf(db)).not.toBe(pid)
    } finally {
      await killer.end()
      await db.destroy()
    }
  })
})

describe('a connection handed back with a statement still unanswered', () => {
  it('is destroyed, not given to the next caller with the answer still to come', async () => {
    const db = createKysely(database.url, 1)
    try {
      const pid = await backendOf(db)
      // Outside a transaction a caller that does not wait for its statement releases the connection under it.
      await db.connection().execute(async (connection) => {
        void sql`SELECT pg_sleep(0.2)`.execute(connection).catch(() => {})
      })
      const next = await backendOf(db)
      expect(next).not.toBe(pid)
      expect(await sql<{ n: number }>`SELECT 7 AS n`.execute(db)).toMatchObject({ rows: [{ n: 7 }] })
    } finally {
      await db.destroy()
    }
  })
})
