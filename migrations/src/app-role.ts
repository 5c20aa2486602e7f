// The rights of the portal's own database role, granted by the owner after every migration run: read and write the
// read models, only INSERT and SELECT on the audit log, nothing on the migrations' own tables, and its queue's schema.
import { type Kysely, sql } from 'kysely'
import { migrateToLatest } from './migrate.ts'
import { PUBLIC_RECORD_TABLES } from './public-record-tables.ts'

/** Tables the portal may only append to and read: it can never change or remove what they hold. */
export const APPEND_ONLY_TABLES = ['events', 'event_checkpoints', 'event_log_identity', 'signed_checkpoints'] as const

/** Their sequences: the portal draws from them (nextval) but never sets them (setval needs UPDATE). */
export const APPEND_ONLY_SEQUENCES = ['events_position_seq', 'event_checkpoints_id_seq'] as const

/** Serialises the grants of nodes that start together. */
const GRANT_LOCK = 7_150_201

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`

/**
 * Idempotent. ALTER DEFAULT PRIVILEGES makes every table a later migration creates (as this owner) usable by the
 * portal without that migration granting anything; append-only tables are revoked back to INSERT and SELECT here.
 */
export async function grantAppRole(ownerDb: Kysely<any>, appRole: string): Promise<void> {
  const app = sql.id(appRole)
  await sql`GRANT CONNECT, TEMPORARY ON DATABASE ${sql.id(await currentDatabase(ownerDb))} TO ${app}`.execute(ownerDb)
  await sql`GRANT USAGE ON SCHEMA public TO ${app}`.execute(ownerDb)
  await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${app}`.execute(ownerDb)
  await sql`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${app}`.execute(ownerDb)
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app}`.execute(ownerDb)
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${app}`.execute(ownerDb)
  for (const table of APPEND_ONLY_TABLES) {
    await sql`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${sql.id(table)} FROM ${app}`.execute(ownerDb)
  }
  // A sequence moved back would hand out positions again, or checkpoint ids that collide (decision 2110).
  for (const table of PUBLIC_RECORD_TABLES) {
    await sql`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${sql.id(table)} FROM ${app}`.execute(ownerDb)
  }
  await sql`GRANT EXECUTE ON FUNCTION withdraw_published_file(integer) TO ${app}`.execute(ownerDb)
  // A unit change converts a substance's readings only through the owner's function (decision 3416).
  await sql`GRANT EXECUTE ON FUNCTION convert_published_readings(text, text, text, integer) TO ${app}`.execute(ownerDb)
  // ANALYZE after a seed or a large publication (decision 3505): MAINTAIN (PostgreSQL 17+) lets the role refresh the
  // planner's statistics and vacuum, never read or change a row it may not already.
  if (Number((await sql<{ v: string }>`SELECT current_setting('server_version_num') AS v`.execute(ownerDb)).rows[0].v) >= 170000) {
    await sql`GRANT MAINTAIN ON ALL TABLES IN SCHEMA public TO ${app}`.execute(ownerDb)
    // Not on the log: MAINTAIN also lets a role LOCK, REINDEX and CLUSTER a table, and the log's tables must stay out
    // of the portal's reach but for appending (docs/security.md); their statistics come with autovacuum.
    for (const table of APPEND_ONLY_TABLES) await sql`REVOKE MAINTAIN ON ${sql.id(table)} FROM ${app}`.execute(ownerDb)
  }
  for (const sequence of APPEND_ONLY_SEQUENCES) {
    await sql`REVOKE UPDATE ON SEQUENCE ${sql.id(sequence)} FROM ${app}`.execute(ownerDb)
  }
  // The portal checks that no migration is pending (SELECT); applying them is the owner's.
  await sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON kysely_migration, kysely_migration_lock FROM ${app}`.execute(ownerDb)

  // The queue's schema and everything pg-boss made in it belong to the portal's role (it adds tables per queue).
  // Handing an object to a role needs the right to act for it (a superuser, or `GRANT <app> TO <owner>`), which an
  // owner a DBA made by hand has not (issue 22 item 14). Such an owner keeps the schema and lets the portal's role
  // create in it instead: pg-boss then makes its tables and partitions as that role, which owns them. Only objects
  // made earlier by another role (a single-role deployment's queue) must be handed over; without the right, the start
  // stops with one Russian line naming the single GRANT that allows it.
  await sql
    .raw(`
    DO $$
    DECLARE
      app text := ${literal(appRole)};
      r record;
    BEGIN
      IF (SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'pgboss') <> app THEN
        BEGIN
          EXECUTE format('ALTER SCHEMA pgboss OWNER TO %I', app);
        EXCEPTION WHEN insufficient_privilege THEN
          EXECUTE format('GRANT USAGE, CREATE ON SCHEMA pgboss TO %I', app);
        END;
      END IF;
      FOR r IN
        SELECT format('TABLE %s', c.oid::regclass) AS object FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'pgboss' AND c.relkind IN ('r', 'p', 'v', 'm', 'S') AND pg_get_userbyid(c.relowner) <> app
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i'))
        UNION ALL
        SELECT format('ROUTINE %s', p.oid::regprocedure) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'pgboss' AND pg_get_userbyid(p.proowner) <> app
        UNION ALL
        SELECT format('TYPE %s', t.oid::regtype) FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = 'pgboss' AND t.typtype IN ('e', 'd') AND pg_get_userbyid(t.typowner) <> app
      LOOP
        BEGIN
          EXECUTE format('ALTER %s OWNER TO %I', r.object, app);
        EXCEPTION WHEN insufficient_privilege THEN
          RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege', MESSAGE = format(
            'очередь заданий (схема pgboss) создана раньше ролью, отличной от роли портала %I, и владелец базы %I не может передать её таблицы этой роли: выполните один раз GRANT %I TO %I (право действовать за роль портала нужно только для этой передачи) и запустите портал снова',
            app, current_user, app, current_user);
        END;
      END LOOP;
    END
    $$`)
    .execute(ownerDb)
}

async function currentDatabase(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db)
  return rows[0].name
}

/** Brings the database to the latest schema as its owner, then gives the portal's role (if it is another) its rights. */
export async function prepareDatabase(ownerDb: Kysely<any>, options: { appRole: string | null }): Promise<string[]> {
  const applied = await migrateToLatest(ownerDb)
  const appRole = options.appRole
  if (appRole) {
    // Several nodes starting at once would GRANT on the same objects together ("tuple concurrently updated"): one at a time.
    await ownerDb.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${GRANT_LOCK})`.execute(trx)
      await grantAppRole(trx, appRole)
    })
  }
  return applied
}
