// What every demo-data step gets: the transaction, a seeded faker (the same data on every run) and the scale.
import type { Faker } from '@faker-js/faker'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export interface SeedContext {
  trx: Transaction<Database>
  faker: Faker
  /** Multiplies the volume (`npm run seed -- --scale N`). */
  scale: number
  /** Demo users are made only on the embedded database or with --demo. */
  demoUsers: boolean
  /** Where demo files are written (the portal's storage folder). */
  storageDir: string
  log: (message: string) => void
}

export interface SeedStep {
  name: string
  run(context: SeedContext): Promise<void>
}

/** Inserts rows in batches that stay well under PostgreSQL's 65 535 bind parameters. */
export async function insertInBatches<T extends keyof Database & string>(
  db: Kysely<Database> | Transaction<Database>,
  table: T,
  rows: Record<string, unknown>[],
  batchSize = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) {
    await db.insertInto(table).values(rows.slice(i, i + batchSize) as never).execute()
  }
}

export const YEARS = Array.from({ length: 16 }, (_, i) => 2010 + i)
