// Reads of the report read models: report lists with their files and last decision, decisions, decision files.
import { type Kysely, sql } from 'kysely'
import { personNameSql } from '../../people/person-name-sql.server.ts'
import type { Database, ReportStatus, ReportType } from '@portal/migrations/database.ts'
import { filesOfReports } from '../files/file-queries.server.ts'
import { AUDIT_EVENT_LABEL } from '../history/audit-events.ts'


export const decisionFileUrl = (id: string) => `/api/v1/import-reports/decision-files/${id}/`

export interface ReportFilter {
  id?: number
  year?: number
  areaId?: number
  /** Reports of the company itself (not of its areas), as company_name asks. */
  companyOnlyId?: number
  /** Every report of a company, of its areas too. */
  companyId?: number
  reportType?: ReportType
  status?: ReportStatus
}

function filtered(db: Kysely<Database>, filter: ReportFilter) {
  let query = db.selectFrom('import_reports as r')
  if (filter.id !== undefined) query = query.where('r.id', '=', filter.id)
  if (filter.areaId !== undefined) query = query.where('r.area_id', '=', filter.areaId)
  if (filter.companyOnlyId !== undefined) query = query.where('r.company_id', '=', filter.companyOnlyId).where('r.area_id', 'is', null)
  if (filter.companyId !== undefined) query = query.where('r.company_id', '=', filter.companyId)
  if (filter.year !== undefined) query = query.where('r.year', '=', filter.year)
  if (filter.reportType !== undefined) query = query.where('r.report_type', '=', filter.reportType)
  if (filter.status !== undefined) query = query.where('r.status', '=', filter.status)
  return query
}

/** The status changes of reports, newest first, with their files (one query each, whatever the number of reports). */
export async function statusChangesOf(db: Kysely<Database>, reportIds: number[]) {
  if (reportIds.length === 0) return []
  const changes = await db
    .selectFrom('report_status_changes')
    .selectAll()
    .select(personNameSql(sql.ref('creator_id'), sql.ref('creator_username')).as('creator_name'))
    .where('report_id', 'in', reportIds)
    .orderBy('report_id')
    .orderBy('id', 'desc')
    .execute()
  const files = changes.length
    ? await db
        .selectFrom('decision_files')
        .select(['id', 'status_change_id', 'name', 'size'])
        .where('status_change_id', 'in', changes.map((c) => c.id))
        .orderBy('name')
        .execute()
    : []
  return changes.map((c) => ({
    id: c.id,
    report: { id: c.report_id },
    event: c.event,
    event_display: AUDIT_EVENT_LABEL[c.event],
    comment: c.comment,
    files: files.filter((f) => f.status_change_id === c.id).map((f) => ({ id: f.id, name: f.name, size: f.size, file: decisionFileUrl(f.id) })),
    created: c.created,
    creator: c.creator_username,
    /** Who decided, by name (decision 2670): the pages show this, not the login. */
    creator_name: c.creator_name,
  }))
}

export type StatusChange = Awaited<ReturnType<typeof statusChangesOf>>[number]

export async function listReports(db: Kysely<Database>, filter: ReportFilter, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    filtered(db, filter)
      .innerJoin('companies as c', 'c.id', 'r.company_id')
      .leftJoin('areas as a', 'a.id', 'r.area_id')
      .select(['r.id', 'r.report_type', 'r.status', 'r.round', 'r.year', 'r.area_id', 'a.name as area_name', 'r.company_id', 'c.name as company_name', 'r.created', 'r.updated'])
      .orderBy('r.year', 'desc')
      .orderBy('r.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ])
  const ids = rows.map((r) => r.id)
  const [files, changes] = await Promise.all([filesOfReports(db, ids), statusChangesOf(db, ids)])
  const results = rows.map((r) => ({
    id: r.id,
    report_type: r.report_type,
    status: r.status,
    /** 1 for the first submission; more when a declined report was sent again with a corrected file. */
    round: r.round,
    year: r.year,
    area: r.area_id === null ? null : { id: r.area_id, name: r.area_name ?? '', company: { id: r.company_id, name: r.company_name } },
    company: { id: r.company_id, name: r.company_name },
    files: files.get(r.id) ?? [],
    // The last change (the status view: action, comment, files); null while no decision was taken.
    status_change: changes.find((c) => c.report.id === r.id) ?? null,
    created: r.created,
    updated: r.updated,
  }))
  return { count: Number(total.count), results }
}

export type ImportReport = Awaited<ReturnType<typeof listReports>>['results'][number]

export async function findReport(db: Kysely<Database>, id: number): Promise<ImportReport | undefined> {
  const page = await listReports(db, { id }, 1, 0)
  return page.results[0]
}

export async function findDecisionFile(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('decision_files as d')
    .innerJoin('import_reports as r', 'r.id', 'd.report_id')
    .select(['d.id', 'd.name', 'd.size', 'd.content_type', 'r.company_id'])
    .where('d.id', '=', id)
    .executeTakeFirst()
}

/** The years of each company's reports in a status, newest first. */
export async function yearsOfReportsIn(db: Kysely<Database>, status: ReportStatus, companyIds: number[]): Promise<Map<number, number[]>> {
  const rows = companyIds.length
    ? await db.selectFrom('import_reports').select(['company_id', 'year']).distinct().where('status', '=', status).where('company_id', 'in', companyIds).orderBy('year', 'desc').execute()
    : []
  const years = new Map<number, number[]>()
  for (const row of rows) years.set(row.company_id, [...(years.get(row.company_id) ?? []), row.year])
  return years
}

export interface LastDecline {
  /** The position of the decline's event (its receipt's number). */
  number: number
  comment: string
  created: Date
  /** Who declined, by name (decision 2670). */
  creator: string
  files: Array<{ name: string; file: string }>
}

/** The Department's last decline of each of these reports, with its comment and attachments, by report id. */
export async function lastDeclinesOf(db: Kysely<Database>, reportIds: number[]): Promise<Map<number, LastDecline>> {
  if (reportIds.length === 0) return new Map()
  const changes = await db
    .selectFrom('report_status_changes')
    .select(['id', 'report_id', 'comment', 'created', personNameSql(sql.ref('creator_id'), sql.ref('creator_username')).as('creator_name')])
    .where('report_id', 'in', reportIds)
    .where('event', '=', 'rejected')
    .orderBy('id', 'desc')
    .execute()
  const last = new Map<number, (typeof changes)[number]>()
  for (const c of changes) if (!last.has(c.report_id)) last.set(c.report_id, c)
  const ids = [...last.values()].map((c) => c.id)
  const files = ids.length ? await db.selectFrom('decision_files').select(['id', 'status_change_id', 'name']).where('status_change_id', 'in', ids).execute() : []
  return new Map(
    [...last.values()].map((c) => [
      c.report_id,
      {
        number: c.id,
        comment: c.comment,
        created: new Date(c.created),
        creator: c.creator_name,
        files: files.filter((f) => f.status_change_id === c.id).map((f) => ({ name: f.name, file: decisionFileUrl(f.id) })),
      },
    ]),
  )
}
