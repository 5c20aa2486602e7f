// Runs every pending migration in name order (Kysely's Migrator over the explicit list of migrations/index.ts).
import { type Kysely, Migrator } from 'kysely'
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
