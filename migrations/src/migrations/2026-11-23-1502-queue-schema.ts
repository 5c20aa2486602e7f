// The job queue's schema exists before the queue starts: the portal's own role may not create schemas, so pg-boss
// (told not to create it) installs its tables into this one, which the owner hands to the portal's role.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS pgboss`.execute(db)
}

export async function down(): Promise<void> {
  // The queue's tables may live in it: dropping it is pg-boss's business, not a migration's.
}
