// Loads the reports page of a company for a year: the use-case's data plus the page's crumbs, tabs and form token.
import { randomUUID } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { companyCrumbs } from '../../../utils/links.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import { companyTabs } from '../../catalogue/server/tabs.server.ts'

export type {
  FileProblem,
  FileStatus,
  HistoryRow,
  ReportAccordion,
  ReportSection,
  ReportStatus,
  ReportType,
  Responsible,
  SectionFile,
  SectionReport,
  StatusChangeView,
  DeclineView,
} from '@portal/workflow-service/use-cases/reports-page.server.ts'
export { AREA_SECTIONS, yearsOffered } from '@portal/workflow-service/use-cases/reports-page.server.ts'
import { pageYear } from '@portal/workflow-service/use-cases/reports-page.server.ts'

/** The year of the address as a whole number, or undefined (the use-case falls back to the current year). */
function yearAsked(url: URL): number | undefined {
  const raw = url.searchParams.get('year') ?? ''
  return /^[0-9]{1,4}$/.test(raw) ? Number(raw) : undefined
}

/** companyId: the address's id as a number; one that is not a whole number names no company (the 404 page). */
export async function loadReportsPage(request: Request, context: AppLoadContext, companyId: number) {
  const input = { company: companyId, year: yearAsked(new URL(request.url)) }
  // Spec §4: the greenhouse-gas report and the company's observation-results report are created when the holder
  // opens the page and none exists (the create call is not shown). A type the company may not have (observation
  // results of a company with licence areas) is refused by the rules and simply not created.
  if (context.user?.companyId === companyId && Number.isInteger(companyId)) {
    const { year } = pageYear(input.year)
    for (const reportType of ['greenhouse_gases', 'observation_results'] as const) {
      await context.workflow.createReport(context.useCaseContext, { company: companyId, year, reportType })
    }
  }
  const page = pageValue(request, context.user, await context.workflow.reportsPage(context.useCaseContext, input))
  // A link from the status board names the section to open (`section=area-12-program`); only a key of this page counts.
  const asked = new URL(request.url).searchParams.get('section') ?? ''
  const openSection = page.accordions.some((a) => a.sections.some((s) => `${a.key}-${s.reportType}` === asked)) ? asked : null
  return {
    ...page,
    openSection,
    crumbs: [...companyCrumbs(page.company), { title: 'Отчетность', to: `/companies/${page.company.id}/reports` }],
    // The company page's tabs (the holder's include 'Отчетность', 'Формы и справочники', 'Оценка состояния').
    tabs: companyTabs(page.company, context.user),
    maxUploadMb: context.config.maxUploadMb,
    csrfToken: context.csrfToken,
    formKey: randomUUID(),
  }
}

export type ReportsPageData = Awaited<ReturnType<typeof loadReportsPage>>
