// `npm run catalogue:migration -- NAME`: freezes the registry's new tables and columns into a migration file
// (migrations never import application code, so the SQL is written out), and lists it in migrations/index.ts.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrations } from '@portal/migrations/migrations/index.ts'
import { migrationFor, type Snapshot } from './ddl.ts'
import { catalogueTypes, checkRegistry } from './index.ts'

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

/** The tables and columns this and earlier generated migrations create (read by the generator). */
export const catalogueSnapshot: Record<string, string[]> = ${JSON.stringify(snapshot, null, 2)}

export async function up(db: Kysely<any>): Promise<void> {
${block(statements)}
}

export async function down(db: Kysely<any>): Promise<void> {
${block(down)}
}
`
}

async function main() {
  const name = process.argv[2]
  if (!name || !/^\d{4}-\d{2}-\d{2}-\d{4}-[a-z0-9-]+$/.test(name)) {
    process.stderr.write('usage: npm run catalogue:migration -- 2026-11-21-0102-what-it-adds\n')
    process.exit(2)
  }
  const problems = checkRegistry()
  if (problems.length) {
    process.stderr.write(`the registry has problems:\n${problems.join('\n')}\n`)
    process.exit(1)
  }
  const { statements, down, snapshot } = migrationFor(catalogueTypes, frozenSnapshot())
  if (!statements.length) {
    process.stdout.write('the migrations already create every table and column of the registry\n')
    return
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../migrations/src/migrations')
  writeFileSync(path.join(root, `${name}.ts`), renderMigration('Catalogue tables derived from the registry.', statements, down, snapshot))
  const indexFile = path.join(root, 'index.ts')
  const ident = name.replace(/^\d{4}-\d{2}-\d{2}-/, 'm').replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())
  let index = readFileSync(indexFile, 'utf8')
  index = index.replace(/(import \* as [^\n]+\n)(?!import)/, `$1import * as ${ident} from './${name}.ts'\n`)
  index = index.replace(/\n\}\s*$/, `\n  '${name}': ${ident},\n}\n`)
  writeFileSync(indexFile, index)
  process.stdout.write(`wrote migrations/src/migrations/${name}.ts (${statements.length} statements)\n`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main()
}
