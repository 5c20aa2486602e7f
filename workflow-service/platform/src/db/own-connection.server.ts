// A connection of its own, outside pipeline mode, for the work pipeline mode refuses: COPY (decision 2761). The
// portal's pools run in node-postgres's pipeline mode (decision 2770), which refuses custom query classes such as
// pg-copy-streams' COPY stream; the replay's rebuild reads the log with COPY (decision 2810) and writes its ~300 000
// rows with COPY, so it runs, read, writes, barrier and all, in one transaction on a connection opened for it alone.
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Kysely, PostgresDialect, type PostgresPoolClient } from 'kysely'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import type { Database } from '@portal/migrations/database.ts'
import { PipelinedConnection } from './pipelined-driver.server.ts'

export interface OwnConnection {
  /** Kysely on this one connection: a transaction begun here holds it, and every statement runs in order. */
  db: Kysely<Database>
  /**
   * Runs `COPY … FROM STDIN` with the given pieces of its data as they come (text or bytes), on the same connection,
   * so inside a transaction of `db` it is part of that transaction. Answers the rows PostgreSQL took.
   */
  copyIn(statement: string, data: Iterable<string | Buffer>): Promise<number>
  /**
   * Runs `COPY … TO STDOUT` on the same connection (so inside a transaction of `db`, part of it) and answers its data
   * in pieces as they come, the next asked of PostgreSQL only as the reader takes them. A reader that stops early still
   * reads the rest and drops it (when its loop ends), so the connection is free again for the transaction's next
   * statement; a failed COPY fails the loop with PostgreSQL's error.
   */
  copyOut(statement: string): AsyncGenerator<Buffer>
}

/**
 * How much of a COPY's data is taken from the connection ahead of its reader. The stream's default, 16 KB, stops
 * taking the socket every few dozen rows, so PostgreSQL waits for the reader, and on a busy machine the reader for
 * PostgreSQL to be scheduled again; the row protocol's pages ran ahead by a whole page. 4 MB cost the reader more
 * CPU than 256 KB (each read joins and decodes what is buffered as one piece; decision 2810).
 */
const COPY_OUT_AHEAD = 256 * 1024

/**
 * Opens a connection as the pool behind `db` opens its own (same server, role and settings), but outside pipeline
 * mode, runs `work` on it and closes it. `db` must be one createKysely made.
 */
export async function withOwnConnection<T>(db: Kysely<Database>, work: (own: OwnConnection) => Promise<T>): Promise<T> {
  const config = await db.getExecutor().provideConnection(async (connection) => (connection instanceof PipelinedConnection ? connection.clientConfig : null))
  if (!config) throw new Error('a connection of its own is opened from a database of createKysely')
  const client = new pg.Client({ ...config, pipeline: false })
  // A connection the server drops fails its statement; the event itself must not end the process.
  client.on('error', () => {})
  await client.connect()
  // Kysely's own driver over this one client: it asks the "pool" for a connection and always gets this one.
  const single = Object.assign(client, { release: () => {} }) as unknown as PostgresPoolClient
  const own = new Kysely<Database>({ dialect: new PostgresDialect({ pool: { connect: async () => single, end: async () => {} } }) })
  try {
    return await work({
      db: own,
      async copyIn(statement, data) {
        const stream = client.query(copyFrom(statement))
        await pipeline(Readable.from(data, { objectMode: false }), stream)
        return stream.rowCount
      },
      async *copyOut(statement) {
        const pieces = client.query(copyTo(statement, { highWaterMark: COPY_OUT_AHEAD }))[Symbol.asyncIterator]() as AsyncIterator<Buffer>
        let ended = false
        try {
          for (;;) {
            const next = await pieces.next().catch((error: unknown) => {
              ended = true
              throw error
            })
            if (next.done) break
            yield next.value
          }
          ended = true
        } finally {
          // Stopped early (the fold failed, or the reader broke off): the rest of the COPY is still on its way, and
          // the connection answers nothing else (the transaction's ROLLBACK included) until it has all come.
          while (!ended) ended = (await pieces.next().catch(() => ({ done: true }))).done === true
        }
      },
    })
  } finally {
    await own.destroy()
    await client.end().catch(() => {})
  }
}
