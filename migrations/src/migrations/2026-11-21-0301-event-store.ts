// The append-only event log of the report workflow: the database itself refuses UPDATE, DELETE and TRUNCATE on it.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // position is assigned by the appender under one advisory lock, so it is gapless and follows commit order.
  await sql`
    CREATE TABLE events (
      position bigint PRIMARY KEY,
      stream_id text NOT NULL,
      stream_version integer NOT NULL CHECK (stream_version >= 1),
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      prev_hash text NOT NULL,
      hash text NOT NULL,
      CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version)
    )`.execute(db)

  await sql`
    CREATE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the event log is append-only: % on events is refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END
    $$`.execute(db)
  await sql`
    CREATE TRIGGER events_append_only
    BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_refuse_change()`.execute(db)
  await sql`
    CREATE TRIGGER events_no_truncate
    BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_change()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE events`.execute(db)
  await sql`DROP FUNCTION events_refuse_change()`.execute(db)
}
