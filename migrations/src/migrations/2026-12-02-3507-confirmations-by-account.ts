// A confirmation letter names the account whose command asked for it (issue 35 item 9, decision 3508), so the
// letters one account makes the portal send are bounded per day as well as per address per hour.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE mail_outbox ADD COLUMN requested_by integer`.execute(db)
  await sql`CREATE INDEX mail_outbox_confirmations_by_idx ON mail_outbox (requested_by, created_at) WHERE kind = 'confirmation' AND requested_by IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS mail_outbox_confirmations_by_idx`.execute(db)
  await sql`ALTER TABLE mail_outbox DROP COLUMN IF EXISTS requested_by`.execute(db)
}
