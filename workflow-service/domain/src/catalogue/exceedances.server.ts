// Readings above their ПДК (the Department's list of exceedances): every published reading whose value is above its
// limit, with its point, area and company, the worst multiple first. Values and limits are in the limit's unit
// (decision 2130), so the multiple is value / ПДК as stored.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { multipleOf } from '../text/russian-format.ts'

export interface ExceedanceFilters {
  year?: number
  area?: number
  company?: number
  substance?: string
}

export interface Exceedance {
  id: number
  year: number
  sampled: string | null
  substance: string
  value: number
  measure: string
  mpc: number
  multiple: number
  point: { id: number; name: string; nomenclature: string | null }
  area: { id: number; name: string } | null
  company: { id: number; name: string } | null
}

/** A reading `i` above its limit: the one test of the list, the chart and the Department's notice. */
export const ABOVE_LIMIT = sql`i.mpc > 0 AND i.value > i.mpc`
/**
 * The worst first: the order of the list and of a report's exceedances (the multiple itself is `multipleOf`). The
 * ratio in numeric, which cannot overflow where float8 division does (1e308 / 0,2 failed the publication's transaction
 * on every try, decision 3310).
 */
const WORST_FIRST = sql`(i.value::numeric / i.mpc::numeric) DESC, i.id`

function whereOf(filters: ExceedanceFilters) {
  const parts = [ABOVE_LIMIT]
  if (filters.year !== undefined) parts.push(sql`i.year = ${filters.year}`)
  if (filters.area !== undefined) parts.push(sql`p.area_id = ${filters.area}`)
  if (filters.company !== undefined) parts.push(sql`a.company_id = ${filters.company}`)
  if (filters.substance !== undefined) parts.push(sql`i.name = ${filters.substance}`)
  return sql`WHERE ${sql.join(parts, sql` AND `)}`
}

const FROM = sql`FROM measures_point_indications i
  JOIN measures_points p ON p.id = i.measures_point_id
  LEFT JOIN areas a ON a.id = p.area_id
  LEFT JOIN companies c ON c.id = a.company_id`

export async function listExceedances(db: Kysely<Database>, filters: ExceedanceFilters, limit: number, offset: number): Promise<{ count: number; results: Exceedance[] }> {
  const where = whereOf(filters)
  const [rows, total] = await Promise.all([
    sql<Omit<Exceedance, 'multiple'>>`
      SELECT i.id, i.year, to_char(i.sampled, 'YYYY-MM-DD') AS sampled, i.name AS substance, i.value, i.measure, i.mpc,
        json_build_object('id', p.id, 'name', p.name, 'nomenclature', p.nomenclature) AS point,
        CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.name) END AS area,
        CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', c.name) END AS company
      ${FROM} ${where}
      ORDER BY ${WORST_FIRST}
      LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<{ count: number }>`SELECT count(*)::int AS count ${FROM} ${where}`.execute(db),
  ])
  // The multiple is the readings' `share`, one computation in one place: never 6666666666666670 beside 6666666666666667.
  const results = rows.rows.map((r) => ({ ...r, value: Number(r.value), mpc: Number(r.mpc), multiple: multipleOf(Number(r.value), Number(r.mpc)) ?? 0 }))
  return { count: Number(total.rows[0]?.count ?? 0), results }
}

/** How many readings exceeded their limit each year, with the other filters (the page's chart); oldest first. */
export async function exceedancesPerYear(db: Kysely<Database>, filters: Omit<ExceedanceFilters, 'year'>): Promise<Array<{ year: number; count: number }>> {
  const { rows } = await sql<{ year: number; count: number }>`SELECT i.year, count(*)::int AS count ${FROM} ${whereOf(filters)} GROUP BY i.year ORDER BY i.year`.execute(db)
  return rows
}

/** The published readings of one report above their ПДК: how many, the worst multiple and its substance. */
export async function exceedancesOfReport(db: Kysely<Database>, reportId: number): Promise<{ count: number; worst: { multiple: number; substance: string } | null }> {
  const { rows } = await sql<{ count: number; value: number; mpc: number; substance: string }>`
    SELECT count(*) OVER ()::int AS count, i.value::float8 AS value, i.mpc::float8 AS mpc, i.name AS substance
    FROM import_published_rows r JOIN measures_point_indications i ON i.id = r.row_id
    WHERE r.report_id = ${reportId} AND r.target_table = 'measures_point_indications' AND ${ABOVE_LIMIT}
    ORDER BY ${WORST_FIRST}
    LIMIT 1`.execute(db)
  const found = rows[0]
  return found ? { count: found.count, worst: { multiple: multipleOf(found.value, found.mpc) ?? 0, substance: found.substance } } : { count: 0, worst: null }
}

export interface ExceedanceChoices {
  years: number[]
  companies: Array<{ id: number; name: string }>
  areas: Array<{ id: number; name: string }>
  substances: string[]
}

/** What the page's selects offer: the years, companies, areas (of the company, when one is chosen) and substances that have exceedances. */
export async function exceedanceChoices(db: Kysely<Database>, filters: { company?: number }): Promise<ExceedanceChoices> {
  const where = sql`WHERE ${ABOVE_LIMIT}`
  const [years, companies, areas, substances] = await Promise.all([
    sql<{ year: number }>`SELECT DISTINCT i.year ${FROM} ${where} ORDER BY i.year DESC`.execute(db),
    sql<{ id: number; name: string }>`SELECT DISTINCT c.id, c.name ${FROM} ${where} AND c.id IS NOT NULL ORDER BY c.name, c.id`.execute(db),
    sql<{ id: number; name: string }>`SELECT DISTINCT a.id, a.name ${FROM} ${whereOf({ company: filters.company })} AND a.id IS NOT NULL ORDER BY a.name, a.id`.execute(db),
    sql<{ name: string }>`SELECT DISTINCT i.name ${FROM} ${where} ORDER BY i.name`.execute(db),
  ])
  return { years: years.rows.map((r) => r.year), companies: companies.rows, areas: areas.rows, substances: substances.rows.map((r) => r.name) }
}
