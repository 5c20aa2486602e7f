// The status board of a reporting year: for every company that files, each licence area × report type and each
// company-level report, what it is in words (board-cells.ts), its responsible person and the address of its section.
// A holder sees their own company only; the Department every company, filtered by report type, company and state.
// One statement reads the page of cells (the targets, their reports, their files' counts and responsible persons,
// joined set-wise: no query per company or cell), one more the count of each state for the filter.
import { Type, type Static } from 'typebox'
import { type Kysely, sql } from 'kysely'
import type { Database, ReportStatus, ReportType } from '@portal/migrations/database.ts'
import { can, type CurrentUser } from '../auth/permissions.ts'
import { Id, Instant, Literals, Year } from '../vocabulary/params.ts'
import { Refused, refused } from '../workflow/refusal.ts'
import {
  BOARD_DUE_FILTERS,
  BOARD_SORTS,
  boardYears,
  CELL_STATES,
  OPEN_STATES,
  type CellState,
  cellLabel,
  daysBetween,
  filingYear,
  sectionAddress,
} from '../workflow/reports/board-cells.ts'
import { REPORT_TYPE_CODES, REPORT_TYPES } from '../workflow/reports/report-types.ts'
import { STATE_SQL } from '../workflow/reports/board-state-sql.ts'
import { type DueInfo, dueInfo, regionDay } from '../workflow/reports/due-dates.ts'
import { dueDateSql } from '../workflow/reports/due-date-sql.ts'
import { statusSinceSql } from './review-queue.server.ts'
import { REPORT_STATUS_CODES } from '../workflow/reports/report-status-table.ts'

export const ReportsBoardInput = Type.Object(
  {
    year: Type.Optional(Year),
    reportType: Type.Optional(Literals(REPORT_TYPE_CODES)),
    company: Type.Optional(Id),
    state: Type.Optional(Literals(CELL_STATES)),
    /** Only the cells whose holder still has to act (`open`), or those of them past their due date (`overdue`). */
    due: Type.Optional(Literals(BOARD_DUE_FILTERS)),
    /** By company and area (the default), or the nearest due date first. */
    sort: Type.Optional(Literals(BOARD_SORTS)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Today, for the default year and the days (the edge reads the clock). */
    now: Type.Optional(Instant),
  },
  { additionalProperties: false },
)
export type ReportsBoardInput = Static<typeof ReportsBoardInput>

export interface BoardCell {
  companyId: number
  companyName: string
  /** The licence area; null for a company-level report. */
  areaId: number | null
  areaName: string | null
  reportType: ReportType
  /** null while the report does not exist yet. */
  reportId: number | null
  status: ReportStatus | null
  round: number
  state: CellState
  /** The state in words, for the one who reads it (board-cells.ts). */
  label: string
  files: { live: number; processing: number; errors: number; passed: number }
  /** Days in the current status (under consideration: since it entered the queue; decided: since the decision). */
  days: number | null
  /** The responsible person's name for the area (or company) and year, or null when none is named. */
  responsible: string | null
  /** The due date, and the days to it while the holder still has to act (due-dates.ts). */
  due: DueInfo
  /** The reports page with this section opened (without the /monitoring base). */
  href: string
}

/** The area types in their declared order, then the company's own reports. */
const AREA_TYPES = REPORT_TYPE_CODES.filter((code) => REPORT_TYPES[code].perArea)
const ALWAYS_COMPANY = REPORT_TYPE_CODES.filter((code) => REPORT_TYPES[code].perCompany === 'always')
const WITHOUT_AREAS = REPORT_TYPE_CODES.filter((code) => REPORT_TYPES[code].perCompany === 'without-areas')
const ORDER = new Map(REPORT_TYPE_CODES.map((code, i) => [code, i]))


interface Filter {
  year: number
  company: number | null
  reportType: ReportType | null
}

const typeList = (types: readonly ReportType[]) => sql.join(types.map((t) => sql`(${t}::text, ${ORDER.get(t)!}::int)`))

/** Every cell of the year's board (before the state filter): targets × types, their reports, files and people. */
function cellsSql(filter: Filter) {
  const wantType = (types: readonly ReportType[]) => (filter.reportType ? types.filter((t) => t === filter.reportType) : [...types])
  const areaTypes = wantType(AREA_TYPES)
  const companyTypes = wantType(ALWAYS_COMPANY)
  const withoutAreas = wantType(WITHOUT_AREAS)
  const parts = [
    areaTypes.length
      ? sql`SELECT co.id AS company_id, co.name AS company_name, a.id AS area_id, a.name AS area_name, t.report_type, t.ord
            FROM co JOIN areas a ON a.company_id = co.id AND a.kind = 'licence_area' CROSS JOIN (VALUES ${typeList(areaTypes)}) AS t(report_type, ord)`
      : null,
    companyTypes.length
      ? sql`SELECT co.id, co.name, NULL::int, NULL::text, t.report_type, t.ord FROM co CROSS JOIN (VALUES ${typeList(companyTypes)}) AS t(report_type, ord)`
      : null,
    withoutAreas.length
      ? sql`SELECT co.id, co.name, NULL::int, NULL::text, t.report_type, t.ord FROM co CROSS JOIN (VALUES ${typeList(withoutAreas)}) AS t(report_type, ord)
            WHERE NOT EXISTS (SELECT 1 FROM areas a WHERE a.company_id = co.id AND a.kind = 'licence_area')`
      : null,
  ].filter((p) => p !== null)
  const targets = parts.length ? sql.join(parts, sql` UNION ALL `) : sql`SELECT NULL::int, NULL::text, NULL::int, NULL::text, NULL::text, NULL::int WHERE false`
  return sql`
    WITH co AS (
      -- The companies that file: those the reports page is for (lem_industry) and any other with a report this year.
      SELECT c.id, c.name FROM companies c
      -- A company asked for by its id is shown whatever its kind (a holder's own company always has its board).
      WHERE ${
        filter.company === null
          ? sql`(c.kind = 'lem_industry' OR EXISTS (SELECT 1 FROM import_reports r WHERE r.company_id = c.id AND r.year = ${filter.year}))`
          : sql`c.id = ${filter.company}`
      }
    ),
    targets (company_id, company_name, area_id, area_name, report_type, ord) AS (${targets})
    SELECT t.company_id, t.company_name, t.area_id, t.area_name, t.report_type, t.ord,
           r.id AS report_id, r.status, r.round,
           COALESCE(f.live, 0) AS live, COALESCE(f.processing, 0) AS processing, COALESCE(f.errors, 0) AS errors, COALESCE(f.passed, 0) AS passed,
           ${STATE_SQL} AS state,
           CASE r.status ${sql.join(REPORT_STATUS_CODES.map((s) => sql`WHEN ${sql.lit(s)} THEN ${statusSinceSql(s)}`), sql` `)} END AS since,
           COALESCE(er.fullname, cr.fullname) AS responsible,
           ${dueDateSql(sql`t.report_type`, sql`${filter.year}`)} AS due_date
    FROM targets t
    LEFT JOIN import_reports r
      ON r.company_id = t.company_id AND r.year = ${filter.year} AND r.report_type = t.report_type
     AND COALESCE(r.area_id, 0) = COALESCE(t.area_id, 0)
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE x.status NOT IN ('deletion', 'deleted')) AS live,
             count(*) FILTER (WHERE x.status = 'processing') AS processing,
             count(*) FILTER (WHERE x.status = 'error') AS errors,
             count(*) FILTER (WHERE x.status = 'success') AS passed
      FROM import_files x WHERE x.report_id = r.id
    ) f ON r.id IS NOT NULL
    LEFT JOIN ecomon_responsibles er ON t.area_id IS NOT NULL AND er.area_id = t.area_id AND er.year = ${filter.year}
    LEFT JOIN company_responsibles cr ON t.area_id IS NULL AND cr.company_id = t.company_id AND cr.year = ${filter.year}`
}

interface CellRow {
  company_id: number
  company_name: string
  area_id: number | null
  area_name: string | null
  report_type: ReportType
  report_id: number | null
  status: ReportStatus | null
  round: number | null
  live: string | number
  processing: string | number
  errors: string | number
  passed: string | number
  state: CellState
  since: Date | string | null
  responsible: string | null
  due_date: string
}

/** Who reads the board: the Department any company, a holder their own; anyone else is refused. */
function viewerOf(actor: CurrentUser | null, company: number | undefined): { viewer: 'department' | 'holder'; company: number | null } | Refused {
  if (can(actor, 'decide:report:any')) return { viewer: 'department', company: company ?? null }
  const own = actor?.companyId ?? null
  if (own === null || !can(actor, 'read:report:own', { companyId: own })) return refused({ reason: 'forbidden' })
  // Another company's board asked for by changing the address is refused, not quietly replaced by the holder's own.
  if (company !== undefined && company !== own) return refused({ reason: 'forbidden' })
  return { viewer: 'holder', company: own }
}

export async function reportsBoard(db: Kysely<Database>, actor: CurrentUser | null, input: ReportsBoardInput) {
  const reader = viewerOf(actor, input.company)
  if (reader instanceof Refused) return reader
  const { viewer, company } = reader
  const now = input.now ?? new Date()
  const years = boardYears(now)
  const year = input.year ?? filingYear(now)
  const filter: Filter = { year, company, reportType: input.reportType ?? null }
  const limit = input.limit ?? 1000
  const cells = cellsSql(filter)
  const today = regionDay(now)
  const open = sql`b.state IN (${sql.join([...OPEN_STATES])})`
  const conditions = [
    input.state ? sql`b.state = ${input.state}` : null,
    input.due ? open : null,
    input.due === 'overdue' ? sql`b.due_date < ${today}` : null,
  ].filter((c) => c !== null)
  const byName = sql`b.company_name, b.company_id, b.area_id IS NULL, b.area_name, b.area_id, b.ord`
  // The nearest due date first among what is still to be sent; what waits for the Department or is agreed comes after.
  const order = input.sort === 'due' ? sql`(CASE WHEN ${open} THEN 0 ELSE 1 END), b.due_date, ${byName}` : byName
  const [page, counts, companies, holderCompany] = await Promise.all([
    sql<CellRow>`SELECT * FROM (${cells}) b
      ${conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``}
      ORDER BY ${order}
      LIMIT ${limit}`.execute(db),
    sql<{ state: CellState; n: string }>`SELECT b.state, count(*) AS n FROM (${cells}) b GROUP BY b.state`.execute(db),
    // The company filter's choices (the Department's): the companies that file, by name.
    viewer === 'department'
      ? db
          .selectFrom('companies as c')
          .select(['c.id', 'c.name'])
          .where((eb) => eb.or([eb('c.kind', '=', 'lem_industry'), eb.exists(eb.selectFrom('import_reports as r').select('r.id').whereRef('r.company_id', '=', 'c.id').where('r.year', '=', year))]))
          .orderBy('c.name')
          .orderBy('c.id')
          .execute()
      : Promise.resolve([]),
    company !== null ? db.selectFrom('companies').select(['id', 'name']).where('id', '=', company).executeTakeFirst() : Promise.resolve(undefined),
  ])
  const countOf = Object.fromEntries(CELL_STATES.map((s) => [s, Number(counts.rows.find((c) => c.state === s)?.n ?? 0)])) as Record<CellState, number>
  const results: BoardCell[] = page.rows.map((r) => {
    const files = { live: Number(r.live), processing: Number(r.processing), errors: Number(r.errors), passed: Number(r.passed) }
    const days = r.since ? daysBetween(new Date(r.since), now) : null
    return {
      companyId: r.company_id,
      companyName: r.company_name,
      areaId: r.area_id,
      areaName: r.area_name,
      reportType: r.report_type,
      reportId: r.report_id,
      status: r.status,
      round: r.round ?? 1,
      state: r.state,
      label: cellLabel(r.state, { status: r.status, ...files, days }, viewer),
      files,
      days,
      responsible: r.responsible,
      due: dueInfo(r.due_date, now, OPEN_STATES.includes(r.state)),
      href: sectionAddress(r.company_id, year, r.area_id, r.report_type),
    }
  })
  // The count of what the filters leave (the state's count when only a state is asked for).
  const total = input.due
    ? Number((await sql<{ n: string }>`SELECT count(*) AS n FROM (${cells}) b WHERE ${sql.join(conditions, sql` AND `)}`.execute(db)).rows[0]?.n ?? 0)
    : input.state ? countOf[input.state] : Object.values(countOf).reduce((a, b) => a + b, 0)
  return {
    viewer,
    year,
    years: years.includes(year) ? years : [...years, year].sort((a, b) => b - a),
    company: holderCompany ?? null,
    companies,
    counts: countOf,
    count: total,
    results,
  }
}

export type ReportsBoard = Awaited<ReturnType<typeof reportsBoard>>
