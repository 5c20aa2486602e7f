// The three sides of a report's changes (decision 3714), each one grouped query: this round's checked readings (the
// staged rows of the report's standing files, or a file checked before sending), the declined round's summary, and
// last year's published readings of the report's points; then the points' labels. Four statements whatever the size.
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { PointLabel, ReadingGroup } from './round-changes.ts'

/** The table an observation-results report's rows are staged for. */
const READINGS = 'measures_point_indications'

export interface ChangesReport {
  id: number
  reportType: string
  status: string
  year: number
  areaId: number | null
  companyId: number
  companyName: string
  round: number
}

export async function findChangesReport(db: Kysely<Database>, id: number): Promise<ChangesReport | undefined> {
  const report = await db
    .selectFrom('import_reports as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .select(['r.id', 'r.report_type', 'r.status', 'r.year', 'r.area_id', 'r.company_id', 'c.name as company_name', 'r.round'])
    .where('r.id', '=', id)
    .executeTakeFirst()
  return (
    report && {
      id: report.id,
      reportType: report.report_type,
      status: report.status,
      year: report.year,
      areaId: report.area_id,
      companyId: report.company_id,
      companyName: report.company_name,
      round: report.round,
    }
  )
}

/** The staged rows of the report's files that passed their check: what the Department is deciding on. */
export const standingRows = (reportId: number): RawBuilder<unknown> =>
  sql`SELECT s.data FROM import_files f JOIN import_staged_rows s ON s.file_id = f.id AND s.target_table = ${READINGS} WHERE f.report_id = ${reportId} AND f.status = 'success'`

/** Rows (a `data` jsonb column each) grouped per point, substance and unit. */
export async function groupRows(db: Kysely<Database>, rows: RawBuilder<unknown>): Promise<ReadingGroup[]> {
  const { rows: groups } = await sql<ReadingGroup>`
    WITH r AS (SELECT (data->>'measures_point_id')::int AS point, data->>'name' AS name, data->>'measure' AS unit, (data->>'value')::float8 AS value
               FROM (${rows}) AS source WHERE jsonb_typeof(data->'value') = 'number' AND data->>'measure' IS NOT NULL AND jsonb_typeof(data->'measures_point_id') = 'number')
    SELECT point, name, unit, sum(value)::float8 AS sum, count(*)::int AS count, min(value) FILTER (WHERE value > 0) AS low, max(value) AS high
    FROM r GROUP BY point, name, unit`.execute(db)
  return finite(groups)
}

/** Snapshots the report's standing readings as its round `round` (decision 3714): run in the decline's transaction. */
export async function recordDeclinedRound(db: Kysely<Database>, reportId: number): Promise<void> {
  const report = await db.selectFrom('import_reports').select(['round', 'report_type']).where('id', '=', reportId).executeTakeFirst()
  if (!report || report.report_type !== 'observation_results') return
  // Declined again in the same round (a decision cancelled, then declined once more): the later state stands.
  await db.deleteFrom('report_round_readings').where('report_id', '=', reportId).where('round', '=', report.round).execute()
  const groups = await groupRows(db, standingRows(reportId))
  if (groups.length === 0) return
  await db
    .insertInto('report_round_readings')
    .values(
      groups.map((g) => ({
        report_id: reportId,
        round: report.round,
        measures_point_id: g.point,
        name: g.name,
        measure: g.unit,
        sum: g.sum,
        count: g.count,
        low: g.low,
        high: g.high,
      })),
    )
    .execute()
}

/** The latest declined round before `round`: its summary, and its number (null when no round was declined). */
export async function previousRound(db: Kysely<Database>, reportId: number, round: number): Promise<{ round: number | null; groups: ReadingGroup[] }> {
  const rows = await db
    .selectFrom('report_round_readings')
    .select(['round', 'measures_point_id as point', 'name', 'measure as unit', 'sum', 'count', 'low', 'high'])
    .where('report_id', '=', reportId)
    .where('round', '=', (eb) =>
      eb
        .selectFrom('report_round_readings')
        .select((e) => e.fn.max('round').as('round'))
        .where('report_id', '=', reportId)
        .where('round', '<', round),
    )
    .execute()
  return { round: rows[0]?.round ?? null, groups: finite(rows) }
}

/** Last year's published readings of the report's points (its area's, or every area's of the company). */
export async function lastYearGroups(db: Kysely<Database>, report: Pick<ChangesReport, 'year' | 'areaId' | 'companyId'>): Promise<ReadingGroup[]> {
  const areas = report.areaId !== null ? sql`p.area_id = ${report.areaId}` : sql`p.area_id IN (SELECT id FROM areas WHERE company_id = ${report.companyId})`
  const { rows } = await sql<ReadingGroup>`
    SELECT i.measures_point_id AS point, i.name, i.measure AS unit, sum(i.value)::float8 AS sum, count(i.value)::int AS count,
           min(i.value) FILTER (WHERE i.value > 0)::float8 AS low, max(i.value)::float8 AS high
    FROM measures_points p JOIN measures_point_indications i ON i.measures_point_id = p.id AND i.year = ${report.year - 1}
    WHERE ${areas} AND i.value IS NOT NULL AND i.measure IS NOT NULL
    GROUP BY i.measures_point_id, i.name, i.measure`.execute(db)
  return finite(rows)
}

export async function pointLabels(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, PointLabel>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('measures_points')
    .select(['id', 'nomenclature', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((r) => [r.id, { id: r.id, nomenclature: r.nomenclature, name: r.name ?? '' }]))
}

/** A group whose sum is beyond a double (a value past any number) is left out, as last year's warning leaves it. */
const finite = <G extends ReadingGroup>(groups: G[]): G[] => groups.filter((g) => Number.isFinite(g.sum) && g.count > 0)
