// The reports page of a company (spec §2 'Reports page'): the holder uploads and names responsible persons,
// the Department reviews, decides and reads the history. Statuses refresh every 5 s while files are being checked.
// A load of the sections that fails in the browser shows the modal 'Ошибка' with the server's detail over the
// sections already shown (spec §8), instead of replacing the page with the error page.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { type ClientLoaderFunctionArgs, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { ModalDialog } from '../../../components/modal-dialog.tsx'
import { detailSince, failedAnswersSeen, watchDataAnswers } from '../../../utils/data-answer-details.ts'
import { leavesThePage, type LoadFailure, loadFailureText } from '../components/load-failure.ts'
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
type PageData = SerializeFrom<typeof loader>

export const handle: TitleHandle<PageData | LoadFailure> = { title: (data) => ('loadError' in data ? 'Отчетность' : `Отчетность — ${data.company.name}`) }

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadReportsPage(request, context, idParam(params.id))
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return reportsAction(request, context, Number(params.id))
}

/** In the browser: the server's data, or the failure to show over the sections already on the page. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs): Promise<PageData | LoadFailure> {
  watchDataAnswers()
  const mark = failedAnswersSeen()
  try {
    return await serverLoader<typeof loader>()
  } catch (error) {
    if (leavesThePage(error)) throw error
    // Spec §8: the detail is shown; the error itself goes to the console for whoever looks into it.
    console.error(error)
    return { loadError: loadFailureText(error, detailSince(mark)) }
  }
}

const DONE: Record<string, string> = { upload: 'Файлы загружены и проверяются.', responsible: 'Ответственное лицо сохранено.', decide: 'Решение сохранено.', 'delete-file': 'Файл удаляется.', unknown: '' }

export default function CompanyReports() {
  const data = useLoaderData<typeof clientLoader>()
  const failure = 'loadError' in data ? data : null
  // The sections last loaded stay on the page under a failed load's message.
  const shown = useRef<PageData | null>(null)
  if (!failure) shown.current = data as PageData
  const [dismissed, setDismissed] = useState<LoadFailure | null>(null)
  // Each failure puts the year filter back to the year the sections shown are for.
  const [failures, setFailures] = useState(0)
  useEffect(() => {
    if (failure) setFailures((n) => n + 1)
  }, [failure])
  const open = failure !== null && dismissed !== failure
  const page = shown.current
  return (
    <>
      {page ? (
        <ReportsPage page={page} filterKey={failures} polling={!open} />
      ) : (
        // Came from another page and the first load failed: nothing to keep, only the message.
        <section className="reports-page">
          <h1>Отчетность</h1>
        </section>
      )}
      <ModalDialog open={open} title="Ошибка" onClose={() => setDismissed(failure)}>
        <p role="alert">{failure?.loadError}</p>
      </ModalDialog>
    </>
  )
}

function ReportsPage({ page, filterKey, polling }: { page: PageData; filterKey: number; polling: boolean }) {
  const answer = useActionData<ReportsActionAnswer>()
  const info = useMemo(
    () => ({ companyId: page.company.id, year: page.year, role: page.role, maxUploadMb: page.maxUploadMb, csrfToken: page.csrfToken, formKey: page.formKey }),
    [page.company.id, page.year, page.role, page.maxUploadMb, page.csrfToken, page.formKey],
  )
  const checking = page.accordions.some((a) => a.sections.some((s) => s.report?.files.some((f) => f.status === 'processing' || f.status === 'deletion')))
  useStatusPolling(checking && polling)

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
        <YearFilter key={filterKey} year={page.year} years={page.years} />
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
