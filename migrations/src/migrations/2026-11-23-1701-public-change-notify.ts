// Every committed change of what the public sees (catalogue records, publications, report statuses) sends one NOTIFY
// on the channel public_changed, so every web process drops its cached public answers (http/public-cache.server.ts).
import { type Kysely, sql } from 'kysely'

/** The channel the web processes listen on. */
export const PUBLIC_CHANGED_CHANNEL = 'public_changed'

/**
 * Tables whose changes the public never sees: the log and its checkpoints (their read models notify), sessions,
 * accounts, login throttling, the job outbox, staged rows of files under check, the migrator's own tables.
 */
export const PRIVATE_TABLES = [
  'events',
  'event_checkpoints',
  'sessions',
  'users',
  'login_failures',
  'job_outbox',
  'import_staged_rows',
  'kysely_migration',
  'kysely_migration_lock',
]

/** Adds the statement trigger to one table (a later migration that creates a public table calls this). */
export async function notifyPublicChanges(db: Kysely<any>, table: string): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS public_changed ON ${sql.table(table)}`.execute(db)
  await sql`
    CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
    FOR EACH STATEMENT EXECUTE FUNCTION notify_public_changed()`.execute(db)
}

export async function up(db: Kysely<any>): Promise<void> {
  // NOTIFY is delivered when the transaction commits, and identical ones of one transaction are sent once.
  await sql`
    CREATE OR REPLACE FUNCTION notify_public_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify(${sql.lit(PUBLIC_CHANGED_CHANNEL)}, '');
      RETURN NULL;
    END $$`.execute(db)
  const { rows } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND NOT (tablename = ANY(${PRIVATE_TABLES})) ORDER BY tablename`.execute(db)
  for (const { tablename } of rows) await notifyPublicChanges(db, tablename)
}

export async function down(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ table: string }>`
    SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = 'public_changed'`.execute(db)
  for (const { table } of rows) await sql`DROP TRIGGER IF EXISTS public_changed ON ${sql.table(table)}`.execute(db)
  await sql`DROP FUNCTION IF EXISTS notify_public_changed()`.execute(db)
}
