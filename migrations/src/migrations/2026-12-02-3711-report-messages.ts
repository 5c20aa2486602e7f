// The conversation on a report (issue 37, decision 3711): each message the Department or the company's users post is an
// event of the report's stream; report_messages is its read model (numbered by the event's position, as the status
// changes and the history are), with the message's files as the event names them, and the history takes 'message'.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE report_messages (
      id bigint PRIMARY KEY,
      report_id integer NOT NULL REFERENCES import_reports(id),
      company_id integer NOT NULL,
      side text NOT NULL CHECK (side IN ('department', 'holder')),
      text text NOT NULL,
      files jsonb NOT NULL DEFAULT '[]'::jsonb,
      key text,
      created timestamptz NOT NULL,
      creator_id integer,
      creator_username text NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX report_messages_report ON report_messages (report_id, id)`.execute(db)
  // A message's file is downloaded by its id (a uuid the event names).
  await sql`CREATE INDEX report_messages_files ON report_messages USING gin (files jsonb_path_ops)`.execute(db)
  await sql`ALTER TABLE report_history DROP CONSTRAINT report_history_event_check`.execute(db)
  await sql`ALTER TABLE report_history ADD CONSTRAINT report_history_event_check CHECK (event IN ('added', 'agreed', 'rejected', 'deleted', 'resubmitted', 'cancelled', 'message'))`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM report_history WHERE event = 'message'`.execute(db)
  await sql`ALTER TABLE report_history DROP CONSTRAINT report_history_event_check`.execute(db)
  await sql`ALTER TABLE report_history ADD CONSTRAINT report_history_event_check CHECK (event IN ('added', 'agreed', 'rejected', 'deleted', 'resubmitted', 'cancelled'))`.execute(db)
  await sql`DROP TABLE report_messages`.execute(db)
}
