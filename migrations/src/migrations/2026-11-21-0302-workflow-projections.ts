// Read models of the report workflow (responsibles, reports, decisions, files, history), rebuilt from the event log.
import { type Kysely, sql } from 'kysely'

// Ids come from these sequences into the events that create a record, so a replay rebuilds the same ids.
const SEQUENCES = ['import_reports_id_seq', 'import_files_id_seq', 'ecomon_responsibles_id_seq', 'company_responsibles_id_seq']

export async function up(db: Kysely<any>): Promise<void> {
  for (const name of SEQUENCES) await sql`CREATE SEQUENCE ${sql.id(name)}`.execute(db)

  await sql`
    CREATE TABLE ecomon_responsibles (
      id integer PRIMARY KEY,
      area_id integer NOT NULL REFERENCES areas(id),
      company_id integer NOT NULL REFERENCES companies(id),
      year integer NOT NULL,
      fullname text NOT NULL,
      position text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      labs_name text,
      labs_contacts text,
      added timestamptz NOT NULL,
      updated timestamptz NOT NULL,
      version integer NOT NULL,
      UNIQUE (area_id, year)
    )`.execute(db)
  await sql`CREATE INDEX ecomon_responsibles_company_year_idx ON ecomon_responsibles (company_id, year)`.execute(db)

  await sql`
    CREATE TABLE company_responsibles (
      id integer PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id),
      year integer NOT NULL,
      fullname text NOT NULL,
      position text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      labs_name text,
      labs_contacts text,
      added timestamptz NOT NULL,
      updated timestamptz NOT NULL,
      version integer NOT NULL,
      UNIQUE (company_id, year)
    )`.execute(db)

  await sql`
    CREATE TABLE import_reports (
      id integer PRIMARY KEY,
      stream_id text NOT NULL UNIQUE,
      report_type text NOT NULL CHECK (report_type IN ('final_report', 'program', 'observation_results', 'greenhouse_gases')),
      status text NOT NULL CHECK (status IN ('consideration', 'agreed', 'rejected')),
      year integer NOT NULL,
      area_id integer REFERENCES areas(id),
      company_id integer NOT NULL REFERENCES companies(id),
      created timestamptz NOT NULL,
      updated timestamptz NOT NULL,
      version integer NOT NULL
    )`.execute(db)
  await sql`CREATE UNIQUE INDEX import_reports_area_key ON import_reports (area_id, year, report_type) WHERE area_id IS NOT NULL`.execute(db)
  await sql`CREATE UNIQUE INDEX import_reports_company_key ON import_reports (company_id, year, report_type) WHERE area_id IS NULL`.execute(db)
  await sql`CREATE INDEX import_reports_company_year_idx ON import_reports (company_id, year, report_type)`.execute(db)
  // Serves /companies/?report_status=…: the companies having reports in a status.
  await sql`CREATE INDEX import_reports_status_company_idx ON import_reports (status, company_id)`.execute(db)

  await sql`
    CREATE TABLE report_status_changes (
      id bigint PRIMARY KEY,
      report_id integer NOT NULL REFERENCES import_reports(id),
      event text NOT NULL CHECK (event IN ('agreed', 'rejected', 'cancelled')),
      comment text NOT NULL,
      created timestamptz NOT NULL,
      creator_id integer,
      creator_username text NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX report_status_changes_report_idx ON report_status_changes (report_id, id)`.execute(db)

  await sql`
    CREATE TABLE decision_files (
      id uuid PRIMARY KEY,
      report_id integer NOT NULL REFERENCES import_reports(id),
      status_change_id bigint NOT NULL REFERENCES report_status_changes(id),
      name text NOT NULL,
      size bigint NOT NULL,
      content_type text NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX decision_files_change_idx ON decision_files (status_change_id)`.execute(db)

  await sql`
    CREATE TABLE import_files (
      id integer PRIMARY KEY,
      report_id integer NOT NULL REFERENCES import_reports(id),
      company_id integer NOT NULL REFERENCES companies(id),
      area_id integer REFERENCES areas(id),
      year integer NOT NULL,
      report_type text NOT NULL,
      name text NOT NULL,
      storage_key uuid NOT NULL UNIQUE,
      size bigint NOT NULL,
      content_type text NOT NULL,
      description text NOT NULL,
      status text NOT NULL CHECK (status IN ('processing', 'success', 'error', 'deletion', 'deleted')),
      problems jsonb NOT NULL,
      ecomon_responsible_id integer REFERENCES ecomon_responsibles(id),
      company_responsible_id integer REFERENCES company_responsibles(id),
      created timestamptz NOT NULL,
      updated timestamptz NOT NULL,
      creator_id integer,
      creator_username text NOT NULL,
      version integer NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX import_files_report_idx ON import_files (report_id, id)`.execute(db)
  await sql`CREATE INDEX import_files_area_year_idx ON import_files (area_id, year)`.execute(db)
  await sql`CREATE INDEX import_files_company_type_year_idx ON import_files (company_id, report_type, year)`.execute(db)

  await sql`
    CREATE TABLE report_history (
      id bigint PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id),
      report_id integer NOT NULL REFERENCES import_reports(id),
      event text NOT NULL CHECK (event IN ('added', 'agreed', 'rejected', 'deleted')),
      import_files jsonb NOT NULL,
      created timestamptz NOT NULL,
      creator_id integer,
      creator_username text NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX report_history_company_created_idx ON report_history (company_id, created, id)`.execute(db)

  // GET import-reports and import-files look areas up by their exact name (spec §7: area_name).
  await sql`CREATE INDEX areas_name_idx ON areas (name)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX areas_name_idx`.execute(db)
  for (const table of ['report_history', 'import_files', 'decision_files', 'report_status_changes', 'import_reports', 'company_responsibles', 'ecomon_responsibles']) {
    await sql`DROP TABLE ${sql.id(table)}`.execute(db)
  }
  for (const name of SEQUENCES) await sql`DROP SEQUENCE ${sql.id(name)}`.execute(db)
}
