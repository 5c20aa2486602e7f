// The Department's review lists: the reports in a status, with the day each entered the queue (or was decided), its
// age in days and round, the count of each status, sortable (oldest first by default), searchable by company.
import type { AppLoadContext } from '@remix-run/node'
import { QUEUE_SORTS, type QueueSort } from '@portal/workflow-service/use-cases.server.ts'
import { shownOf } from '../catalogue/server/views.server.ts'
import { REVIEW_TABS } from './review-tabs.ts'
import { pageValue } from '../../utils/use-case-answers.server.ts'

export async function loadReviewList(request: Request, context: AppLoadContext, param: string | undefined) {
  const tab = REVIEW_TABS.find((t) => t.param === param)
  if (!tab) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const url = new URL(request.url)
  const search = (url.searchParams.get('search') ?? '').slice(0, 200)
  const asked = url.searchParams.get('sort') ?? 'oldest'
  const sort: QueueSort = (QUEUE_SORTS as readonly string[]).includes(asked) ? (asked as QueueSort) : 'oldest'
  // 'Показать еще' grows the page like every catalogue list; the whole list so far is served again, so a reload keeps it.
  const shown = shownOf(url.searchParams)
  // Who may see the lists is the use-case's one check: the public is sent to log in, anyone else gets the 403 page.
  const page = pageValue(request, context.user, await context.workflow.reviewQueue(context.useCaseContext, { status: tab.status, search, sort, limit: shown }))
  return {
    tab: tab.status,
    search,
    sort,
    shown,
    count: page.count,
    counts: page.counts,
    results: page.results.map((r) => ({ ...r, since: r.since.toISOString() })),
  }
}
