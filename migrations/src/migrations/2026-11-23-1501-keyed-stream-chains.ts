// Per-stream keyed hash chains and global checkpoints: appends to different streams no longer wait for each other.
// Events written before this migration keep their unkeyed global chain (keyed = false); the first checkpoint seals them.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // Positions now come from a sequence: unique and increasing within a stream, with gaps where a command lost a race.
  await sql`CREATE SEQUENCE events_position_seq OWNED BY events.position`.execute(db)
  await sql`SELECT setval('events_position_seq', COALESCE((SELECT max(position) FROM events), 0) + 1, false)`.execute(db)
  // ADD COLUMN with a default fills existing rows without an UPDATE, so the append-only trigger is not involved.
  await sql`ALTER TABLE events ADD COLUMN keyed boolean NOT NULL DEFAULT false`.execute(db)
  await sql`ALTER TABLE events ALTER COLUMN keyed SET DEFAULT true`.execute(db)

  await sql`
    CREATE TABLE event_checkpoints (
      id bigserial PRIMARY KEY,
      from_position bigint NOT NULL,
      to_position bigint NOT NULL,
      events integer NOT NULL,
      digest text NOT NULL,
      prev_mac text NOT NULL,
      mac text NOT NULL,
      created_at timestamptz NOT NULL,
      CONSTRAINT event_checkpoints_from_key UNIQUE (from_position),
      CHECK (to_position > from_position)
    )`.execute(db)
  await sql`
    CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the audit log is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
    END
    $$`.execute(db)
  await sql`
    CREATE TRIGGER event_checkpoints_append_only
    BEFORE UPDATE OR DELETE ON event_checkpoints
    FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`.execute(db)
  await sql`
    CREATE TRIGGER event_checkpoints_no_truncate
    BEFORE TRUNCATE ON event_checkpoints
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE event_checkpoints`.execute(db)
  await sql`DROP FUNCTION audit_log_refuse_change()`.execute(db)
  await sql`ALTER TABLE events DROP COLUMN keyed`.execute(db)
  await sql`DROP SEQUENCE events_position_seq`.execute(db)
}
