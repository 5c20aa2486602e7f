// The public record under the log (issue 33, decision 3310). The portal's role loses UPDATE, DELETE and TRUNCATE on
// the tables of published readings and on the list of what each file published (app-role.ts revokes them); the one
// removal the workflow needs, withdrawing a file's rows when its report is no longer agreed, goes through a function
// of the owner's that does only that. Each report's publication is recorded by the log (a `publication-report-N`
// stream), its read model is `report_publications`.
import { type Kysely, sql } from 'kysely'
import { PUBLISHED_READING_TABLES } from '../public-record-tables.ts'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE report_publications (
      id integer PRIMARY KEY,
      status text NOT NULL CHECK (status IN ('published', 'failed')),
      rows_public integer NOT NULL,
      rows_staged integer NOT NULL,
      files jsonb NOT NULL,
      reason text,
      updated timestamptz NOT NULL,
      position bigint NOT NULL
    )`.execute(db)
  // The project's own constant names (never input): written into the function's text as literals.
  const tables = PUBLISHED_READING_TABLES.map((t) => `'${t}'`).join(', ')
  await sql
    .raw(
      `
    CREATE OR REPLACE FUNCTION withdraw_published_file(p_file_id integer) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      r record;
      n integer := 0;
      m integer;
    BEGIN
      -- The rows of a checked file of an agreed report stay public: only what no agreement holds any more is withdrawn.
      IF EXISTS (SELECT 1 FROM import_files f JOIN import_reports rep ON rep.id = f.report_id
                 WHERE f.id = p_file_id AND f.status = 'success' AND rep.status = 'agreed') THEN
        RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
          MESSAGE = format('the rows of file %s are published by an agreed report: they are not withdrawn', p_file_id);
      END IF;
      FOR r IN SELECT DISTINCT target_table FROM import_published_rows WHERE file_id = p_file_id LOOP
        IF r.target_table NOT IN (${tables}) THEN
          RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege', MESSAGE = format('%s is no table of published readings', r.target_table);
        END IF;
        EXECUTE format('DELETE FROM %I WHERE id IN (SELECT row_id FROM import_published_rows WHERE file_id = $1 AND target_table = $2)', r.target_table)
          USING p_file_id, r.target_table;
        GET DIAGNOSTICS m = ROW_COUNT;
        n := n + m;
      END LOOP;
      DELETE FROM import_published_rows WHERE file_id = p_file_id;
      RETURN n;
    END
    $$`,
    )
    .execute(db)
  await sql`REVOKE ALL ON FUNCTION withdraw_published_file(integer) FROM PUBLIC`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS withdraw_published_file(integer)`.execute(db)
  await sql`DROP TABLE IF EXISTS report_publications`.execute(db)
}
