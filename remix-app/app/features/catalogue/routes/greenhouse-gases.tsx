// /greenhouse-gases and /gas-emissions: the start page per year with its two sections; once a filter is chosen
// (year, category, company), /greenhouse-gases lists the emissions headed with the chosen company, year and category.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { pagePath } from '../../../utils/links.ts'
import { choseFilter, greenhouseList, greenhouseStartPage } from '../server/greenhouse-pages.server.ts'
import { GreenhouseStart } from '../components/greenhouse-start.tsx'
import { ListPage } from '../components/list-page.tsx'
import { GasSummaryView } from '../components/gas-summary.tsx'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  if (pagePath(request).startsWith('/greenhouse-gases') && choseFilter(params)) return { view: 'list' as const, ...(await greenhouseList(context, params)) }
  const start = await greenhouseStartPage(context)
  // The start page also offers the filters: choosing one opens the list.
  const { controls } = await greenhouseList(context, new URLSearchParams())
  return { view: 'start' as const, ...start, controls }
}

export default function GreenhouseGases() {
  const page = useLoaderData<typeof loader>()
  if (page.view === 'list') return <ListPage {...page}>{page.gases ? <GasSummaryView summary={page.gases} /> : null}</ListPage>
  return <GreenhouseStart {...page} />
}
