// The Department's review queue: one row per report in a status, with the day it entered the queue (first file, or
// the resubmission or cancellation that brought it back) or was decided, its age in days and its round; counts per
// status; oldest first unless asked otherwise. A report with no file (only a responsible person) is not in the queue.
import { Type, type Static } from 'typebox'
import { type Kysely, sql } from 'kysely'
import type { Database, ReportStatus, ReportType } from '@portal/migrations/database.ts'
import { containsPattern } from '../catalogue/search-pattern.ts'
import { Instant, Literals } from '../vocabulary/params.ts'
import { awaitsDecision, conversationAddress, filesLabel, sectionAddress } from '../workflow/reports/board-cells.ts'
import { type DueInfo, dueInfo } from '../workflow/reports/due-dates.ts'
import { dueDateSql } from '../workflow/reports/due-date-sql.ts'
import { awaitsDepartmentSql } from '../workflow/reports/report-message-queries.server.ts'
import { REPORT_TYPE_CODES } from '../workflow/reports/report-types.ts'
import { REPORT_STATUS_CODES, REPORT_STATUSES } from '../workflow/reports/report-status-table.ts'
import { Year } from '../vocabulary/params.ts'

export const QUEUE_SORTS = ['oldest', 'newest', 'company', 'year'] as const
export type QueueSort = (typeof QUEUE_SORTS)[number]

export const ReviewQueueInput = Type.Object(
  {
    status: Literals(REPORT_STATUS_CODES),
    search: Type.String({ maxLength: 200 }),
    sort: Literals(QUEUE_SORTS),
    limit: Type.Integer({ minimum: 1, maximum: 1000 }),
    /** Only the reports of a reporting year, of a report type. */
    year: Type.Optional(Year),
    reportType: Type.Optional(Literals(REPORT_TYPE_CODES)),
    /** Only the reports whose conversation waits for the Department's answer (decision 3712). */
    unanswered: Type.Optional(Type.Boolean()),
    /** Today, for the ages (the edge reads the clock). */
    now: Type.Optional(Instant),
  },
  { additionalProperties: false },
)

export interface QueueRow {
  reportId: number
  companyId: number
  companyName: string
  areaId: number | null
  areaName: string | null
  year: number
  reportType: ReportType
  round: number
  /** When the report entered the queue (consideration), or was decided (agreed, rejected). */
  since: Date
  ageDays: number
  /** Files not being deleted. */
  files: number
  /** The files by the state of their check, and in words («1 файл с ошибками, 2 файла приняты»). */
  fileStates: { processing: number; errors: number; passed: number }
  filesLabel: string
  /** Whether the Department has something to decide: a passed file and none being checked (board-cells.ts). */
  awaitsDecision: boolean
  /** Whether the company's last message on the report has no answer of the Department yet (decision 3712). */
  awaitsAnswer: boolean
  /** The responsible person's name for the area (or company) and year; null when none is named. */
  responsible: string | null
  /** The due date of its type and year; counted while the holder has to correct a declined report. */
  due: DueInfo
  /** The reports page with this report's section opened. */
  href: string
  /** The report's conversation (decision 3711). */
  conversationHref: string
}

interface QueueSqlRow {
  report_id: number
  company_id: number
  company_name: string
  area_id: number | null
  area_name: string | null
  year: number
  report_type: ReportType
  round: number
  since: Date | null
  files: string
  processing: string
  errors: string
  passed: string
  responsible: string | null
  due_date: string
  awaits_answer: boolean | null
}

const ORDER: Record<QueueSort, ReturnType<typeof sql>> = {
  oldest: sql`since ASC, report_id ASC`,
  newest: sql`since DESC, report_id DESC`,
  company: sql`company_name ASC, year DESC, since ASC`,
  year: sql`year DESC, since ASC, report_id ASC`,
}

const DAY = 86_400_000

/**
 * When the report `r` entered its status: under consideration, the last resubmission or cancellation that brought it
 * back, else its first file still there; decided, the last decision of that kind. The board counts its days the same.
 */
export function statusSinceSql(status: ReportStatus) {
  const { events, orFirstFile } = REPORT_STATUSES[status].since
  const last = sql`(SELECT max(s.created) FROM report_status_changes s WHERE s.report_id = r.id AND s.event IN (${sql.join(events.map((e) => sql.lit(e)))}))`
  return orFirstFile
    ? sql`COALESCE(${last}, (SELECT min(f.created) FROM import_files f WHERE f.report_id = r.id AND f.status NOT IN ('deletion', 'deleted')))`
    : last
}

interface QueueFilter {
  search: string
  year?: number
  reportType?: ReportType
  unanswered?: boolean
}

function queueSql(status: ReportStatus, { search, year, reportType, unanswered }: QueueFilter) {
  const awaitsAnswer = awaitsDepartmentSql(sql.ref('r.id'))
  const since = statusSinceSql(status)
  const pattern = search.trim() ? containsPattern(search) : null
  return sql<QueueSqlRow>`
    SELECT r.id AS report_id, r.company_id, c.name AS company_name, r.area_id, a.name AS area_name, r.year, r.report_type, r.round,
           ${since} AS since, fs.files, fs.processing, fs.errors, fs.passed,
           COALESCE(er.fullname, cr.fullname) AS responsible,
           ${dueDateSql(sql`r.report_type`, sql`r.year`)} AS due_date,
           ${awaitsAnswer} AS awaits_answer
    FROM import_reports r
    JOIN companies c ON c.id = r.company_id
    LEFT JOIN areas a ON a.id = r.area_id
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE f.status NOT IN ('deletion', 'deleted')) AS files,
             count(*) FILTER (WHERE f.status = 'processing') AS processing,
             count(*) FILTER (WHERE f.status = 'error') AS errors,
             count(*) FILTER (WHERE f.status = 'success') AS passed
      FROM import_files f WHERE f.report_id = r.id) fs
    LEFT JOIN ecomon_responsibles er ON r.area_id IS NOT NULL AND er.area_id = r.area_id AND er.year = r.year
    LEFT JOIN company_responsibles cr ON r.area_id IS NULL AND cr.company_id = r.company_id AND cr.year = r.year
    WHERE r.status = ${status}
      AND EXISTS (SELECT 1 FROM import_files f WHERE f.report_id = r.id AND f.status NOT IN ('deletion', 'deleted'))
      ${pattern ? sql`AND search_text(c.name) LIKE ${pattern}` : sql``}
      ${year !== undefined ? sql`AND r.year = ${year}` : sql``}
      ${reportType !== undefined ? sql`AND r.report_type = ${reportType}` : sql``}
      ${unanswered ? sql`AND ${awaitsAnswer}` : sql``}`
}

export async function reviewQueue(db: Kysely<Database>, input: Static<typeof ReviewQueueInput>) {
  const now = input.now ?? new Date()
  const filter: QueueFilter = { search: input.search, year: input.year, reportType: input.reportType, unanswered: input.unanswered }
  const [page, total, counts] = await Promise.all([
    sql<QueueSqlRow>`
      SELECT * FROM (${queueSql(input.status, filter)}) q ORDER BY ${ORDER[input.sort]} LIMIT ${input.limit}`.execute(db),
    sql<{ count: string }>`SELECT count(*) AS count FROM (${queueSql(input.status, filter)}) q`.execute(db),
    // The tabs' counts follow the year and type asked for (the search narrows one tab's list only).
    sql<{ status: ReportStatus; count: string }>`
      SELECT r.status, count(*) AS count FROM import_reports r
      WHERE EXISTS (SELECT 1 FROM import_files f WHERE f.report_id = r.id AND f.status NOT IN ('deletion', 'deleted'))
        ${input.year !== undefined ? sql`AND r.year = ${input.year}` : sql``}
        ${input.reportType !== undefined ? sql`AND r.report_type = ${input.reportType}` : sql``}
      GROUP BY r.status`.execute(db),
  ])
  const countOf = (status: ReportStatus) => Number(counts.rows.find((c) => c.status === status)?.count ?? 0)
  const results: QueueRow[] = page.rows.map((r) => {
    const since = r.since ? new Date(r.since) : now
    const fileStates = { processing: Number(r.processing), errors: Number(r.errors), passed: Number(r.passed) }
    return {
      reportId: r.report_id,
      companyId: r.company_id,
      companyName: r.company_name,
      areaId: r.area_id,
      areaName: r.area_name,
      year: r.year,
      reportType: r.report_type,
      round: r.round,
      since,
      ageDays: Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY)),
      files: Number(r.files),
      fileStates,
      filesLabel: filesLabel({ live: Number(r.files), ...fileStates }),
      awaitsDecision: awaitsDecision(fileStates),
      awaitsAnswer: r.awaits_answer === true,
      responsible: r.responsible,
      // A declined report is the holder's to correct: its due date counts; one under review or agreed is sent.
      due: dueInfo(r.due_date, now, REPORT_STATUSES[input.status].holderToAct),
      href: sectionAddress(r.company_id, r.year, r.area_id, r.report_type),
      conversationHref: conversationAddress(r.company_id, r.report_id),
    }
  })
  return {
    count: Number(total.rows[0]?.count ?? 0),
    counts: Object.fromEntries(REPORT_STATUS_CODES.map((s) => [s, countOf(s)])) as Record<ReportStatus, number>,
    results,
  }
}
