// The Department's review queue: one row per report in a status, with the day it entered the queue (first file, or
// the resubmission or cancellation that brought it back) or was decided, its age in days and its round; counts per
// status; oldest first unless asked otherwise. A report with no file (only a responsible person) is not in the queue.
import { Type, type Static } from '@sinclair/typebox'
import { type Kysely, sql } from 'kysely'
import type { Database, ReportStatus, ReportType } from '@portal/migrations/database.ts'
import { containsPattern } from '../catalogue/search-pattern.ts'

export const QUEUE_SORTS = ['oldest', 'newest', 'company', 'year'] as const
export type QueueSort = (typeof QUEUE_SORTS)[number]

export const ReviewQueueInput = Type.Object(
  {
    status: Type.Union([Type.Literal('consideration'), Type.Literal('agreed'), Type.Literal('rejected')]),
    search: Type.String({ maxLength: 200 }),
    sort: Type.Union(QUEUE_SORTS.map((s) => Type.Literal(s))),
    limit: Type.Integer({ minimum: 1, maximum: 1000 }),
    /** Today, for the ages (the edge reads the clock). */
    now: Type.Optional(Type.Date()),
  },
  { additionalProperties: false },
)

export interface QueueRow {
  reportId: number
  companyId: number
  companyName: string
  areaName: string | null
  year: number
  reportType: ReportType
  round: number
  /** When the report entered the queue (consideration), or was decided (agreed, rejected). */
  since: Date
  ageDays: number
  files: number
}

const ORDER: Record<QueueSort, ReturnType<typeof sql>> = {
  oldest: sql`since ASC, report_id ASC`,
  newest: sql`since DESC, report_id DESC`,
  company: sql`company_name ASC, year DESC, since ASC`,
  year: sql`year DESC, since ASC, report_id ASC`,
}

const DAY = 86_400_000

function queueSql(status: ReportStatus, search: string) {
  const since =
    status === 'consideration'
      ? sql`COALESCE(
          (SELECT max(s.created) FROM report_status_changes s WHERE s.report_id = r.id AND s.event IN ('resubmitted', 'cancelled')),
          (SELECT min(f.created) FROM import_files f WHERE f.report_id = r.id AND f.status NOT IN ('deletion', 'deleted')))`
      : sql`(SELECT max(s.created) FROM report_status_changes s WHERE s.report_id = r.id AND s.event = ${status === 'agreed' ? 'agreed' : 'rejected'})`
  const pattern = search.trim() ? containsPattern(search) : null
  return sql<{ report_id: number; company_id: number; company_name: string; area_name: string | null; year: number; report_type: ReportType; round: number; since: Date | null; files: string }>`
    SELECT r.id AS report_id, r.company_id, c.name AS company_name, a.name AS area_name, r.year, r.report_type, r.round,
           ${since} AS since,
           (SELECT count(*) FROM import_files f WHERE f.report_id = r.id AND f.status NOT IN ('deletion', 'deleted')) AS files
    FROM import_reports r
    JOIN companies c ON c.id = r.company_id
    LEFT JOIN areas a ON a.id = r.area_id
    WHERE r.status = ${status}
      AND EXISTS (SELECT 1 FROM import_files f WHERE f.report_id = r.id AND f.status NOT IN ('deletion', 'deleted'))
      ${pattern ? sql`AND c.name ILIKE ${pattern}` : sql``}`
}

export async function reviewQueue(db: Kysely<Database>, input: Static<typeof ReviewQueueInput>) {
  const now = input.now ?? new Date()
  const [page, total, counts] = await Promise.all([
    sql<{ report_id: number; company_id: number; company_name: string; area_name: string | null; year: number; report_type: ReportType; round: number; since: Date | null; files: string }>`
      SELECT * FROM (${queueSql(input.status, input.search)}) q ORDER BY ${ORDER[input.sort]} LIMIT ${input.limit}`.execute(db),
    sql<{ count: string }>`SELECT count(*) AS count FROM (${queueSql(input.status, input.search)}) q`.execute(db),
    sql<{ status: ReportStatus; count: string }>`
      SELECT r.status, count(*) AS count FROM import_reports r
      WHERE EXISTS (SELECT 1 FROM import_files f WHERE f.report_id = r.id AND f.status NOT IN ('deletion', 'deleted'))
      GROUP BY r.status`.execute(db),
  ])
  const countOf = (status: ReportStatus) => Number(counts.rows.find((c) => c.status === status)?.count ?? 0)
  const results: QueueRow[] = page.rows.map((r) => {
    const since = r.since ? new Date(r.since) : now
    return {
      reportId: r.report_id,
      companyId: r.company_id,
      companyName: r.company_name,
      areaName: r.area_name,
      year: r.year,
      reportType: r.report_type,
      round: r.round,
      since,
      ageDays: Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY)),
      files: Number(r.files),
    }
  })
  return {
    count: Number(total.rows[0]?.count ?? 0),
    counts: { consideration: countOf('consideration'), agreed: countOf('agreed'), rejected: countOf('rejected') },
    results,
  }
}
