// Failed logins counted per account (across all addresses) and per address (across accounts) in one row each, so a
// counter is raised with one atomic UPSERT: parallel attempts queue on the row and none can read a stale count.
// Replaces login_failures, which counted per (user, address) with a SELECT before an INSERT.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE login_throttle (
      scope text NOT NULL CHECK (scope IN ('account', 'address')),
      key text NOT NULL,
      attempts integer NOT NULL,
      window_started_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, key)
    )`.execute(db)
  await sql`CREATE INDEX login_throttle_window_idx ON login_throttle (window_started_at)`.execute(db)
  await sql`DROP TABLE login_failures`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE login_failures (
      id bigserial PRIMARY KEY,
      username text NOT NULL,
      address text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX login_failures_key_idx ON login_failures (username, address, failed_at)`.execute(db)
  await sql`CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at)`.execute(db)
  await sql`DROP TABLE login_throttle`.execute(db)
}
