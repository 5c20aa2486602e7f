// The write path of commands made cheaper (issue 23): statements sent named, and the rules they must keep — one of
// two commands on one stream wins, commands on many streams keep one verifiable log, a retried upload is one file.
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKysely } from '../../platform/src/db/connect.server.ts'
import { nameRepeatedStatements, statementName } from '../../platform/src/db/repeated-statements.server.ts'
import { appendToStream, readStream, verifyHashChain } from '../../domain/src/event-store/event-store.server.ts'
import { inTransaction, systemMetadata } from '../../domain/src/workflow/command-context.server.ts'
import { CommandRefused } from '../../domain/src/workflow/refusal.ts'
import { fixed, rowsOf } from '../../platform/src/db/fixed-statement.server.ts'
import { statementOf } from '../../domain/src/workflow/projections.server.ts'
import type { RowChange } from '../../domain/src/workflow/event-table.ts'
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.destroy())

const append = (streamId: string, version: number, n = version + 1) =>
  inTransaction(database.db, (trx) => appendToStream(trx, streamId, version, [{ type: 'BenchEventRecorded', data: { n } }], systemMetadata('test'), new Date()))

/** The statements the server holds prepared for the connection that runs `work` (named ones only). */
async function preparedOnOneConnection(work: (client: pg.PoolClient) => Promise<void>): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: database.url, max: 1 })
  // Dropping the database may kill the connection the pool's end left closing: not an uncaught exception.
  pool.on('error', () => {})
  pool.on('connect', nameRepeatedStatements)
  const client = await pool.connect()
  try {
    await work(client)
    const { rows } = await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')
    return rows.map((r) => r.name)
  } finally {
    client.release()
    await pool.end()
  }
}

describe('statements sent again are sent named', () => {
  it('names a text the second time it is sent, under a name of its own text, and never a text sent once', () => {
    const text = `SELECT ${Math.random()} AS once`
    expect(statementName(text)).toBeNull()
    const name = statementName(text)
    expect(name).toMatch(/^portal_[0-9a-f]{24}$/)
    expect(statementName(text)).toBe(name)
    expect(statementName(`${text} `)).toBeNull()
  })

  it('never names a text longer than a statement built per call (a batch of rows)', () => {
    const long = `SELECT ${'1, '.repeat(4_000)}1`
    statementName(long)
    expect(statementName(long)).toBeNull()
  })

  it('prepares a repeated statement once on the connection and answers every use with its own values', async () => {
    const text = `SELECT $1::int + 1 AS next /* ${Math.random()} */`
    const answers: number[] = []
    const prepared = await preparedOnOneConnection(async (client) => {
      for (let i = 0; i < 5; i++) answers.push((await client.query<{ next: number }>(text, [i])).rows[0].next)
    })
    expect(answers).toEqual([1, 2, 3, 4, 5])
    expect(prepared).toContain(statementName(text))
  })

  it('sends a text without values as it is, so a script of several statements runs however often it is sent', async () => {
    const text = `SELECT 1; SELECT 2 /* ${Math.random()} */`
    let runs = 0
    await preparedOnOneConnection(async (client) => {
      for (let i = 0; i < 3; i++) {
        await client.query(text)
        runs += 1
      }
    })
    expect(runs).toBe(3)
  })

  it('keeps the connection usable after a named statement fails inside a transaction, and after hostile values', async () => {
    const text = `SELECT 1 / $1::int AS share /* ${Math.random()} */`
    await preparedOnOneConnection(async (client) => {
      await client.query(text, [1])
      await client.query('BEGIN')
      await expect(client.query(text, [0])).rejects.toThrow(/division by zero/)
      await client.query('ROLLBACK')
      await expect(client.query(text, ['1e400'])).rejects.toThrow(/out of range|invalid input/)
      await expect(client.query(text, ['\u0000'])).rejects.toThrow()
      expect((await client.query<{ share: number }>(text, [1])).rows[0].share).toBe(1)
    })
  })

  it("is how the portal's connections send an append: after a few appends its statements are prepared", async () => {
    const db = createKysely(database.url, 1)
    try {
      const stream = `named-${Date.now()}`
      for (let v = 0; v < 4; v++) {
        await inTransaction(db, (trx) => appendToStream(trx, stream, v, [{ type: 'BenchEventRecorded', data: { n: v } }], systemMetadata('test'), new Date()))
      }
      const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'portal\_%'`.execute(db)
      expect(rows.some((r) => /insert into "?events"?/i.test(r.statement))).toBe(true)
      expect(rows.some((r) => /pg_advisory_xact_lock_shared/.test(r.statement))).toBe(true)
      expect((await readStream(db, stream)).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4])
    } finally {
      await db.destroy()
    }
  })
})

describe('a statement written once as text', () => {
  // One call site: its text is made on the first call and kept for every later one.
  const positionsIn = (streams: string[] | null) => fixed<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE stream_id = ANY(${streams}::text[])`

  it('binds a list of any length and a null as values of the one text, so each call answers for its own values', async () => {
    const streams = Array.from({ length: 3 }, (_, i) => `fixed-${Date.now()}-${i}`)
    for (const [i, s] of streams.entries()) for (let v = 0; v <= i; v++) await append(s, v)
    const one = positionsIn(streams.slice(0, 1))
    const three = positionsIn(streams)
    const none = positionsIn(null)
    expect(new Set([one.sql, three.sql, none.sql]).size).toBe(1)
    expect(await rowsOf(database.db, one)).toEqual([{ n: 1 }])
    expect(await rowsOf(database.db, three)).toEqual([{ n: 6 }])
    expect(await rowsOf(database.db, none)).toEqual([{ n: 0 }])
  })

  it('refuses a piece of SQL given as a value, which would need another text', () => {
    expect(() => fixed`SELECT ${sql`1`} AS one`).toThrow(TypeError)
  })
})

describe("a projection's text kept per shape of its changes", () => {
  // Rows as the statement sees them: a null stands where the read model's types allow none, which the text must not care about.
  const history = (rows: number, comment: string | null) =>
    ({
      table: 'report_status_changes',
      insert: Array.from({ length: rows }, (_, i) => ({ id: i + 1, report_id: 1, event: 'agreed', comment, created: new Date(0), creator_id: null, creator_username: 'test' })),
    }) as unknown as RowChange

  it('gives inserts that differ only in their number of rows texts of their own, each with a parameter for every value', () => {
    const one = statementOf([history(1, 'a')])
    const two = statementOf([history(2, 'a')])
    expect(one.sql).not.toBe(two.sql)
    expect(one.sql.match(/\$\d+/g)).toHaveLength(one.parameters.length)
    expect(two.sql.match(/\$\d+/g)).toHaveLength(two.parameters.length)
    expect(two.parameters).toHaveLength(14)
    expect(statementOf([history(2, 'b')]).sql).toBe(two.sql)
  })

  it('binds a null as a value of the same text, and numbers the parameters of a change after those of the one before', () => {
    const update = (id: number, updated: Date | null) => ({ table: 'import_reports', update: id, set: { status: 'agreed', updated } }) as unknown as RowChange
    const withNull = statementOf([update(7, null), history(1, null)])
    const withValue = statementOf([update(8, new Date(0)), history(1, 'c')])
    expect(withNull.sql).toBe(withValue.sql)
    expect(withNull.sql).toContain('SET "status" = $1, "updated" = $2 WHERE id = $3')
    expect(withNull.sql).toContain('VALUES ($4, $5, $6, $7, $8, $9, $10)')
    expect(withNull.parameters.slice(0, 3)).toEqual(['agreed', null, 7])
    expect(withNull.parameters[6]).toBeNull()
  })
})

describe('commands on named statements keep the rules of the log', () => {
  it('lets one of two commands on one stream at once win and refuses the other as a lost race, every time', async () => {
    const stream = `race-${Date.now()}`
    for (let v = 0; v < 3; v++) await append(stream, v)
    for (let round = 0; round < 5; round++) {
      const version = 3 + round
      const results = await Promise.allSettled([append(stream, version, 100 + round), append(stream, version, 200 + round)])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
      expect(lost.reason).toBeInstanceOf(CommandRefused)
    }
    expect((await readStream(database.db, stream)).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })

  it('keeps one log that verifies when commands on many streams commit at once', async () => {
    const streams = Array.from({ length: 12 }, (_, i) => `many-${Date.now()}-${i}`)
    for (let v = 0; v < 3; v++) await Promise.all(streams.map((s) => append(s, v)))
    for (const s of streams) {
      const events = await readStream(database.db, s)
      expect(events.map((e) => e.streamVersion)).toEqual([1, 2, 3])
      // Each stream's events link to the one before them in the stream, whatever committed in between.
      expect(events[1].prevHash).toBe(events[0].hash)
      expect(events[2].prevHash).toBe(events[1].hash)
    }
    const positions = await database.db.selectFrom('events').select('position').where('stream_id', 'in', streams).execute()
    expect(new Set(positions.map((p) => p.position)).size).toBe(36)
    expect((await verifyHashChain(database.db, undefined, null)).broken).toBeNull()
  })

  it('refuses a retry of an append already committed as a lost race, leaving the stream as the first left it', async () => {
    const stream = `retry-${Date.now()}`
    await append(stream, 0)
    await expect(append(stream, 0)).rejects.toBeInstanceOf(CommandRefused)
    expect(await readStream(database.db, stream)).toHaveLength(1)
  })
})
