// Derives the SQL of the catalogue tables from the registry: column types, constraints and one index per filter.
// Used by the migration generator (which freezes the SQL into a migration file) and the drift test.
import { storedFields } from './index.ts'
import type { CatalogueType, FieldDef } from './types.ts'

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`

/** The PostgreSQL type of a field's column, as information_schema names it (data_type). */
export function sqlTypeOf(field: FieldDef): string {
  switch (field.type) {
    case 'number':
      return field.integer ? 'integer' : 'double precision'
    case 'date':
      return field.dateOnly ? 'date' : 'timestamp with time zone'
    case 'list':
      return 'text[]'
    case 'boolean':
      return 'boolean'
    case 'ref':
      return 'integer'
    default:
      return 'text'
  }
}

function columnSql(field: FieldDef & { column: string }): string {
  const parts = [quote(field.column), sqlTypeOf(field)]
  if (field.required) parts.push('NOT NULL')
  if (field.type === 'ref' && field.ref) {
    // A required reference never deletes by cascade: a record others depend on is refused deletion instead.
    parts.push(`REFERENCES ${quote(field.ref.table)}(id)${field.required ? '' : ' ON DELETE SET NULL'}`)
  }
  if (field.type === 'enum' && field.options) {
    parts.push(`CHECK (${quote(field.column)} IN (${Object.keys(field.options).map(literal).join(', ')}))`)
  }
  return parts.join(' ')
}

function createTableSql(type: CatalogueType): string {
  const columns = ['id serial PRIMARY KEY', ...storedFields(type).map(columnSql)]
  return `CREATE TABLE ${quote(type.table)} (\n  ${columns.join(',\n  ')}\n)`
}

function addColumnSql(type: CatalogueType, field: FieldDef & { column: string }): string {
  // A new NOT NULL column cannot be added to rows that exist: it is added nullable, the registry check stays in the API.
  return `ALTER TABLE ${quote(type.table)} ADD COLUMN ${columnSql({ ...field, required: false })}`
}

/** One index per filter: search columns get a trigram index, others a b-tree (with year second when the type has one). */
function indexSql(type: CatalogueType, columns?: Set<string>): string[] {
  const stored = new Set(storedFields(type).map((f) => f.column))
  const hasYear = stored.has('year')
  const statements = new Map<string, string>()
  for (const filter of type.filters) {
    if (filter.through || filter.reverse) continue
    if (columns && !columns.has(filter.column)) continue
    const column = filter.column
    if (filter.kind === 'search') {
      // Over search_text(), the folding the search's condition uses (ё = е, lower case), so the index serves it.
      const name = `${type.table}_${column}_search_text_idx`
      statements.set(name, `CREATE INDEX ${quote(name)} ON ${quote(type.table)} USING gin (search_text(${quote(column)}) gin_trgm_ops)`)
    } else if (column === 'year' || !hasYear) {
      const name = `${type.table}_${column}_idx`
      statements.set(name, `CREATE INDEX ${quote(name)} ON ${quote(type.table)} (${quote(column)})`)
    } else {
      const name = `${type.table}_${column}_year_idx`
      statements.set(name, `CREATE INDEX ${quote(name)} ON ${quote(type.table)} (${quote(column)}, year)`)
    }
  }
  // Reference columns without a filter still get an index: deleting the referenced row must not scan the table.
  for (const field of storedFields(type)) {
    if (field.type !== 'ref' || type.filters.some((f) => f.column === field.column && !f.through)) continue
    if (columns && !columns.has(field.column)) continue
    const name = `${type.table}_${field.column}_idx`
    statements.set(name, `CREATE INDEX ${quote(name)} ON ${quote(type.table)} (${quote(field.column)})`)
  }
  return [...statements.values()]
}

function publicChangedTriggerSql(type: CatalogueType): string {
  return `CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${quote(type.table)} FOR EACH STATEMENT EXECUTE FUNCTION notify_public_changed()`
}

/** What the frozen migrations already hold: table → its columns. */
export type Snapshot = Record<string, string[]>

/**
 * The statements that bring a database at `snapshot` to the registry, the snapshot after them, and `added`: only
 * the tables and columns these statements create (what a generated migration records; the generator unions them).
 */
export function migrationFor(types: readonly CatalogueType[], snapshot: Snapshot): { statements: string[]; down: string[]; snapshot: Snapshot; added: Snapshot } {
  const statements: string[] = []
  const down: string[] = []
  const next: Snapshot = { ...snapshot }
  const added: Snapshot = {}
  // Core tables exist already: the first generated migration only adds the indexes their filters still lack.
  for (const type of types.filter((t) => t.origin === 'core' && !snapshot[t.table])) {
    const missing = new Set(type.filters.map((f) => f.column).filter((c) => !(type.coreIndexed ?? []).includes(c)))
    const statements0 = indexSql(type, missing)
    statements.push(...statements0)
    for (const s of statements0) down.unshift(`DROP INDEX IF EXISTS ${quote(/INDEX "([^"]+)"/.exec(s)?.[1] ?? '')}`)
    next[type.table] = ['id', ...storedFields(type).map((f) => f.column)]
    added[type.table] = next[type.table]
  }
  const generated = types.filter((t) => t.origin === 'generated')
  // Referenced tables first, so REFERENCES always finds its table.
  const ordered = topological(generated)
  for (const type of ordered) {
    const fields = storedFields(type)
    const existing = snapshot[type.table]
    if (!existing) {
      // A new table is public: its changes drop the web processes' cached answers (migration 1701's trigger).
      statements.push(createTableSql(type), ...indexSql(type), publicChangedTriggerSql(type))
      down.unshift(`DROP TABLE IF EXISTS ${quote(type.table)} CASCADE`)
      added[type.table] = ['id', ...fields.map((f) => f.column)]
    } else {
      const newFields = fields.filter((f) => !existing.includes(f.column))
      for (const f of newFields) {
        statements.push(addColumnSql(type, f))
        down.unshift(`ALTER TABLE ${quote(type.table)} DROP COLUMN IF EXISTS ${quote(f.column)}`)
      }
      if (newFields.length) {
        statements.push(...indexSql(type, new Set(newFields.map((f) => f.column))))
        added[type.table] = newFields.map((f) => f.column)
      }
    }
    next[type.table] = [...new Set([...(existing ?? []), 'id', ...fields.map((f) => f.column)])]
  }
  return { statements, down, snapshot: next, added }
}

/** Types ordered so that every referenced table of the list comes before the tables that reference it. */
function topological(types: CatalogueType[]): CatalogueType[] {
  const tables = new Set(types.map((t) => t.table))
  const done = new Set<string>()
  const out: CatalogueType[] = []
  let pending = [...types]
  while (pending.length) {
    const ready = pending.filter((t) => t.fields.every((f) => f.type !== 'ref' || !f.ref || f.ref.table === t.table || !tables.has(f.ref.table) || done.has(f.ref.table)))
    if (!ready.length) throw new Error(`circular references between ${pending.map((t) => t.table).join(', ')}`)
    for (const t of ready) {
      out.push(t)
      done.add(t.table)
    }
    pending = pending.filter((t) => !done.has(t.table))
  }
  return out
}
