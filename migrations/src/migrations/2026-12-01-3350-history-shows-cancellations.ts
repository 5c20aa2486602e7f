// The company's change history lists a cancelled decision as its own entry, between the decision it undid and the
// next one (issue 33): report_history takes the event 'cancelled', and the cancellations already recorded (in
// report_status_changes, numbered by their event's position like the history) are added to it, naming no files.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE report_history DROP CONSTRAINT report_history_event_check`.execute(db)
  await sql`ALTER TABLE report_history ADD CONSTRAINT report_history_event_check CHECK (event IN ('added', 'agreed', 'rejected', 'deleted', 'resubmitted', 'cancelled'))`.execute(
    db,
  )
  await sql`
    INSERT INTO report_history (id, company_id, report_id, event, import_files, created, creator_id, creator_username)
    SELECT s.id, r.company_id, s.report_id, 'cancelled', '[]'::jsonb, s.created, s.creator_id, s.creator_username
    FROM report_status_changes s
    JOIN import_reports r ON r.id = s.report_id
    WHERE s.event = 'cancelled'
    ON CONFLICT (id) DO NOTHING`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM report_history WHERE event = 'cancelled'`.execute(db)
  await sql`ALTER TABLE report_history DROP CONSTRAINT report_history_event_check`.execute(db)
  await sql`ALTER TABLE report_history ADD CONSTRAINT report_history_event_check CHECK (event IN ('added', 'agreed', 'rejected', 'deleted', 'resubmitted'))`.execute(
    db,
  )
}
