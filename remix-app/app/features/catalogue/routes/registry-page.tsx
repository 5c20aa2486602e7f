// The pages of the registry types at the addresses routes.ts declares from the registry: lists, cards, lists scoped to a parent.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { pagePath } from '../../../utils/links.ts'
import { genericPage } from '../server/generic-pages.server.ts'
import { DetailCard } from '../components/detail-card.tsx'
import { Table } from '../components/data-table.tsx'
import { ListPage } from '../components/list-page.tsx'
import { NotFound } from '../../../components/not-found.tsx'
import { ListChartView } from '../../charts/components/list-chart-view.tsx'
import { GasSummaryView } from '../components/gas-summary.tsx'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return genericPage(context, pagePath(request), new URL(request.url).searchParams)
}

export default function CataloguePage() {
  const page = useLoaderData<typeof loader>()
  if (page.view === 'card') {
    const { table, ...card } = page
    return (
      <DetailCard {...card}>
        {table ? (
          <section className="card-group">
            <h2>{table.title}</h2>
            <Table columns={table.columns} rows={table.rows} />
          </section>
        ) : null}
      </DetailCard>
    )
  }
  return (
    <ListPage {...page}>
      {page.gases ? <GasSummaryView summary={page.gases} /> : null}
      {page.chart ? <ListChartView chart={page.chart} /> : null}
    </ListPage>
  )
}

export function ErrorBoundary() {
  return <NotFound />
}
