// The reminders of a due date and the Department's daily digest of what is overdue (decision 3603): one row per notice
// sent, under a key that says what it is for (`reminder:<report>:<due day>`, `overdue:<region day>`). The key is
// unique, so a retried job or a second worker at the same moment writes a notice once; the notices and letters it
// wrote carry the row's id, negated, where an event's position stands (no event causes them).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE due_notices (
    id bigserial PRIMARY KEY,
    key text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS due_notices`.execute(db)
}
