// Last year's published readings of a report's points, summed per point, substance and unit: what the year-on-year
// warning compares a new value with (decision 2422) and what a new year's template is pre-filled from (decision 2443),
// read by one query so the two always agree.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

/** Whose points: a licence area's, or (a company report without an area) every area's of the company. */
export interface ReadingsScope {
  /** The report's year: the readings read are of the year before. */
  year: number
  areaId: number | null
  companyId: number | null
}

export interface LastYearGroup {
  point: number
  /** The point's code as a file names it (null when the point has none). */
  nomenclature: string | null
  kind: string
  /** The substance as it was published. */
  name: string
  unit: string
  sum: number
  count: number
}

/** One grouped query; a group whose sum is not finite (a value beyond a double) is left out. */
export async function readLastYear(db: Kysely<Database>, scope: ReadingsScope): Promise<LastYearGroup[]> {
  const areas =
    scope.areaId !== null ? sql`p.area_id = ${scope.areaId}` : scope.companyId !== null ? sql`p.area_id IN (SELECT id FROM areas WHERE company_id = ${scope.companyId})` : sql`FALSE`
  const { rows } = await sql<LastYearGroup>`
    SELECT i.measures_point_id AS point, p.nomenclature, p.kind, i.name, i.measure AS unit, sum(i.value)::float8 AS sum, count(i.value)::int AS count
    FROM measures_point_indications i JOIN measures_points p ON p.id = i.measures_point_id
    WHERE i.year = ${scope.year - 1} AND ${areas} AND i.value IS NOT NULL AND i.measure IS NOT NULL
    GROUP BY i.measures_point_id, p.nomenclature, p.kind, i.name, i.measure
    ORDER BY p.nomenclature, i.name, i.measure`.execute(db)
  return rows.filter((row) => Number.isFinite(row.sum) && row.count > 0)
}
