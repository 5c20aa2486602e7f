// A Department user may hold two unread grouped items of one report at once: what to review (a checked file, a
// resubmission; decision 2611) and the exceedances its publication brought (decision 2450). `topic` names the group;
// the unique index over the unread rows is per user, report and topic, so the two never take each other's place.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE notifications ADD COLUMN topic text NOT NULL DEFAULT 'review'`.execute(db)
  await sql`DROP INDEX IF EXISTS notifications_unread_report_key`.execute(db)
  await sql`CREATE UNIQUE INDEX notifications_unread_report_key ON notifications (user_id, report_id, topic) WHERE read_at IS NULL AND report_id IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS notifications_unread_report_key`.execute(db)
  await sql`DELETE FROM notifications WHERE topic <> 'review'`.execute(db)
  await sql`CREATE UNIQUE INDEX notifications_unread_report_key ON notifications (user_id, report_id) WHERE read_at IS NULL AND report_id IS NOT NULL`.execute(db)
  await sql`ALTER TABLE notifications DROP COLUMN topic`.execute(db)
}
