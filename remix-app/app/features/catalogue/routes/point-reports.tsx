// A point's reports: the report type of its kind (ambient air, snow, waters, sediments, soils) or its readings.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { idParam } from '../server/not-found.ts'
import { pointHead, pointOf, reportsOf } from '../server/points.server.ts'
import { Table } from '../components/data-table.tsx'
import { PageHead } from '../components/detail-card.tsx'
import { DownloadLinks, FilterForm, ShowMore } from '../components/list-page.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const point = await pointOf(context, idParam(params.id))
  const head = await pointHead(context, point, { title: 'Отчёты', to: `/measures-points/${point.id}/reports` })
  return { ...head, ...(await reportsOf(context, point, new URL(request.url).searchParams)) }
}

export default function PointReports() {
  const { title, crumbs, tabs, controls, columns, rows, list } = useLoaderData<typeof loader>()
  return (
    <section>
      <PageHead title={title} crumbs={crumbs} tabs={tabs} />
      <FilterForm key={controls.map((c) => c.value).join()} controls={controls} />
      <DownloadLinks list={list} />
      <Table columns={columns} rows={rows} />
      <ShowMore list={list} />
    </section>
  )
}
