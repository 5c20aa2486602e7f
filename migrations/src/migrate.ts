// Runs every pending migration in name order (Kysely's Migrator over the explicit list of migrations/index.ts).
import { type Kysely, Migrator, sql } from 'kysely'
import { migrations } from './migrations/index.ts'

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    // Parallel branches add migrations with their own prefixes; an older name arriving later still runs.
    allowUnorderedMigrations: true,
    provider: { getMigrations: async () => migrations },
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '')
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`)
  }
  return (results ?? []).map((r) => r.migrationName)
}

/**
 * The migrations this build knows that the database lacks (every one when none was ever applied). Reads only:
 * a node of the portal's own role checks with it, the owner applies them.
 */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  let applied: Set<string>
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db)
    applied = new Set(rows.map((r) => r.name))
  } catch (error) {
    // undefined_table: a database nobody migrated yet.
    if ((error as { code?: string }).code !== '42P01') throw error
    applied = new Set()
  }
  return Object.keys(migrations).filter((name) => !applied.has(name))
}
