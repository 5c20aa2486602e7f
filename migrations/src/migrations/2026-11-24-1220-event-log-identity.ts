// Named after every migration of 2026-11-23 because it uses their trigger function (migrations run by name).
// The event log's own identity: a random id made once, with the database. The head kept beside the audit key
// (audit.head) records it, so `replay --verify` pointed at another database with the same data folder says the head
// belongs to another database instead of calling that database's log broken (decision 1220). Append-only like the
// log: not even the owner changes it without disabling triggers; the portal's role can only read it.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE event_log_identity (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`INSERT INTO event_log_identity DEFAULT VALUES`.execute(db)
  await sql`
    CREATE TRIGGER event_log_identity_append_only
    BEFORE UPDATE OR DELETE ON event_log_identity
    FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`.execute(db)
  await sql`
    CREATE TRIGGER event_log_identity_no_truncate
    BEFORE TRUNCATE ON event_log_identity
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE event_log_identity`.execute(db)
}
