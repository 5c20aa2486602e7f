// The header's search: companies, areas (licence areas and polygons), measuring points and substances whose names
// contain the words typed, ё and е alike, case ignored. Names are compared through search_text() (migration
// 2026-11-23-1910-site-search), whose trigram indexes serve the '%…%' patterns; the few substances are matched among
// the distinct names of the readings.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { substanceNames } from '../catalogue/chart-series.server.ts'

export const SEARCH_KINDS = ['companies', 'areas', 'points', 'substances'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

export interface SearchHit {
  /** The record's id; null for a substance (it has no record of its own). */
  id: number | null
  name: string
  /** A short second line: the company's kind, the area's kind, the point's area, the substance's unit. */
  details: string | null
  /** What the hit is: the area's or the point's kind code, 'company', 'substance'. */
  kind: string
}

export interface SearchGroup {
  count: number
  results: SearchHit[]
}

export type SearchAnswer = { query: string } & Record<SearchKind, SearchGroup>

/** The text as search_text() makes it: lower case, ё as е. */
export function searchText(text: string): string {
  return text.replace(/[Ёё]/g, 'е').toLowerCase()
}

/** A LIKE pattern that finds the text anywhere, its own % _ and \\ taken literally. */
function containsPattern(text: string): string {
  return `%${searchText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The query as searched: NUL dropped, spaces collapsed, trimmed. */
export function normaliseQuery(raw: string): string {
  return raw.replace(/\u0000/g, '').replace(/\s+/g, ' ').trim()
}

async function group(
  db: Kysely<Database>,
  table: 'companies' | 'areas' | 'measures_points',
  pattern: string,
  query: string,
  limit: number,
  select: ReturnType<typeof sql>,
  join: ReturnType<typeof sql> = sql``,
): Promise<SearchGroup> {
  const where = sql`search_text(t.name) LIKE ${pattern}`
  const [rows, total] = await Promise.all([
    sql<SearchHit>`SELECT ${select} FROM ${sql.table(table)} AS t ${join} WHERE ${where}
      ORDER BY similarity(search_text(t.name), ${searchText(query)}) DESC, t.name, t.id LIMIT ${limit}`.execute(db),
    sql<{ count: number }>`SELECT count(*)::int AS count FROM ${sql.table(table)} AS t WHERE ${where}`.execute(db),
  ])
  return { count: total.rows[0]?.count ?? 0, results: rows.rows }
}

/** Up to `limit` hits of each kind, best first (most similar name), and how many there are in all. */
export async function siteSearch(db: Kysely<Database>, rawQuery: string, limit = 10): Promise<SearchAnswer> {
  const query = normaliseQuery(rawQuery)
  const pattern = containsPattern(query)
  const [companies, areas, points, names] = await Promise.all([
    group(db, 'companies', pattern, query, limit, sql`t.id, t.name, t.inn AS details, 'company' AS kind`),
    group(db, 'areas', pattern, query, limit, sql`t.id, t.name, t.license AS details, t.kind`),
    group(db, 'measures_points', pattern, query, limit, sql`t.id, t.name, a.name AS details, t.kind`, sql`LEFT JOIN areas a ON a.id = t.area_id`),
    substanceNames(db),
  ])
  const needle = searchText(query)
  const found = names.filter((n) => searchText(n).includes(needle))
  const substances = { count: found.length, results: found.slice(0, limit).map((name) => ({ id: null, name, details: null, kind: 'substance' })) }
  return { query, companies, areas, points, substances }
}
