// Fresh planner statistics for tables just filled in bulk (a seed, a large publication): until ANALYZE runs,
// PostgreSQL plans reads of them from what it counted before, an empty table, and a page that reads many rows pays
// for it on every miss until autovacuum gets there (issue 35 item 10, decision 3505).
import { type Kysely, sql } from 'kysely'
import { APPEND_ONLY_TABLES } from '@portal/migrations/app-role.ts'
import type { Database } from '@portal/migrations/database.ts'

/** The table of the readings a publication fills (the catalogue's largest). */
export const READINGS_TABLE = 'measures_point_indications'

/**
 * ANALYZE of the given tables, or of every table of the portal's schema but the log's (the portal's role may not
 * maintain those, app-role.ts). Outside any transaction, and its own
 * statement: what filled the tables is committed before. The portal's role may analyze them on PostgreSQL 17 and
 * later (MAINTAIN, migrations/app-role.ts); on an earlier server PostgreSQL skips them with a warning, and the
 * statistics come with autovacuum as before.
 */
export async function analyzeTables(db: Kysely<Database>, tables?: readonly string[]): Promise<void> {
  const log: readonly string[] = APPEND_ONLY_TABLES
  const names = tables ?? (await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(db)).rows.map((r) => r.name).filter((name) => !log.includes(name))
  if (names.length === 0) return
  await sql`ANALYZE ${sql.join(names.map((name) => sql.id(name)))}`.execute(db)
}
