// Loads the deterministic demo data set: on the first start of an empty database, or by `npm run seed`.
import { base, Faker, ru } from '@faker-js/faker'
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { SeedStep } from './seed-context.ts'
import { seedSteps } from './seed-steps.ts'
import { skipDemoMail } from './demo-mail.server.ts'
import { recordCatalogueBaseline } from '@portal/workflow-domain/commands.server.ts'
import { analyzeTables } from '@portal/workflow-platform/database.server.ts'

export const DEMO_SEED = 20261121

export interface SeedOptions {
  scale?: number
  demoUsers: boolean
  /** The storage folder the demo files go to: the one the portal will serve them from. */
  storageDir: string
  log?: (message: string) => void
  /** Steps run after the domain's own, in the same transaction: the composition root adds the workers' (templates). */
  extraSteps?: readonly SeedStep[]
}

export async function runSeed(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  const log = options.log ?? (() => {})
  const faker = new Faker({ locale: [ru, base] })
  faker.seed(DEMO_SEED)
  const started = Date.now()
  await db.transaction().execute(async (trx) => {
    for (const step of [...seedSteps, ...(options.extraSteps ?? [])]) {
      await step.run({ trx, faker, scale: options.scale ?? 1, demoUsers: options.demoUsers, storageDir: options.storageDir, log })
    }
    // The seed runs only on an empty database: every letter in the outbox now is the demo data's.
    const skipped = await skipDemoMail(trx)
    if (skipped) log(`demo data: ${skipped} e-mails to made-up people kept in the outbox, never sent`)
    // Last: the catalogue as the demo data leaves it goes into the log, which verify holds the public record against.
    await recordCatalogueBaseline(trx)
  })
  // Every table was empty before: the planner's statistics say so until they are counted again (decision 3505).
  await analyzeTables(db)
  log(`demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst()
  return row === undefined
}

// Several web nodes may start at once on an empty database: one loads the data, the others wait and find it there.
const SEED_LOCK = 7_301_101

export async function seedWhenEmpty(db: Kysely<Database>, options: SeedOptions): Promise<boolean> {
  if (!(await isEmpty(db))) return false
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${SEED_LOCK})`.execute(connection)
    try {
      if (!(await isEmpty(db))) return false
      await runSeed(db, options)
      return true
    } finally {
      await sql`SELECT pg_advisory_unlock(${SEED_LOCK})`.execute(connection)
    }
  })
}
