// The generic catalogue queries: a filtered page (one query for the rows with their nested objects, one for the
// exact count) and one record by id, for any type of the registry.
import { CompiledQuery, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type RawBuilder, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { storedFields } from './registry/index.ts'
import type { CatalogueType, FilterDef, RefDef } from './registry/types.ts'
import type { OrderTerm } from './ordering.ts'
import { containsPattern } from './search-pattern.ts'
import type { AppliedFilters, FilterValue } from './filters.ts'

/** A parsed filter value: what `parseFilters` makes of the query string. */

type Row = Record<string, unknown>

interface Join {
  alias: string
  sql: RawBuilder<unknown>
}

/** `json_build_object(...)` of a reference, with its nested references, collecting the joins it needs. */
function refObject(ref: RefDef, alias: string, joins: Join[], counter: { n: number }): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = []
  const embed = ref.embed.includes('id') ? ref.embed : ['id', ...ref.embed]
  for (const column of embed) parts.push(sql`${sql.lit(column)}, ${sql.ref(`${alias}.${column}`)}`)
  for (const nested of ref.nested ?? []) {
    const child = `j${++counter.n}`
    joins.push({
      alias: child,
      sql: sql`LEFT JOIN ${sql.table(nested.ref.table)} AS ${sql.id(child)} ON ${sql.ref(`${child}.id`)} = ${sql.ref(`${alias}.${nested.column}`)}`,
    })
    parts.push(sql`${sql.lit(nested.name)}, ${refObject(nested.ref, child, joins, counter)}`)
  }
  return sql`CASE WHEN ${sql.ref(`${alias}.id`)} IS NULL THEN NULL ELSE json_build_object(${sql.join(parts)}) END`
}

/** The select list and joins of a type: stored columns, dates as text, references as nested objects. */
function selection(type: CatalogueType): { columns: RawBuilder<unknown>[]; joins: Join[] } {
  const joins: Join[] = []
  const counter = { n: 0 }
  const columns: RawBuilder<unknown>[] = [sql`t.id`]
  for (const field of storedFields(type)) {
    const column = sql.ref(`t.${field.column}`)
    if (field.type === 'ref' && field.ref) {
      const alias = `j${++counter.n}`
      joins.push({ alias, sql: sql`LEFT JOIN ${sql.table(field.ref.table)} AS ${sql.id(alias)} ON ${sql.ref(`${alias}.id`)} = ${column}` })
      columns.push(sql`${refObject(field.ref, alias, joins, counter)} AS ${sql.id(field.name)}`)
    } else if (field.type === 'date' && field.dateOnly) {
      columns.push(sql`to_char(${column}, 'YYYY-MM-DD') AS ${sql.id(field.name)}`)
    } else {
      columns.push(sql`${column} AS ${sql.id(field.name)}`)
    }
  }
  for (const field of type.fields) {
    const related = field.related
    if (!related) continue
    const parts = related.embed.map((column) => sql`${sql.lit(column)}, ${sql.ref(`r.${column}`)}`)
    // The declaration's SQL is static text of the registry, never input.
    columns.push(sql`(SELECT coalesce(json_agg(json_build_object(${sql.join(parts)}) ORDER BY ${sql.ref(`r.${related.order}`)}, r.id), '[]'::json)
      FROM ${sql.table(related.table)} AS r WHERE ${sql.raw(related.where)}) AS ${sql.id(field.name)}`)
  }
  return { columns, joins }
}

// Compiles without a connection: only to turn a type's fixed select list into its text once.
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
})

interface SelectionText {
  /** The select list, as PostgreSQL gets it. */
  columns: RawBuilder<unknown>
  /** `<table> AS t` and the joins of its references. */
  from: RawBuilder<unknown>
}

const selectionTexts = new WeakMap<CatalogueType, SelectionText>()

/**
 * The select list and FROM of a type as text, made once per type: the registry's types do not change, and building
 * and compiling a few dozen column references for every record or page asked was a tenth of a cache miss's time
 * (docs/performance.md). They hold no values (names and literals of the registry only), so the text is the same.
 */
function selectionText(type: CatalogueType): SelectionText {
  let text = selectionTexts.get(type)
  if (!text) {
    const { columns, joins } = selection(type)
    const compiled = [sql.join(columns), sql`${sql.table(type.table)} AS t ${sql.join(joins.map((j) => j.sql), sql` `)}`].map((part) => part.compile(compiler))
    if (compiled.some((c) => c.parameters.length > 0)) throw new Error(`the select list of ${type.slug} holds values`)
    text = { columns: sql.raw(compiled[0].sql), from: sql.raw(compiled[1].sql) }
    selectionTexts.set(type, text)
  }
  return text
}

function condition(filter: FilterDef, value: FilterValue): RawBuilder<unknown> {
  const column = sql.ref(`t.${filter.column}`)
  if (filter.through) {
    const inner = { ...filter, through: undefined }
    const sub = condition(inner, value)
    // The condition is written against t.<column>; inside the subquery t is the referenced table.
    return sql`${sql.ref(`t.${filter.through.fk}`)} IN (SELECT t.id FROM ${sql.table(filter.through.table)} AS t WHERE ${sub})`
  }
  switch (filter.kind) {
    case 'id-list':
    case 'enum-list':
      return sql`${column} = ANY(${value as unknown[]})`
    case 'search':
      // search_text() on both sides (the pattern is folded alike): ё = е, and the column's trigram index serves it.
      return sql`search_text(${column}) LIKE ${containsPattern(String(value))}`
    case 'date-gte':
      return sql`${column} >= ${value}::date`
    case 'date-lte':
      return sql`${column} <= ${value}::date`
    case 'bbox': {
      const [minLon, minLat, maxLon, maxLat] = value as number[]
      return sql`t.latitude BETWEEN ${minLat} AND ${maxLat} AND t.longitude BETWEEN ${minLon} AND ${maxLon}`
    }
    case 'isnull':
      if (filter.reverse) {
        const exists = sql`EXISTS (SELECT 1 FROM ${sql.table(filter.reverse)} AS r WHERE ${sql.ref(`r.${filter.column}`)} = t.id)`
        return value ? sql`NOT ${exists}` : exists
      }
      return value ? sql`${column} IS NULL` : sql`${column} IS NOT NULL`
    default:
      return sql`${column} = ${value}`
  }
}

/** The filters that narrow a list: a declared one with a value (an empty search narrows nothing). */
function narrowing(type: CatalogueType, filters: AppliedFilters): Array<[FilterDef, FilterValue]> {
  const applied: Array<[FilterDef, FilterValue]> = []
  for (const filter of type.filters) {
    const value = filters[filter.name]
    if (value === undefined) continue
    if (filter.kind === 'search' && String(value).trim() === '') continue
    applied.push([filter, value])
  }
  return applied
}

/** The values `condition` binds, in its order: the parameters of a statement whose text is kept (`shapeKey`). */
function conditionValues(filter: FilterDef, value: FilterValue): unknown[] {
  if (filter.through) return conditionValues({ ...filter, through: undefined }, value)
  switch (filter.kind) {
    case 'search':
      return [containsPattern(String(value))]
    case 'bbox': {
      const [minLon, minLat, maxLon, maxLat] = value as number[]
      return [minLat, maxLat, minLon, maxLon]
    }
    case 'isnull':
      return []
    default:
      return [value]
  }
}

/**
 * What a statement's text depends on besides the type: the filters that narrow it (an isnull filter's text also on
 * its value) and the ordering. Values never change the text (a list is one array parameter), so one text serves
 * every request of the same shape (decision 3811).
 */
function shapeKey(type: CatalogueType, applied: Array<[FilterDef, FilterValue]>, ordering: readonly OrderTerm[]): string {
  let key = type.slug
  for (const [filter, value] of applied) key += filter.kind === 'isnull' ? `|${filter.name}=${value ? 1 : 0}` : `|${filter.name}`
  for (const term of ordering) key += `/${term.column} ${term.direction}`
  return key
}

/**
 * Statements compiled once per shape: the text from its first compile, kept, and the values bound afresh. The first
 * compile's parameters are checked against the values computed for it, so a shape whose values this module would
 * put in another order is compiled every time instead of sent wrong. Bounded: the shapes are the registry's types
 * times the filters a page combines, never the values.
 */
const MAX_SHAPES = 2_000
const shapes = new Map<string, string | null>()
function kept<R>(key: string, values: unknown[], build: () => RawBuilder<R>): CompiledQuery<R> {
  const text = shapes.get(key)
  if (typeof text === 'string') return CompiledQuery.raw(text, values) as CompiledQuery<R>
  const compiled = build().compile(compiler)
  if (text === undefined && shapes.size < MAX_SHAPES) shapes.set(key, sameValues(compiled.parameters, values) ? compiled.sql : null)
  return compiled
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => (Array.isArray(v) && Array.isArray(b[i]) ? sameValues(v, b[i] as unknown[]) : Object.is(v, b[i])))
}

export function whereClause(type: CatalogueType, filters: AppliedFilters, extra: readonly RawBuilder<unknown>[] = []): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [...extra, ...narrowing(type, filters).map(([filter, value]) => condition(filter, value))]
  return parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``
}

/**
 * The tables whose row count triggers keep beside them (migration 3813): a list of one of them shown whole reads its
 * total there instead of counting every row on each cache miss, the one cost of a page that grew with the data.
 */
const KEPT_COUNTS: ReadonlySet<string> = new Set(['companies'])

/** The requested order first (`ordering=`), then the type's own order, then id: every page is deterministic. */
function orderClause(type: CatalogueType, ordering: readonly OrderTerm[] = []): RawBuilder<unknown> {
  const terms: OrderTerm[] = [...ordering]
  for (const [column, direction] of type.order) if (!terms.some((t) => t.column === column)) terms.push({ column, direction })
  if (!terms.some((t) => t.column === 'id')) terms.push({ column: 'id', direction: 'asc' })
  const parts = terms.map(({ column, direction }) =>
    direction === 'desc' ? sql`${sql.ref(`t.${column}`)} DESC NULLS LAST` : sql`${sql.ref(`t.${column}`)} ASC`,
  )
  return sql`ORDER BY ${sql.join(parts)}`
}

/** Computed fields and nesting (`indicators: {...}`) applied to a row as the API answers it. */
export function shapeRow(type: CatalogueType, row: Row): Row {
  const out: Row = {}
  for (const [key, value] of Object.entries(row)) out[key] = value
  for (const field of type.fields) {
    if (field.compute) out[field.name] = field.compute(out) ?? null
  }
  for (const field of type.fields) {
    if (!field.nest) continue
    const holder = (out[field.nest] ??= {}) as Row
    holder[field.name] = out[field.name]
    delete out[field.name]
  }
  return out
}

export interface PageResult {
  count: number
  results: Row[]
}

/** The two statements of a list page: its rows and the exact count (the benchmark runs them through bare pg too). */
export function listStatements(type: CatalogueType, filters: AppliedFilters, limit: number, offset: number, ordering: readonly OrderTerm[] = []) {
  return {
    rows: sql<Row>`${listSql(type, filters, ordering)} LIMIT ${limit} OFFSET ${offset}`,
    count:
      KEPT_COUNTS.has(type.table) && narrowing(type, filters).length === 0
        ? sql<{ count: number }>`SELECT count::int AS count FROM table_row_counts WHERE table_name = ${type.table}`
        : sql<{ count: number }>`SELECT count(*)::int AS count FROM ${sql.table(type.table)} AS t ${whereClause(type, filters)}`,
  }
}

export async function listRecords(
  db: Kysely<Database>,
  type: CatalogueType,
  filters: AppliedFilters,
  limit: number,
  offset: number,
  ordering: readonly OrderTerm[] = [],
): Promise<PageResult> {
  // The texts of listStatements, compiled once per shape (decision 3811).
  const applied = narrowing(type, filters)
  const key = shapeKey(type, applied, ordering)
  const where = applied.flatMap(([filter, value]) => conditionValues(filter, value))
  const keptCount = KEPT_COUNTS.has(type.table) && applied.length === 0
  const rowsQuery = kept(`rows ${key}`, [...where, limit, offset], () => listStatements(type, filters, limit, offset, ordering).rows)
  const countQuery = kept(`count ${key}`, keptCount ? [type.table] : where, () => listStatements(type, filters, limit, offset, ordering).count)
  const [rows, total] = await Promise.all([db.executeQuery(rowsQuery), db.executeQuery(countQuery)])
  return { count: Number(total.rows[0]?.count ?? 0), results: rows.rows.map((r) => shapeRow(type, r)) }
}

/** A column and conditions added to a list's SELECT (the GeoJSON answer's geometry and its rows with one). */
export interface ListExtra {
  columns: RawBuilder<unknown>[]
  where: RawBuilder<unknown>[]
}

/** The ordered, filtered SELECT of a list without its window: pages add LIMIT/OFFSET, exports read it whole. */
export function listSql(type: CatalogueType, filters: AppliedFilters, ordering: readonly OrderTerm[] = [], extra?: ListExtra): RawBuilder<Row> {
  const { columns, from } = selectionText(type)
  const more = extra && extra.columns.length > 0 ? sql`, ${sql.join(extra.columns)}` : sql``
  return sql<Row>`SELECT ${columns}${more} FROM ${from} ${whereClause(type, filters, extra?.where)} ${orderClause(type, ordering)}`
}

/**
 * A type's read of one record as text, made once per type (decision 3811): compiling it per card was a share of a
 * page miss, and the same text object each time is named without its whole text hashed again.
 */
const recordTexts = new WeakMap<CatalogueType, string>()

export async function findRecord(db: Kysely<Database>, type: CatalogueType, id: number): Promise<Row | undefined> {
  let text = recordTexts.get(type)
  if (text === undefined) {
    const { columns, from } = selectionText(type)
    text = sql`SELECT ${columns} FROM ${from} WHERE t.id = $1`.compile(compiler).sql
    recordTexts.set(type, text)
  }
  const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(text, [id]))
  return rows[0] ? shapeRow(type, rows[0]) : undefined
}

/** The distinct years of a type's records, newest first (reference year lists, year filter options). */
export async function yearsOf(db: Kysely<Database>, type: CatalogueType, filters: AppliedFilters = {}): Promise<number[]> {
  if (!storedFields(type).some((f) => f.column === 'year')) return []
  const applied = narrowing(type, filters)
  const years = kept(`years ${shapeKey(type, applied, [])}`, applied.flatMap(([filter, value]) => conditionValues(filter, value)), () =>
    sql<{ year: number }>`SELECT DISTINCT t.year FROM ${sql.table(type.table)} AS t ${whereClause(type, filters)} ORDER BY t.year DESC`,
  )
  const { rows } = await db.executeQuery(years)
  return rows.map((r) => r.year)
}
