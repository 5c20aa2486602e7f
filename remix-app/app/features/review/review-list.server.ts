// The Department's review lists: companies having reports in a status, with the years of those reports.
import type { AppLoadContext } from '@remix-run/node'
import { listCompanies } from '@portal/workflow-service/catalogue/companies.server.ts'
import { shownOf } from '../catalogue/server/views.server.ts'
import { REVIEW_TABS } from './review-tabs.ts'
import { requirePermission } from '../../utils/permissions.server.ts'

export async function loadReviewList(request: Request, context: AppLoadContext, param: string | undefined) {
  const tab = REVIEW_TABS.find((t) => t.param === param)
  if (!tab) throw new Response(null, { status: 404, statusText: 'Not Found' })
  requirePermission(request, context.user, 'decide:report:any')
  const url = new URL(request.url)
  const search = (url.searchParams.get('search') ?? '').slice(0, 200)
  // 'Показать еще' grows the page like every catalogue list; the whole list so far is served again, so a reload keeps it.
  const shown = shownOf(url.searchParams)
  const page = await listCompanies(context.db, { reportStatus: tab.status, search }, shown, 0)
  const ids = page.results.map((c) => c.id)
  const years = ids.length
    ? await context.db
        .selectFrom('import_reports')
        .select(['company_id', 'year'])
        .distinct()
        .where('status', '=', tab.status)
        .where('company_id', 'in', ids)
        .orderBy('year', 'desc')
        .execute()
    : []
  return {
    tab: tab.status,
    search,
    shown,
    count: page.count,
    results: page.results.map((c) => ({ id: c.id, name: c.name, years: years.filter((y) => y.company_id === c.id).map((y) => y.year) })),
  }
}
