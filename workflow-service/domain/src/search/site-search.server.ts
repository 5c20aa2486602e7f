// The header's search: companies (by name or ИНН), areas (licence areas and polygons, by name or licence number),
// measuring points (by name or code, «ПН-1-01»), water objects and substances whose names contain the words typed or
// another form of them («сера» finds «Диоксид серы (SO2)»), ё and е alike, case ignored. Text is compared through
// search_text() (migration 2026-11-23-1910), whose trigram indexes serve the '%…%' patterns; the other forms of a word
// are PostgreSQL's Russian stems (a full-text index over the same folding, migration 2026-11-25-2620); the few
// substances are matched among the distinct names of the readings by the same two conditions.
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { substanceNames } from '../catalogue/chart-series.server.ts'
import { containsPattern, searchText } from '../catalogue/search-pattern.ts'

export const SEARCH_KINDS = ['companies', 'areas', 'points', 'water', 'substances'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

export interface SearchHit {
  /** The record's id; null for a substance (it has no record of its own). */
  id: number | null
  name: string
  /** A short second line: the company's ИНН, the area's licence, the point's code and area, the water object's system. */
  details: string | null
  /** What the hit is: the area's or the point's kind code, 'company', 'water', 'substance'. */
  kind: string
  /** A water object's observation system (its page lists the points on it); null when no system names it. */
  system_id?: number | null
}

export interface SearchGroup {
  count: number
  results: SearchHit[]
}

export type SearchAnswer = { query: string } & Record<SearchKind, SearchGroup>

/** The query as searched: NUL dropped, spaces collapsed, trimmed. */
export function normaliseQuery(raw: string): string {
  return raw.replace(/\u0000/g, '').replace(/\s+/g, ' ').trim()
}

/** A text found by the query: the folded query inside it, or every word of the query in another form (Russian stems). */
function matches(text: RawBuilder<unknown>, query: string): RawBuilder<boolean> {
  return sql<boolean>`(search_text(${text}) LIKE ${containsPattern(query)}
    OR to_tsvector('russian', search_text(${text})) @@ plainto_tsquery('russian', ${searchText(query)}))`
}

async function group(
  db: Kysely<Database>,
  table: 'companies' | 'areas' | 'measures_points' | 'water_resources',
  query: string,
  limit: number,
  select: RawBuilder<unknown>,
  options: { number?: string; join?: RawBuilder<unknown> } = {},
): Promise<SearchGroup> {
  // A number (ИНН, licence, code) is matched as typed, folded, not by stems: 'ПН-1-01' is no word.
  const byNumber = options.number ? sql`OR search_text(${sql.ref(`t.${options.number}`)}) LIKE ${containsPattern(query)}` : sql``
  const where = sql`(${matches(sql.ref('t.name'), query)} ${byNumber})`
  const [rows, total] = await Promise.all([
    sql<SearchHit>`SELECT ${select} FROM ${sql.table(table)} AS t ${options.join ?? sql``} WHERE ${where}
      ORDER BY similarity(search_text(t.name), ${searchText(query)}) DESC, t.name, t.id LIMIT ${limit}`.execute(db),
    sql<{ count: number }>`SELECT count(*)::int AS count FROM ${sql.table(table)} AS t WHERE ${where}`.execute(db),
  ])
  return { count: total.rows[0]?.count ?? 0, results: rows.rows }
}

/** The substances (the distinct names of the readings) found by the query, in name order. */
async function substances(db: Kysely<Database>, query: string, limit: number): Promise<SearchGroup> {
  const names = await substanceNames(db)
  const found = await sql<{ name: string }>`SELECT n.name FROM unnest(${names}::text[]) WITH ORDINALITY AS n(name, position)
    WHERE ${matches(sql.ref('n.name'), query)} ORDER BY n.position`.execute(db)
  return { count: found.rows.length, results: found.rows.slice(0, limit).map(({ name }) => ({ id: null, name, details: null, kind: 'substance' })) }
}

/** Up to `limit` hits of each kind, best first (most similar name), and how many there are in all. */
export async function siteSearch(db: Kysely<Database>, rawQuery: string, limit = 10): Promise<SearchAnswer> {
  const query = normaliseQuery(rawQuery)
  const [companies, areas, points, water, found] = await Promise.all([
    group(db, 'companies', query, limit, sql`t.id, t.name, t.inn AS details, 'company' AS kind`, { number: 'inn' }),
    group(db, 'areas', query, limit, sql`t.id, t.name, t.license AS details, t.kind`, { number: 'license' }),
    group(db, 'measures_points', query, limit, sql`t.id, t.name, concat_ws(' · ', t.nomenclature, a.name) AS details, t.kind`, {
      number: 'nomenclature',
      join: sql`LEFT JOIN areas a ON a.id = t.area_id`,
    }),
    // A water object has no page of its own: its hit names the first observation system that lists it.
    group(db, 'water_resources', query, limit, sql`t.id, t.name, s.name AS details, s.id AS system_id, 'water' AS kind`, {
      join: sql`LEFT JOIN LATERAL (SELECT ws.id, ws.name FROM water_systems ws WHERE t.name = ANY(ws.water_resources) ORDER BY ws.id LIMIT 1) s ON true`,
    }),
    substances(db, query, limit),
  ])
  return { query, companies, areas, points, water, substances: found }
}
