// A notification belongs to the company whose report it tells of, not only to the user told: a user moved to
// another company stops seeing the old company's notifications, and sees them again if moved back (issue 22
// item 12, decision 2222). Earlier rows take the company from their link (`/monitoring/companies/<id>/reports…`).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE notifications ADD COLUMN company_id integer`.execute(db)
  await sql`UPDATE notifications SET company_id = substring(link from '/companies/([0-9]{1,9})/')::integer WHERE link ~ '/companies/[0-9]{1,9}/'`.execute(db)
  await sql`DROP INDEX IF EXISTS notifications_unread_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS notifications_user_idx`.execute(db)
  await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id, company_id, id DESC) WHERE read_at IS NULL`.execute(db)
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, company_id, id DESC)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS notifications_unread_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS notifications_user_idx`.execute(db)
  await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id, id DESC) WHERE read_at IS NULL`.execute(db)
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC)`.execute(db)
  await sql`ALTER TABLE notifications DROP COLUMN company_id`.execute(db)
}
