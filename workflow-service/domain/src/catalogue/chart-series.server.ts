// The numbers behind the charts and the map: a point's readings per substance and year against the limit, yearly
// totals or means of a list's numeric fields, and the measuring points with the worst multiple of the limit in a year.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { AppliedFilters } from './filters.ts'
import { whereClause } from './query.server.ts'
import { type CatalogueType, columnOf } from './registry/types.ts'
import { multipleOf } from '../text/russian-format.ts'

export interface ReadingYear {
  year: number
  /** The value of the year's worst reading: the one with the largest multiple of its own limit (the largest value without one). */
  value: number
  /** That reading's own limit, or null without one. */
  mpc: number | null
  /** value / mpc of that one reading (`multipleOf`, as the readings' `share`), or null without a limit. */
  share: number | null
  /** That reading's sampling day (yyyy-mm-dd), or null when it has none. */
  sampled: string | null
}

export interface ReadingSeries {
  name: string
  measure: string
  years: ReadingYear[]
}

/**
 * Every substance measured at a point, each with its yearly worst reading, in name order. A year's point is one
 * reading, shown with its own value and limit: never the year's largest value against another row's smallest limit.
 */
export async function readingSeries(db: Kysely<Database>, pointId: number): Promise<ReadingSeries[]> {
  const { rows } = await sql<{ name: string; measure: string; year: number; value: number; mpc: number | null; sampled: string | null }>`
    SELECT DISTINCT ON (name, measure, year) name, measure, year, value::float8 AS value,
      (CASE WHEN mpc > 0 THEN mpc END)::float8 AS mpc, to_char(sampled, 'YYYY-MM-DD') AS sampled
    FROM measures_point_indications WHERE measures_point_id = ${pointId}
    ORDER BY name, measure, year, (CASE WHEN mpc > 0 THEN value / mpc END) DESC NULLS LAST, value DESC, id`.execute(db)
  const series: ReadingSeries[] = []
  for (const row of rows) {
    let last = series[series.length - 1]
    if (!last || last.name !== row.name || last.measure !== row.measure) series.push((last = { name: row.name, measure: row.measure, years: [] }))
    last.years.push({ year: row.year, value: row.value, mpc: row.mpc, share: multipleOf(row.value, row.mpc), sampled: row.sampled })
  }
  return series
}

export type Aggregate = 'sum' | 'avg'

export interface YearValues {
  year: number
  /** How many of the list's records the year has. */
  count: number
  /** Field name → the year's sum or mean over the list's records (null when no record has a value). */
  values: Record<string, number | null>
}

/** Per year, the count of the records of a list with its filters and the sum or mean of some numeric fields (none: the count alone). */
export async function yearlyValues(db: Kysely<Database>, type: CatalogueType, filters: AppliedFilters, fields: readonly string[], aggregate: Aggregate): Promise<YearValues[]> {
  const columns = fields.map((name) => {
    const field = type.fields.find((f) => f.name === name && f.type === 'number' && !f.compute)
    if (!field) throw new Error(`${type.slug}: ${name} is not a stored number`)
    const column = sql.ref(`t.${columnOf(field)}`)
    return aggregate === 'sum' ? sql`sum(${column})::float8 AS ${sql.id(name)}` : sql`avg(${column})::float8 AS ${sql.id(name)}`
  })
  if (!type.fields.some((f) => f.name === 'year')) return []
  const { rows } = await sql<Record<string, number | null> & { year: number; count: number }>`
    SELECT t.year, ${sql.join([sql`count(*)::int AS count`, ...columns])} FROM ${sql.table(type.table)} AS t ${whereClause(type, filters)}
    GROUP BY t.year ORDER BY t.year`.execute(db)
  return rows.map(({ year, count, ...values }) => ({ year, count, values }))
}

export interface MapFilters {
  area?: number
  /** The kind of the points' area: licence area or one of the polygons. */
  areaKind?: string
  kind?: string
  year?: number
  /** Only the points measuring this substance, coloured by it alone. */
  substance?: string
}

export interface MapPoint {
  id: number
  name: string
  kind: string
  latitude: number
  longitude: number
  area: { id: number; name: string; kind: string } | null
  /** The highest multiple of the limit among the point's readings of the year, or null without any. */
  worst: number | null
  /** The point's latest reading of the year (of the substance, when one is chosen): what its tooltip names first. */
  latest: LatestReading | null
}

export interface LatestReading {
  name: string
  value: number
  measure: string
  /** Its sampling day (yyyy-mm-dd), or null when it has none. */
  sampled: string | null
}

/**
 * The measuring points with coordinates matching the filters, each with its worst multiple of the limit in the year and
 * its latest reading of that year (the latest sampled, then the latest filed), both read in the one query.
 */
export async function mapPoints(db: Kysely<Database>, filters: MapFilters): Promise<MapPoint[]> {
  const readings = sql`i.measures_point_id = p.id AND i.mpc > 0
    ${filters.year !== undefined ? sql`AND i.year = ${filters.year}` : sql``}
    ${filters.substance !== undefined ? sql`AND i.name = ${filters.substance}` : sql``}`
  const latest = sql`i.measures_point_id = p.id
    ${filters.year !== undefined ? sql`AND i.year = ${filters.year}` : sql``}
    ${filters.substance !== undefined ? sql`AND i.name = ${filters.substance}` : sql``}`
  const { rows } = await sql<{ id: number; name: string; kind: string; latitude: number; longitude: number; area_id: number | null; area_name: string | null; area_kind: string | null; worst: number | null; latest_name: string | null; latest_value: number | null; latest_measure: string | null; latest_sampled: string | null }>`
    SELECT p.id, p.name, p.kind, p.latitude::float8 AS latitude, p.longitude::float8 AS longitude,
      a.id AS area_id, a.name AS area_name, a.kind AS area_kind, w.worst,
      l.name AS latest_name, l.value AS latest_value, l.measure AS latest_measure, l.sampled AS latest_sampled
    FROM measures_points p
    LEFT JOIN areas a ON a.id = p.area_id
    LEFT JOIN LATERAL (SELECT least(max(i.value::numeric / i.mpc::numeric), 1e300)::float8 AS worst FROM measures_point_indications i WHERE ${readings}) w ON true
    LEFT JOIN LATERAL (SELECT i.name, i.value::float8 AS value, i.measure, to_char(i.sampled, 'YYYY-MM-DD') AS sampled FROM measures_point_indications i
      WHERE ${latest} ORDER BY i.year DESC, i.sampled DESC NULLS LAST, i.id DESC LIMIT 1) l ON true
    WHERE p.latitude IS NOT NULL AND p.longitude IS NOT NULL
      ${filters.area !== undefined ? sql`AND p.area_id = ${filters.area}` : sql``}
      ${filters.areaKind !== undefined ? sql`AND a.kind = ${filters.areaKind}` : sql``}
      ${filters.kind !== undefined ? sql`AND p.kind = ${filters.kind}` : sql``}
      ${filters.substance !== undefined ? sql`AND EXISTS (SELECT 1 FROM measures_point_indications i WHERE i.measures_point_id = p.id AND i.name = ${filters.substance})` : sql``}
    ORDER BY p.id`.execute(db)
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    latitude: r.latitude,
    longitude: r.longitude,
    area: r.area_id === null ? null : { id: r.area_id, name: r.area_name ?? '', kind: r.area_kind ?? '' },
    worst: r.worst === null ? null : Number(r.worst.toFixed(3)),
    latest: r.latest_name === null || r.latest_value === null ? null : { name: r.latest_name, value: r.latest_value, measure: r.latest_measure ?? '', sampled: r.latest_sampled },
  }))
}

/** The years that have readings (of a substance, when given), newest first: the map's year filter. */
export async function readingYears(db: Kysely<Database>, substance?: string): Promise<number[]> {
  const { rows } = await sql<{ year: number }>`
    SELECT DISTINCT year FROM measures_point_indications ${substance !== undefined ? sql`WHERE name = ${substance}` : sql``} ORDER BY year DESC`.execute(db)
  return rows.map((r) => r.year)
}

/** The names of the substances measured anywhere, in name order (the map's and the search's substances): read by
 *  skipping from one name to the next through the index on names, a few dozen lookups however many readings. */
export async function substanceNames(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    WITH RECURSIVE names AS (
      (SELECT name FROM measures_point_indications ORDER BY name LIMIT 1)
      UNION ALL
      SELECT (SELECT i.name FROM measures_point_indications i WHERE i.name > names.name ORDER BY i.name LIMIT 1) FROM names WHERE names.name IS NOT NULL
    )
    SELECT name FROM names WHERE name IS NOT NULL`.execute(db)
  return rows.map((r) => r.name)
}
