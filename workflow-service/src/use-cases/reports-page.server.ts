// The reports page of a company for a year, as plain data: accordions of areas and company reports with their files
// and responsible persons, and (for the Department) the history with the cancellations of decisions.
import type { Kysely } from 'kysely'
import type { Database, FileProblem, FileStatus, ReportStatus, ReportType } from '@portal/migrations/database.ts'
import { can, type CurrentUser } from '../auth/permissions.ts'
import { findCompany } from '../catalogue/companies.server.ts'
import { type AuditEntry, listAudit } from '../workflow/history/audit-queries.server.ts'
import { assertCanReadReportsOf } from '../workflow/read-access.ts'
import { refuse } from '../workflow/refusal.ts'
import { type ImportReport, listReports } from '../workflow/reports/report-queries.server.ts'
import { listCompanyResponsibles } from '../workflow/responsibles/responsible-queries.server.ts'
import { REPORT_TYPE_CODES, REPORT_TYPES } from '../workflow/reports/report-types.ts'
import { acceptOf, templatesForReport } from '../catalogue/registry/uploads.ts'

export type { FileProblem, FileStatus, ReportStatus, ReportType }

/** Report types of an area accordion, in the order they are declared. */
export const AREA_SECTIONS: ReportType[] = REPORT_TYPE_CODES.filter((code) => REPORT_TYPES[code].perArea)

export interface Responsible {
  id: number
  fullname: string
  position: string
  phone: string
  email: string
}

export interface SectionFile {
  id: number
  /** The download address. */
  file: string
  name: string
  description: string
  status: FileStatus
  created: string
  problems: FileProblem[]
  /**
   * Shown beside the status for the reviewer (decision 2120): «Повтор файла «…»» when an earlier standing file of the
   * report has the same bytes (uploads recorded before such files were refused), «Повтор данных» when the check found
   * rows whose natural key already stands; null otherwise.
   */
  duplicate: string | null
}

export interface StatusChangeView {
  event_display: string
  comment: string
  created: string
  creator: string
  files: Array<{ id: string; name: string; file: string }>
}

/** The Department's last decline of a report: shown beside it until it is agreed, also after a corrected upload. */
export interface DeclineView {
  number: number
  comment: string
  created: string
  creator: string
  files: Array<{ name: string; file: string }>
}

export interface SectionReport {
  id: number
  status: ReportStatus
  /** 1 for the first submission, more after each corrected upload of a declined report. */
  round: number
  decline: DeclineView | null
  /** The last decision (the status view); null while none was taken. */
  status_change: StatusChangeView | null
  files: SectionFile[]
}

export interface ReportSection {
  reportType: ReportType
  /** null until the report exists (created by saving the responsible person, or just before the first upload). */
  report: SectionReport | null
  /** The templates of a data report's files (from the catalogue registry); none for a document report. */
  templates: Array<{ name: string; href: string }>
  /** What the file picker offers (`accept=`), from the upload declarations. */
  accept: string
}

export interface ReportAccordion {
  key: string
  title: string
  /** The area of the accordion; null for the company's own reports. */
  areaId: number | null
  responsible: Responsible | null
  /** The responsible person of the year before, offered to copy in one click. */
  lastYearResponsible: Responsible | null
  sections: ReportSection[]
}

/** An entry of the company's history on the page: the audit's entry, with its time as text. */
export type HistoryRow = Omit<AuditEntry, 'created'> & { created: string }

/** The year filter: the current year and the 9 before it; anything else falls back to the current year. */
export function yearsOffered(now = new Date()): number[] {
  const current = now.getFullYear()
  return Array.from({ length: 10 }, (_, i) => current - i)
}

/**
 * The year the page shows: one the filter offers, or next year (the status board links to it: a programme is filed
 * ahead); anything else falls back to the current year. Next year joins the filter's list only while it is shown.
 */
export function pageYear(asked: number | undefined, now = new Date()): { year: number; years: number[] } {
  const years = yearsOffered(now)
  const next = years[0] + 1
  if (asked === next) return { year: next, years: [next, ...years] }
  return { year: asked !== undefined && years.includes(asked) ? asked : years[0], years }
}

async function problemsOf(db: Kysely<Database>, fileIds: number[]): Promise<Map<number, FileProblem[]>> {
  if (fileIds.length === 0) return new Map()
  const rows = await db.selectFrom('import_files').select(['id', 'problems']).where('id', 'in', fileIds).execute()
  return new Map(rows.map((r) => [r.id, r.problems as FileProblem[]]))
}

/** The year's history of the company's reports, newest first, with comments, files, who, when and from where. */
export async function pageHistoryOf(db: Kysely<Database>, companyId: number, year: number): Promise<HistoryRow[]> {
  const { results } = await listAudit(db, { companyId, year }, 500, 0)
  return results.map((e) => ({ ...e, created: e.created.toISOString() }))
}

/** The last decline of each report, with its comment and attachments. */
async function declinesOf(db: Kysely<Database>, reportIds: number[]): Promise<Map<number, DeclineView>> {
  if (reportIds.length === 0) return new Map()
  const changes = await db
    .selectFrom('report_status_changes')
    .select(['id', 'report_id', 'comment', 'created', 'creator_username'])
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
        created: new Date(c.created).toISOString(),
        creator: c.creator_username,
        files: files.filter((f) => f.status_change_id === c.id).map((f) => ({ name: f.name, file: `/api/v1/import-reports/decision-files/${f.id}/` })),
      },
    ]),
  )
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** For each of these files, the name of an earlier file of its report with the same bytes that still stands. */
async function sameBytesOf(db: Kysely<Database>, fileIds: number[]): Promise<Map<number, string>> {
  if (fileIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('import_files as f')
    .innerJoin('import_files as e', (join) => join.onRef('e.report_id', '=', 'f.report_id').onRef('e.sha256', '=', 'f.sha256').onRef('e.id', '<', 'f.id'))
    .select(['f.id', 'e.name', 'e.id as earlier'])
    .where('f.id', 'in', fileIds)
    .where('e.status', 'not in', ['deletion', 'deleted'])
    .orderBy('e.id')
    .execute()
  const found = new Map<number, string>()
  for (const row of rows) if (!found.has(row.id)) found.set(row.id, row.name)
  return found
}

function duplicateLabel(sameBytes: string | undefined, problems: readonly FileProblem[]): string | null {
  if (sameBytes !== undefined) return `Повтор файла «${sameBytes}»`
  return problems.some((p) => p.kind === 'duplicate') ? 'Повтор данных' : null
}

/** Only what the page shows travels to the browser. */
function toSectionReport(report: ImportReport, problems: Map<number, FileProblem[]>, declines: Map<number, DeclineView>, sameBytes: Map<number, string>): SectionReport {
  const change = report.status_change
  return {
    id: report.id,
    status: report.status,
    round: report.round,
    decline: report.status === 'agreed' ? null : (declines.get(report.id) ?? null),
    status_change: change
      ? { event_display: change.event_display, comment: change.comment, created: iso(change.created), creator: change.creator, files: change.files.map((f) => ({ id: f.id, name: f.name, file: f.file })) }
      : null,
    files: report.files.map((f) => ({
      id: f.id,
      file: f.file,
      name: f.name,
      description: f.description,
      status: f.status,
      created: iso(f.created),
      problems: problems.get(f.id) ?? [],
      duplicate: f.status === 'deleted' ? null : duplicateLabel(sameBytes.get(f.id), problems.get(f.id) ?? []),
    })),
  }
}

/** A company that does not exist is refused before the permission, as the page's 404 comes before its 403. */
export async function reportsPageData(db: Kysely<Database>, actor: CurrentUser | null, input: { company: number; year?: number }) {
  const company = await findCompany(db, input.company)
  if (!company) refuse({ reason: 'company-not-found' })
  // The Department sees every company's reports; a license holder only their own company's.
  assertCanReadReportsOf(actor, company.id)
  const { year, years } = pageYear(input.year)
  const department = can(actor, 'decide:report:any')

  const [areas, reports, areaResponsibles, companyResponsibles, history] = await Promise.all([
    db.selectFrom('areas').select(['id', 'name']).where('company_id', '=', company.id).where('kind', '=', 'licence_area').orderBy('name').orderBy('id').execute(),
    listReports(db, { companyId: company.id, year }, 1000, 0),
    db
      .selectFrom('ecomon_responsibles')
      .select(['id', 'area_id', 'fullname', 'position', 'phone', 'email'])
      .where('company_id', '=', company.id)
      .where('year', '=', year)
      .execute(),
    listCompanyResponsibles(db, { companyId: company.id, year }),
    department ? pageHistoryOf(db, company.id, year) : Promise.resolve([] as HistoryRow[]),
  ])
  // Last year's responsible persons, offered in one click when this year has none yet.
  const [lastAreaResponsibles, lastCompanyResponsibles] = await Promise.all([
    db.selectFrom('ecomon_responsibles').select(['id', 'area_id', 'fullname', 'position', 'phone', 'email']).where('company_id', '=', company.id).where('year', '=', year - 1).execute(),
    listCompanyResponsibles(db, { companyId: company.id, year: year - 1 }),
  ])

  // Errors of failed files and warnings of good ones (two levels, decision 1420).
  const checkedFiles = reports.results.flatMap((r) => r.files.filter((f) => f.status === 'error' || (f.status === 'success' && f.problems_count > 0)).map((f) => f.id))
  const problems = await problemsOf(db, checkedFiles)
  const declines = await declinesOf(db, reports.results.map((r) => r.id))
  const sameBytes = await sameBytesOf(db, reports.results.flatMap((r) => r.files.filter((f) => f.status !== 'deleted').map((f) => f.id)))
  const sectionOf = (areaId: number | null, reportType: ReportType): ReportSection => {
    const report = reports.results.find((r) => r.report_type === reportType && (r.area?.id ?? null) === areaId)
    // An area's copy offers its point codes in a drop-down list (decision 1420).
    // …and its example is a row of the page's year (decision 2131).
    const target = areaId !== null ? `?area=${areaId}&year=${year}` : reportType === 'observation_results' ? `?company=${company.id}&year=${year}` : `?year=${year}`
    const templates = templatesForReport(reportType).map((t) => ({ name: t.name, href: `/api/v1/report-templates/files/${t.filename}${target}` }))
    return { reportType, report: report ? toSectionReport(report, problems, declines, sameBytes) : null, templates, accept: acceptOf(reportType) }
  }
  const pick = (r: Responsible | undefined | null): Responsible | null =>
    r ? { id: r.id, fullname: r.fullname, position: r.position, phone: r.phone, email: r.email } : null
  const companyResponsible = pick(companyResponsibles[0])
  const lastCompanyResponsible = pick(lastCompanyResponsibles[0])

  const accordions: ReportAccordion[] = areas.map((area) => ({
    key: `area-${area.id}`,
    title: area.name,
    areaId: area.id,
    responsible: pick(areaResponsibles.find((r) => r.area_id === area.id)),
    lastYearResponsible: pick(lastAreaResponsibles.find((r) => r.area_id === area.id)),
    sections: AREA_SECTIONS.map((type) => sectionOf(area.id, type)),
  }))
  accordions.push({ key: 'greenhouse', title: REPORT_TYPES.greenhouse_gases.title, areaId: null, responsible: companyResponsible, lastYearResponsible: lastCompanyResponsible, sections: [sectionOf(null, 'greenhouse_gases')] })
  if (areas.length === 0) {
    accordions.push({ key: 'observation', title: REPORT_TYPES.observation_results.title, areaId: null, responsible: companyResponsible, lastYearResponsible: lastCompanyResponsible, sections: [sectionOf(null, 'observation_results')] })
  }

  return {
    company: { id: company.id, name: company.name, kind: company.kind },
    year,
    years,
    role: department ? ('department' as const) : ('holder' as const),
    accordions,
    history,
  }
}

export type ReportsPageData = Awaited<ReturnType<typeof reportsPageData>>
