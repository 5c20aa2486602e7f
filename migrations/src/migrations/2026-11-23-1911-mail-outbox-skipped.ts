// A reason on an outbox letter that must never be sent (the demo data's letters to made-up addresses): the sender
// takes only rows without one.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE mail_outbox ADD COLUMN skipped_reason text`.execute(db)
  await sql`DROP INDEX IF EXISTS mail_outbox_due_idx`.execute(db)
  await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE sent_at IS NULL AND skipped_reason IS NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS mail_outbox_due_idx`.execute(db)
  await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE sent_at IS NULL`.execute(db)
  await sql`ALTER TABLE mail_outbox DROP COLUMN skipped_reason`.execute(db)
}
