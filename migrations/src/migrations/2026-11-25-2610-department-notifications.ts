// The Department's notifications are grouped per report: while one of a report is unread, a new event of that report
// updates it (its text, time and count of events) instead of adding another (decision 2611). `report_id` is set on
// grouped notifications only; the unique index holds one unread notification per user and report.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE notifications ADD COLUMN report_id integer`.execute(db)
  await sql`ALTER TABLE notifications ADD COLUMN events integer NOT NULL DEFAULT 1`.execute(db)
  await sql`CREATE UNIQUE INDEX notifications_unread_report_key ON notifications (user_id, report_id) WHERE read_at IS NULL AND report_id IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS notifications_unread_report_key`.execute(db)
  await sql`ALTER TABLE notifications DROP COLUMN events`.execute(db)
  await sql`ALTER TABLE notifications DROP COLUMN report_id`.execute(db)
}
