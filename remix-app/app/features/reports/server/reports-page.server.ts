// The reports page of a company for a year: which year it shows, and the use-case's data arranged as the page shows
// it (an accordion per licence area with a section per report type, the company's own reports, the history), plus
// the page's crumbs, tabs and form token. Only what the page shows travels to the browser.
import { randomUUID } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { acceptedTypesOf, acceptOf, copiesForward, PREFILL_LAST_YEAR, templatesForReport } from '@portal/workflow-domain/registry.ts'
import type { FileProblem, FileStatus, ImportReport, ReportStatus, ReportType, ReportsOfCompany } from '@portal/workflow-domain/use-cases.server.ts'
import { cellState, type DueInfo, dueInfo, OPEN_STATES, regionYearMonth, REPORT_TYPE_CODES, REPORT_TYPES } from '@portal/workflow-domain/views.ts'
import { companyCrumbs } from '../../../utils/links.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import { notFound } from '../../catalogue/server/not-found.ts'
import { companyTabs } from '../../catalogue/server/tabs.server.ts'

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
  /**
   * A file whose check failed and that a later file of the report passing its check replaced: that file's name. The
   * section then shows the later file's check result alone (issue 36, item 8); the failed one stays listed.
   */
  replacedBy: string | null
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
  /** What of the agreed report's rows is public («Опубликовано 15 из 15 строк»), and whether its publication failed. */
  publication: { failed: boolean; line: string } | null
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
  /** Said under the templates when they come pre-filled with last year's rows (copy-forward, decision 2443). */
  templatesNote: string | null
  /** What the file picker offers (`accept=`), from the upload declarations. */
  accept: string
  /** The same list in words, for a refusal: «XLSX или CSV». */
  acceptedTypes: string
  /** The due date of the type for the year, counted while the holder still has to send or correct it. */
  due: DueInfo
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
export type HistoryRow = Omit<ReportsOfCompany['history'][number], 'created'> & { created: string }

/**
 * The year filter: the current year and the 9 before it; anything else falls back to the current year (the spec's
 * default for this page; the status board opens on the year being filed and its links carry their year). The current
 * year is the region's (UTC+5), as the board's, never the server clock's.
 */
export function yearsOffered(now = new Date()): number[] {
  const current = regionYearMonth(now).year
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

const iso = (value: Date | string) => new Date(value).toISOString()

function duplicateLabel(sameBytes: string | undefined, problems: readonly FileProblem[]): string | null {
  if (sameBytes !== undefined) return `Повтор файла «${sameBytes}»`
  return problems.some((p) => p.kind === 'duplicate') ? 'Повтор данных' : null
}

/**
 * The name of the first file that passed its check among those uploaded once this failed one's result was known (its
 * `updated`, when its check ended), or null: a standing failure. Files sent together are two files, neither replacing
 * the other, whichever was checked first.
 */
export function replacingFile(
  file: { status: string; created: Date | string; updated: Date | string },
  files: ReadonlyArray<{ status: string; created: Date | string; description: string }>,
): string | null {
  if (file.status !== 'error') return null
  const after = new Date(file.updated).getTime()
  const passed = files.filter((f) => f.status === 'success' && new Date(f.created).getTime() > after)
  passed.sort((a, b) => new Date(a.created).getTime() - new Date(b.created).getTime())
  return passed[0]?.description ?? null
}

function toSectionReport(report: ImportReport, data: ReportsOfCompany): SectionReport {
  const change = report.status_change
  const decline = data.declines[report.id]
  return {
    id: report.id,
    status: report.status,
    round: report.round,
    decline: report.status === 'agreed' || !decline ? null : { ...decline, created: iso(decline.created) },
    publication: report.status === 'agreed' ? (data.publications[report.id] ?? null) : null,
    status_change: change
      ? { event_display: change.event_display, comment: change.comment, created: iso(change.created), creator: change.creator_name, files: change.files.map((f) => ({ id: f.id, name: f.name, file: f.file })) }
      : null,
    files: report.files.map((f) => {
      const problems = data.findings[f.id] ?? []
      return {
        id: f.id,
        file: f.file,
        name: f.name,
        description: f.description,
        status: f.status,
        created: iso(f.created),
        problems,
        duplicate: f.status === 'deleted' ? null : duplicateLabel(data.sameBytes[f.id], problems),
        replacedBy: replacingFile(f, report.files),
      }
    }),
  }
}

/** The use-case's data as the page shows it: an accordion per licence area, then the company's own reports. */
export function arrangeReportsPage(data: ReportsOfCompany, years: number[]) {
  const { company, year } = data
  const sectionOf = (areaId: number | null, reportType: ReportType): ReportSection => {
    const report = data.reports.find((r) => r.report_type === reportType && (r.area?.id ?? null) === areaId)
    // An area's copy offers its point codes in a drop-down list (decision 1420).
    // …and its example is a row of the page's year (decision 2131).
    const target = areaId !== null ? `?area=${areaId}&year=${year}` : reportType === 'observation_results' ? `?company=${company.id}&year=${year}` : `?year=${year}`
    // …and, where the upload declares copy-forward, pre-filled with last year's points, substances and means (decision 2443).
    const offered = templatesForReport(reportType)
    const copying = offered.filter(copiesForward)
    const templates = offered.map((t) => ({ name: t.name, href: `/api/v1/report-templates/files/${t.filename}${target}${copying.includes(t) ? `&prefill=${PREFILL_LAST_YEAR}` : ''}` }))
    const side = copying[0]?.spec.lastYear?.header
    const templatesNote = side
      ? `Если за ${year - 1} год опубликованы результаты наблюдений, шаблон уже содержит их пункты и показатели, а столбец «${side}» — их средние значения для сравнения; этот столбец не заполняется.`
      : null
    // The same state as the board's cell: the due date counts while the holder still has to act (board-cells.ts).
    const live = (report?.files ?? []).filter((f) => f.status !== 'deleted' && f.status !== 'deletion')
    const state = cellState({ status: report?.status ?? null, live: live.length, processing: live.filter((f) => f.status === 'processing').length, errors: live.filter((f) => f.status === 'error').length })
    const due = dueInfo(data.dueDates[reportType], data.today, OPEN_STATES.includes(state))
    return { reportType, report: report ? toSectionReport(report, data) : null, templates, templatesNote, accept: acceptOf(reportType), acceptedTypes: acceptedTypesOf(reportType), due }
  }
  const pick = (r: Responsible | undefined | null): Responsible | null =>
    r ? { id: r.id, fullname: r.fullname, position: r.position, phone: r.phone, email: r.email } : null
  const companyResponsible = pick(data.responsibles.company)
  const lastCompanyResponsible = pick(data.lastYearResponsibles.company)

  const accordions: ReportAccordion[] = data.areas.map((area) => ({
    key: `area-${area.id}`,
    title: area.name,
    areaId: area.id,
    responsible: pick(data.responsibles.areas.find((r) => r.area_id === area.id)),
    lastYearResponsible: pick(data.lastYearResponsibles.areas.find((r) => r.area_id === area.id)),
    sections: AREA_SECTIONS.map((type) => sectionOf(area.id, type)),
  }))
  accordions.push({ key: 'greenhouse', title: REPORT_TYPES.greenhouse_gases.title, areaId: null, responsible: companyResponsible, lastYearResponsible: lastCompanyResponsible, sections: [sectionOf(null, 'greenhouse_gases')] })
  if (data.areas.length === 0) {
    accordions.push({ key: 'observation', title: REPORT_TYPES.observation_results.title, areaId: null, responsible: companyResponsible, lastYearResponsible: lastCompanyResponsible, sections: [sectionOf(null, 'observation_results')] })
  }

  return {
    company,
    year,
    years,
    role: data.department ? ('department' as const) : ('holder' as const),
    accordions,
    history: data.history.map((e): HistoryRow => ({ ...e, created: iso(e.created) })),
  }
}

/** The year of the address as a whole number, or undefined (the page falls back to the current year). */
function yearAsked(url: URL): number | undefined {
  const raw = url.searchParams.get('year') ?? ''
  return /^[0-9]{1,4}$/.test(raw) ? Number(raw) : undefined
}

/** companyId: the address's id as a number; one that is not a whole number names no company (the 404 page). */
export async function loadReportsPage(request: Request, context: AppLoadContext, companyId: number) {
  const { year, years } = pageYear(yearAsked(new URL(request.url)))
  // Spec §4: the greenhouse-gas report and the company's observation-results report are created when the holder
  // opens the page and none exists (the create call is not shown). A type the company may not have (observation
  // results of a company with licence areas) is refused by the rules and simply not created.
  if (context.user?.companyId === companyId && Number.isInteger(companyId)) {
    for (const reportType of ['greenhouse_gases', 'observation_results'] as const) {
      await context.workflow.createReport(context.useCaseContext, { company: companyId, year, reportType })
    }
  }
  const outcome = await context.workflow.reportsPage(context.useCaseContext, { company: companyId, year })
  // A company that is not there sends the page to /404, as every catalogue page does (catalogue.md §8).
  if (!outcome.ok && outcome.refusal.reason === 'company-not-found') throw notFound()
  const page = arrangeReportsPage(pageValue(request, context.user, outcome), years)
  // A link from the status board names the section to open (`section=area-12-program`); only a key of this page counts.
  const asked = new URL(request.url).searchParams.get('section') ?? ''
  const openSection = page.accordions.some((a) => a.sections.some((s) => `${a.key}-${s.reportType}` === asked)) ? asked : null
  return {
    ...page,
    openSection,
    crumbs: [...companyCrumbs(page.company), { title: 'Отчетность', to: `/companies/${page.company.id}/reports` }],
    // The company page's tabs (the holder's include 'Отчетность', 'Формы и справочники', 'Оценка состояния').
    tabs: companyTabs(page.company, context.user),
    maxUploadMb: context.view.maxUploadMb,
    csrfToken: context.csrfToken,
    formKey: randomUUID(),
  }
}

export type ReportsPageData = Awaited<ReturnType<typeof loadReportsPage>>
