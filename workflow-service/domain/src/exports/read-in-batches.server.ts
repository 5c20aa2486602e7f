// Reads every row of a query through a server-side cursor, a batch at a time, in one read-only transaction: one
// consistent snapshot, no OFFSET rescans, and only one batch in memory.
import { type Expression, type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export const EXPORT_BATCH = 1000

export async function readInBatches<Row>(
  db: Kysely<Database>,
  query: Expression<unknown>,
  onBatch: (rows: Row[]) => Promise<void>,
  size = EXPORT_BATCH,
): Promise<void> {
  await db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`DECLARE export_rows NO SCROLL CURSOR FOR ${query}`.execute(trx)
      for (;;) {
        const { rows } = await sql<Row>`FETCH FORWARD ${sql.raw(String(size))} FROM export_rows`.execute(trx)
        if (rows.length === 0) break
        await onBatch(rows)
        if (rows.length < size) break
      }
      await sql`CLOSE export_rows`.execute(trx)
    })
}
