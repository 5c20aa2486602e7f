// Loads the reports page of a company for a year: accordions of areas and company reports, files, responsibles, history.
import type { AppLoadContext } from '@remix-run/node'
import type { FileProblem, FileStatus, ReportStatus, ReportType } from '@portal/migrations/database.ts'
import { can } from '@portal/workflow-service/auth/permissions.ts'
import { findCompany } from '@portal/workflow-service/catalogue/companies.server.ts'
import { listHistory } from '@portal/workflow-service/workflow/history/history-queries.server.ts'
import { listReports, type ImportReport } from '@portal/workflow-service/workflow/reports/report-queries.server.ts'
import { listCompanyResponsibles } from '@portal/workflow-service/workflow/responsibles/responsible-queries.server.ts'
import { companyCrumbs } from '../../../utils/links.ts'
import { companyTabs } from '../../catalogue/server/tabs.server.ts'
import { requirePermission } from '../../../utils/permissions.server.ts'

/** Report types of an area accordion and of the company's own accordions, in the order they are shown. */
export const AREA_SECTIONS: ReportType[] = ['program', 'observation_results', 'final_report']

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
}

export interface StatusChangeView {
  event_display: string
  comment: string
  created: string
  creator: string
  files: Array<{ id: string; name: string; file: string }>
}

export interface SectionReport {
  id: number
  status: ReportStatus
  /** The last decision (the status view); null while none was taken. */
  status_change: StatusChangeView | null
  files: SectionFile[]
}

export interface ReportSection {
  reportType: ReportType
  /** null until the report exists (created by saving the responsible person, or just before the first upload). */
  report: SectionReport | null
}

export interface ReportAccordion {
  key: string
  title: string
  /** The area of the accordion; null for the company's own reports. */
  areaId: number | null
  responsible: Responsible | null
  sections: ReportSection[]
}

export interface HistoryRow {
  id: number
  created: string
  event: 'added' | 'agreed' | 'rejected' | 'deleted' | 'cancelled' | 'resubmitted'
  files: Array<{ id: number; name: string }>
  year: number
  areaName: string | null
  reportType: ReportType
  creator: string
}

/** Throws the 404 page for a company that does not exist and a 403 (or the login page) for users who may not see it. */
async function companyFor(request: Request, context: AppLoadContext, companyId: number) {
  if (!Number.isInteger(companyId) || companyId < 1 || companyId > 2_147_483_647) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const company = await findCompany(context.db, companyId)
  if (!company) throw new Response(null, { status: 404, statusText: 'Not Found' })
  // The Department sees every company's reports; a license holder only their own company's.
  if (!can(context.user, 'decide:report:any')) requirePermission(request, context.user, 'read:report:own', { companyId: company.id })
  return company
}

/** The year filter: the current year and the 9 before it; anything else falls back to the current year. */
export function yearsOffered(now = new Date()): number[] {
  const current = now.getFullYear()
  return Array.from({ length: 10 }, (_, i) => current - i)
}

export function yearOf(url: URL, years: number[]): number {
  const asked = Number(url.searchParams.get('year'))
  return years.includes(asked) ? asked : years[0]
}

async function problemsOf(context: AppLoadContext, fileIds: number[]): Promise<Map<number, FileProblem[]>> {
  if (fileIds.length === 0) return new Map()
  const rows = await context.db.selectFrom('import_files').select(['id', 'problems']).where('id', 'in', fileIds).execute()
  return new Map(rows.map((r) => [r.id, r.problems as FileProblem[]]))
}

/** The history entries (added, agreed, rejected, deleted) with the cancellations of decisions, oldest first. */
async function historyOf(context: AppLoadContext, companyId: number): Promise<HistoryRow[]> {
  const [history, cancellations] = await Promise.all([
    listHistory(context.db, companyId, 1000, 0),
    // A cancelled decision is no history event of the API, yet the audit of who did what needs it.
    context.db
      .selectFrom('report_status_changes as s')
      .innerJoin('import_reports as r', 'r.id', 's.report_id')
      .leftJoin('areas as a', 'a.id', 'r.area_id')
      .select(['s.id', 's.created', 's.creator_username', 'r.year', 'r.report_type', 'a.name as area_name'])
      .where('r.company_id', '=', companyId)
      .where('s.event', '=', 'cancelled')
      .execute(),
  ])
  const rows: HistoryRow[] = [
    ...history.results.map((h) => ({
      id: h.id,
      created: new Date(h.created).toISOString(),
      event: h.event,
      files: h.import_files as Array<{ id: number; name: string }>,
      year: h.report.year,
      areaName: h.report.area?.name ?? null,
      reportType: h.report.report_type,
      creator: h.creator.username,
    })),
    ...cancellations.map((c) => ({
      id: c.id,
      created: new Date(c.created).toISOString(),
      event: 'cancelled' as const,
      files: [],
      year: c.year,
      areaName: c.area_name,
      reportType: c.report_type,
      creator: c.creator_username,
    })),
  ]
  // Both ids are event positions, so they order entries of the same instant as they happened.
  return rows.sort((a, b) => a.created.localeCompare(b.created) || a.id - b.id)
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** Only what the page shows travels to the browser. */
function toSectionReport(report: ImportReport, problems: Map<number, FileProblem[]>): SectionReport {
  const change = report.status_change
  return {
    id: report.id,
    status: report.status,
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
    })),
  }
}

export async function loadReportsPage(request: Request, context: AppLoadContext, companyId: number) {
  const company = await companyFor(request, context, companyId)
  const years = yearsOffered()
  const year = yearOf(new URL(request.url), years)
  const department = can(context.user, 'decide:report:any')

  const [areas, reports, areaResponsibles, companyResponsibles, history] = await Promise.all([
    context.db.selectFrom('areas').select(['id', 'name']).where('company_id', '=', company.id).where('kind', '=', 'licence_area').orderBy('name').orderBy('id').execute(),
    listReports(context.db, { companyId: company.id, year }, 1000, 0),
    context.db
      .selectFrom('ecomon_responsibles')
      .select(['id', 'area_id', 'fullname', 'position', 'phone', 'email'])
      .where('company_id', '=', company.id)
      .where('year', '=', year)
      .execute(),
    listCompanyResponsibles(context.db, { companyId: company.id, year }),
    department ? historyOf(context, company.id) : Promise.resolve([] as HistoryRow[]),
  ])

  const errorFiles = reports.results.flatMap((r) => r.files.filter((f) => f.status === 'error').map((f) => f.id))
  const problems = await problemsOf(context, errorFiles)
  const sectionOf = (areaId: number | null, reportType: ReportType): ReportSection => {
    const report = reports.results.find((r) => r.report_type === reportType && (r.area?.id ?? null) === areaId)
    return { reportType, report: report ? toSectionReport(report, problems) : null }
  }
  const pick = (r: Responsible | undefined | null): Responsible | null =>
    r ? { id: r.id, fullname: r.fullname, position: r.position, phone: r.phone, email: r.email } : null
  const companyResponsible = pick(companyResponsibles[0])

  const accordions: ReportAccordion[] = areas.map((area) => ({
    key: `area-${area.id}`,
    title: area.name,
    areaId: area.id,
    responsible: pick(areaResponsibles.find((r) => r.area_id === area.id)),
    sections: AREA_SECTIONS.map((type) => sectionOf(area.id, type)),
  }))
  accordions.push({ key: 'greenhouse', title: 'Парниковые газы', areaId: null, responsible: companyResponsible, sections: [sectionOf(null, 'greenhouse_gases')] })
  if (areas.length === 0) {
    accordions.push({ key: 'observation', title: 'Результаты наблюдений', areaId: null, responsible: companyResponsible, sections: [sectionOf(null, 'observation_results')] })
  }

  return {
    company: { id: company.id, name: company.name, kind: company.kind },
    crumbs: [...companyCrumbs(company), { title: 'Отчетность', to: `/companies/${company.id}/reports` }],
    // The company page's tabs (the holder's include 'Отчетность', 'Формы и справочники', 'Оценка состояния').
    tabs: companyTabs(company, context.user),
    year,
    years,
    role: department ? ('department' as const) : ('holder' as const),
    accordions,
    history,
    maxUploadMb: context.config.maxUploadMb,
    csrfToken: context.csrfToken,
  }
}

export type ReportsPageData = Awaited<ReturnType<typeof loadReportsPage>>
