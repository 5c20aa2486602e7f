// Resubmission: a declined report goes back to consideration when its holder uploads a corrected file, in a new round.
// The report keeps its round; the status changes and the change history record the resubmission.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE import_reports ADD COLUMN round integer NOT NULL DEFAULT 1`.execute(db)
  await sql`ALTER TABLE report_status_changes DROP CONSTRAINT report_status_changes_event_check`.execute(db)
  await sql`ALTER TABLE report_status_changes ADD CONSTRAINT report_status_changes_event_check CHECK (event IN ('agreed', 'rejected', 'cancelled', 'resubmitted'))`.execute(db)
  await sql`ALTER TABLE report_history DROP CONSTRAINT report_history_event_check`.execute(db)
  await sql`ALTER TABLE report_history ADD CONSTRAINT report_history_event_check CHECK (event IN ('added', 'agreed', 'rejected', 'deleted', 'resubmitted'))`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM report_history WHERE event = 'resubmitted'`.execute(db)
  await sql`ALTER TABLE report_history DROP CONSTRAINT report_history_event_check`.execute(db)
  await sql`ALTER TABLE report_history ADD CONSTRAINT report_history_event_check CHECK (event IN ('added', 'agreed', 'rejected', 'deleted'))`.execute(db)
  await sql`DELETE FROM report_status_changes WHERE event = 'resubmitted'`.execute(db)
  await sql`ALTER TABLE report_status_changes DROP CONSTRAINT report_status_changes_event_check`.execute(db)
  await sql`ALTER TABLE report_status_changes ADD CONSTRAINT report_status_changes_event_check CHECK (event IN ('agreed', 'rejected', 'cancelled'))`.execute(db)
  await sql`ALTER TABLE import_reports DROP COLUMN round`.execute(db)
}
