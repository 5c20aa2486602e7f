// The public's copy of the log's seals (issue 37, decision 3710): each checkpoint's statement as signed with the
// portal's Ed25519 key, kept beside `event_checkpoints`. The portal's role may add a statement and read them, never
// change or remove one (app-role.ts revokes the rest), so a statement once published stays as it was.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE signed_checkpoints (
      to_position bigint PRIMARY KEY,
      statement text NOT NULL,
      signature text NOT NULL,
      key_fingerprint text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS signed_checkpoints`.execute(db)
}
