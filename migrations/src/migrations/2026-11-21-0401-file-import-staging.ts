// Rows of checked data files kept until their report is agreed, which of them are published, and the job outbox.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // No foreign keys to import_files/import_reports: those are projections, rebuilt by the replay, while these rows
  // come from the files themselves and must survive a rebuild. The file-delete job removes them.
  await sql`
    CREATE TABLE import_staged_rows (
      id bigserial PRIMARY KEY,
      file_id integer NOT NULL,
      report_id integer NOT NULL,
      target_table text NOT NULL,
      row_number integer NOT NULL,
      data jsonb NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX import_staged_rows_file_idx ON import_staged_rows (file_id, row_number)`.execute(db)

  // Which catalogue rows a file's publication created: withdrawing a report deletes exactly these.
  await sql`
    CREATE TABLE import_published_rows (
      target_table text NOT NULL,
      row_id bigint NOT NULL,
      file_id integer NOT NULL,
      report_id integer NOT NULL,
      PRIMARY KEY (target_table, row_id)
    )`.execute(db)
  await sql`CREATE INDEX import_published_rows_file_idx ON import_published_rows (file_id)`.execute(db)
  await sql`CREATE INDEX import_published_rows_report_idx ON import_published_rows (report_id)`.execute(db)

  // BullMQ cannot join a PostgreSQL transaction: jobs are written here in the caller's transaction and relayed.
  await sql`
    CREATE TABLE job_outbox (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      data jsonb NOT NULL,
      key text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  // NOTIFY is delivered on commit only, so the relay wakes exactly when a job becomes real.
  await sql`
    CREATE FUNCTION job_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('job_outbox', '');
      RETURN NULL;
    END
    $$`.execute(db)
  await sql`
    CREATE TRIGGER job_outbox_notify AFTER INSERT ON job_outbox
    FOR EACH STATEMENT EXECUTE FUNCTION job_outbox_notify()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE job_outbox`.execute(db)
  await sql`DROP FUNCTION job_outbox_notify()`.execute(db)
  await sql`DROP TABLE import_published_rows`.execute(db)
  await sql`DROP TABLE import_staged_rows`.execute(db)
}
