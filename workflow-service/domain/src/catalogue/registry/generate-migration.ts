// `npm run catalogue:migration -- NAME`: freezes the registry's new tables and columns into a migration file
// (migrations never import application code, so the SQL is written out), and lists it in migrations/index.ts.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrations } from '@portal/migrations/migrations/index.ts'
import { migrationFor, type Snapshot } from './ddl.ts'
import { catalogueTypes, checkRegistry, type CatalogueType } from './index.ts'

/** The union of the snapshots that generated migrations export: what the frozen migrations already create. */
export function frozenSnapshot(): Snapshot {
  const snapshot: Snapshot = {}
  for (const name of Object.keys(migrations).sort()) {
    const module = migrations[name] as { catalogueSnapshot?: Snapshot }
    for (const [table, columns] of Object.entries(module.catalogueSnapshot ?? {})) {
      snapshot[table] = [...new Set([...(snapshot[table] ?? []), ...columns])]
    }
  }
  return snapshot
}

export function renderMigration(title: string, statements: string[], down: string[], snapshot: Snapshot): string {
  const block = (list: string[]) => list.map((s) => `  await sql.raw(${JSON.stringify(s)}).execute(db)`).join('\n')
  return `// ${title}
// Generated from the catalogue registry by \`npm run catalogue:migration\`; frozen once applied: never edit, add a new one.
import { type Kysely, sql } from 'kysely'

/** The tables and columns this migration creates (the generator reads the union of every migration's). */
export const catalogueSnapshot: Record<string, string[]> = ${JSON.stringify(snapshot, null, 2)}

export async function up(db: Kysely<any>): Promise<void> {
${block(statements)}
}

export async function down(db: Kysely<any>): Promise<void> {
${block(down)}
}
`
}

/** Where the migrations and their list live. */
export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../migrations/src/migrations')

export const MIGRATION_NAME = /^\d{4}-\d{2}-\d{2}-\d{4}-[a-z0-9-]+$/

/**
 * Writes `<folder>/<name>.ts` with what the registry declares beyond `snapshot` (the frozen migrations), appends it to
 * `<folder>/index.ts`, and answers the statements written; writes nothing and answers [] when nothing changed.
 */
export function writeCatalogueMigration(
  name: string,
  { folder = MIGRATIONS_FOLDER, types = catalogueTypes, snapshot = frozenSnapshot() }: { folder?: string; types?: readonly CatalogueType[]; snapshot?: Snapshot } = {},
): string[] {
  if (!MIGRATION_NAME.test(name)) throw new Error(`a migration name looks like 2026-11-21-0102-what-it-adds: ${name}`)
  const problems = checkRegistry(types)
  if (problems.length) throw new Error(`the registry has problems:\n${problems.join('\n')}`)
  const { statements, down, added } = migrationFor(types, snapshot)
  if (!statements.length) return []
  // The migration records only what it creates: the next run unions every migration's record (frozenSnapshot).
  writeFileSync(path.join(folder, `${name}.ts`), renderMigration('Catalogue tables derived from the registry.', statements, down, added))
  const indexFile = path.join(folder, 'index.ts')
  const ident = name.replace(/^\d{4}-\d{2}-\d{2}-/, 'm').replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())
  let index = readFileSync(indexFile, 'utf8')
  index = index.replace(/(import \* as [^\n]+\n)(?!import)/, `$1import * as ${ident} from './${name}.ts'\n`)
  index = index.replace(/\n\}\s*$/, `\n  '${name}': ${ident},\n}\n`)
  writeFileSync(indexFile, index)
  return statements
}

function main() {
  const name = process.argv[2]
  if (!name || !MIGRATION_NAME.test(name)) {
    process.stderr.write('usage: npm run catalogue:migration -- 2026-11-21-0102-what-it-adds\n')
    process.exit(2)
  }
  try {
    const statements = writeCatalogueMigration(name)
    process.stdout.write(statements.length ? `wrote migrations/src/migrations/${name}.ts (${statements.length} statements)\n` : 'the migrations already create every table and column of the registry\n')
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    process.exit(1)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main()
}
