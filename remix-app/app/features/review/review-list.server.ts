// The Department's review lists: the reports in a status, with the day each entered the queue (or was decided), its
// age in days and round, its due date, the count of each status, sortable (oldest first by default), searchable by
// company, filtered by reporting year and report type.
import type { AppLoadContext } from '@remix-run/node'
import { QUEUE_SORTS, type QueueSort } from '@portal/workflow-domain/use-cases.server.ts'
import { shownOf } from '../catalogue/server/views.server.ts'
import { REVIEW_TABS } from './review-tabs.ts'
import { pageValue } from '../../utils/use-case-answers.server.ts'
import { strictChoice } from '../../utils/strict-choice.server.ts'
import { FIRST_REPORT_YEAR, REPORT_TYPE_CODES } from '@portal/workflow-domain/views.ts'
import type { ReportType } from '@portal/workflow-domain/use-cases.server.ts'
import { data } from '@remix-run/node'

/** The year filter, read strictly: four digits within the years a report can be for, else the 400 page naming it. */
function yearOf(params: URLSearchParams): number | undefined {
  const values = params.getAll('year')
  if (values.length > 1) throw data('Год: параметр указан несколько раз', { status: 400 })
  const text = values[0] ?? ''
  if (text === '') return undefined
  const year = Number(text)
  if (!/^[0-9]{4}$/.test(text) || year < FIRST_REPORT_YEAR || year > 2100) throw data(`Год: введите год от ${FIRST_REPORT_YEAR} до 2100`, { status: 400 })
  return year
}

export async function loadReviewList(request: Request, context: AppLoadContext, param: string | undefined) {
  const tab = REVIEW_TABS.find((t) => t.param === param)
  if (!tab) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const url = new URL(request.url)
  const search = (url.searchParams.get('search') ?? '').slice(0, 200)
  const asked = url.searchParams.get('sort') ?? 'oldest'
  const sort: QueueSort = (QUEUE_SORTS as readonly string[]).includes(asked) ? (asked as QueueSort) : 'oldest'
  // 'Показать еще' grows the page like every catalogue list; the whole list so far is served again, so a reload keeps it.
  const shown = shownOf(url.searchParams)
  const year = yearOf(url.searchParams)
  const reportType = strictChoice<ReportType>(url.searchParams, 'type', 'Отчёт', REPORT_TYPE_CODES)
  // Only the reports whose company's last message waits for the Department's answer (decision 3712).
  const unanswered = strictChoice(url.searchParams, 'questions', 'Вопросы', ['unanswered'] as const) === 'unanswered'
  // Who may see the lists is the use-case's one check: the public is sent to log in, anyone else gets the 403 page.
  const page = pageValue(request, context.user, await context.workflow.reviewQueue(context.useCaseContext, { status: tab.status, search, sort, limit: shown, ...(year !== undefined ? { year } : {}), ...(reportType ? { reportType } : {}), ...(unanswered ? { unanswered } : {}) }))
  return {
    tab: tab.status,
    search,
    sort,
    shown,
    year: year ?? null,
    reportType: reportType ?? null,
    unanswered,
    count: page.count,
    counts: page.counts,
    results: page.results.map((r) => ({ ...r, since: r.since.toISOString() })),
  }
}
