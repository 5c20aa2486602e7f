// Notifications of report status changes: one row per person told in the portal, and the e-mails to send, both
// written in the transaction of the event that caused them (one per event and recipient, never twice).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE notifications (
    id serial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    event_position bigint NOT NULL,
    kind text NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    link text,
    created_at timestamptz NOT NULL DEFAULT now(),
    read_at timestamptz,
    UNIQUE (event_position, user_id)
  )`.execute(db)
  await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id, id DESC) WHERE read_at IS NULL`.execute(db)
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC)`.execute(db)
  await sql`CREATE TABLE mail_outbox (
    id serial PRIMARY KEY,
    event_position bigint NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    last_error text,
    UNIQUE (event_position, to_address)
  )`.execute(db)
  await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE sent_at IS NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS mail_outbox`.execute(db)
  await sql`DROP TABLE IF EXISTS notifications`.execute(db)
}
