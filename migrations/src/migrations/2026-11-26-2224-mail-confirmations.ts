// The addresses the portal may mail: each responsible person's address gets a confirmation letter, and notices go
// only to an address once its owner confirmed it through the letter's link (issue 22 item 7, decision 2224). The
// token is kept as its SHA-256 only. Outbox rows say which kind of letter they are, for the per-address limits.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE email_confirmations (
    address text PRIMARY KEY,
    token_sha256 text UNIQUE,
    token_created_at timestamptz,
    confirmed_at timestamptz
  )`.execute(db)
  await sql`ALTER TABLE mail_outbox ADD COLUMN kind text NOT NULL DEFAULT 'notice'`.execute(db)
  await sql`CREATE INDEX mail_outbox_address_idx ON mail_outbox (to_address, kind, created_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS mail_outbox_address_idx`.execute(db)
  await sql`ALTER TABLE mail_outbox DROP COLUMN kind`.execute(db)
  await sql`DROP TABLE IF EXISTS email_confirmations`.execute(db)
}
