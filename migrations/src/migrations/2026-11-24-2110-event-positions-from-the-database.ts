// Named after every migration of 2026-11-23 because it uses their event log, sequence and checkpoints (migrations run
// by name). The database, not the caller, decides which positions an event may take (decision 2110): a position is
// positive and one the log's sequence has issued. The portal's role can insert nowhere else, and the grants take
// setval from it: every row it can write is in the chain that verify, the checkpoints and the replay read. Rows written at a position at or below zero before this migration stay (the check is then left
// unvalidated) and verify names them as outside the chain.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE events ADD CONSTRAINT events_position_positive CHECK (position > 0) NOT VALID`.execute(db)
  await sql`
    DO $$
    BEGIN
      ALTER TABLE events VALIDATE CONSTRAINT events_position_positive;
    EXCEPTION WHEN check_violation THEN
      RAISE WARNING 'events holds rows at a position at or below zero: replay --verify names them as outside the chain';
    END
    $$`.execute(db)

  // SECURITY DEFINER with a fixed search_path: it reads the sequence as its owner, whatever the inserting role may
  // read, and no object of that role can stand in for it. One read of the sequence's single row per event, inside
  // the append's one INSERT statement: no round trip is added.
  await sql`
    CREATE FUNCTION events_position_issued() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    DECLARE
      issued bigint;
      called boolean;
    BEGIN
      SELECT last_value, is_called INTO issued, called FROM public.events_position_seq;
      IF NEW.position > issued OR (NEW.position = issued AND NOT called) THEN
        RAISE EXCEPTION 'position % of the event log was not issued by events_position_seq', NEW.position
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END
    $$`.execute(db)
  await sql`REVOKE ALL ON FUNCTION events_position_issued() FROM PUBLIC`.execute(db)
  await sql`
    CREATE TRIGGER events_position_issued
    BEFORE INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION events_position_issued()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER events_position_issued ON events`.execute(db)
  await sql`DROP FUNCTION events_position_issued()`.execute(db)
  await sql`ALTER TABLE events DROP CONSTRAINT events_position_positive`.execute(db)
}
