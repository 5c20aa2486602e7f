// The reports page of a company (spec §2 'Reports page'): the holder uploads and names responsible persons,
// the Department reviews, decides and reads the history. Statuses refresh every 5 s while files are being checked.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useMemo } from 'react'
import { Breadcrumbs } from '../../../components/breadcrumbs.tsx'
import { HistoryAccordion } from '../components/history-accordion.tsx'
import { ReportsPageContext } from '../components/page-context.ts'
import { ReportAccordion } from '../components/report-accordion.tsx'
import { useStatusPolling } from '../components/use-status-polling.ts'
import { YearFilter } from '../components/year-filter.tsx'
import { NoScriptNotice } from '../components/no-script-notice.tsx'
import { Tabs } from '../../../components/tabs.tsx'
import { reportsAction, type ReportsActionAnswer } from '../server/reports-actions.server.ts'
import { loadReportsPage } from '../server/reports-page.server.ts'
import reportsStyles from '../../../styles/reports.css?url'
import { RouteError } from '../../../components/route-error.tsx'
import type { TitleHandle } from '../../../utils/page-title.ts'
import { idParam } from '../../catalogue/server/not-found.ts'
import type { SerializeFrom } from '@remix-run/node'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: reportsStyles }]
export const handle: TitleHandle<SerializeFrom<typeof loader>> = { title: (data) => `Отчетность — ${data.company.name}` }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadReportsPage(request, context, idParam(params.id))
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return reportsAction(request, context, Number(params.id))
}

const DONE: Record<string, string> = { upload: 'Файлы загружены и проверяются.', responsible: 'Ответственное лицо сохранено.', decide: 'Решение сохранено.', 'delete-file': 'Файл удаляется.', unknown: '' }

export default function CompanyReports() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<ReportsActionAnswer>()
  const info = useMemo(
    () => ({ companyId: page.company.id, year: page.year, role: page.role, maxUploadMb: page.maxUploadMb, csrfToken: page.csrfToken, formKey: page.formKey }),
    [page.company.id, page.year, page.role, page.maxUploadMb, page.csrfToken, page.formKey],
  )
  const checking = page.accordions.some((a) => a.sections.some((s) => s.report?.files.some((f) => f.status === 'processing' || f.status === 'deletion')))
  useStatusPolling(checking)

  return (
    <ReportsPageContext.Provider value={info}>
      <section className="reports-page">
        {page.role === 'department' ? (
          <Link to="/department-reports" className="back-link">
            ← Отчеты на рассмотрении
          </Link>
        ) : null}
        <Breadcrumbs crumbs={page.crumbs} />
        <Tabs tabs={page.tabs} />
        <h1>{page.company.name || 'Отчетность'}</h1>
        <YearFilter year={page.year} years={page.years} />
        <NoScriptNotice role={page.role} />
        {answer ? (
          // The answer of a plain form (a browser without JavaScript); the scripted page answers in its dialogs.
          <p className={answer.ok ? 'form-done' : 'form-error'} role={answer.ok ? 'status' : 'alert'}>
            {answer.ok ? DONE[answer.intent] : answer.message}
          </p>
        ) : null}
        <p className="visually-hidden" role="status" aria-live="polite">
          {checking ? 'Файлы проверяются, статусы обновляются автоматически.' : ''}
        </p>
        {page.accordions.map((accordion) => (
          <ReportAccordion key={`${page.year}-${accordion.key}`} accordion={accordion} openSection={page.openSection} />
        ))}
        {page.role === 'department' ? <HistoryAccordion rows={page.history} year={page.year} companyId={page.company.id} /> : null}
        {page.role === 'department' ? (
          <p>
            <Link to={`/department-reports/as-of?${new URLSearchParams({ company: String(page.company.id) })}`}>Состояние отчётности на дату</Link>
          </p>
        ) : null}
      </section>
    </ReportsPageContext.Provider>
  )
}

export function ErrorBoundary() {
  return <RouteError forbiddenMessage="Отчетность предприятия доступна его пользователям и Департаменту." />
}
