// A point's reports: those of the report type of its kind (ambient air, snow, waters, sediments, soils), or its
// readings for other kinds; each shown in the readings table of 'Показания' (same values, colours and legend).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { idParam } from '../server/not-found.ts'
import { pointHead, pointOf, reportsOf } from '../server/points.server.ts'
import { PdkLegend, ReadingsTable } from '../components/data-table.tsx'
import { PageHead } from '../../../components/page-head.tsx'
import { DownloadLinks } from '../components/list-page.tsx'
import { FilterForm } from '../../../components/filter-form.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const point = await pointOf(context, idParam(params.id))
  const head = await pointHead(context, point, { title: 'Отчёты', to: `/measures-points/${point.id}/reports` })
  return { ...head, ...(await reportsOf(context, point, new URL(request.url).searchParams)) }
}

export default function PointReports() {
  const { title, crumbs, tabs, controls, reports, list } = useLoaderData<typeof loader>()
  return (
    <section>
      <PageHead title={title} crumbs={crumbs} tabs={tabs} />
      <FilterForm key={controls.map((c) => c.value).join()} controls={controls} />
      <DownloadLinks list={list} />
      {reports.length === 0 && <p className="empty">Нет данных</p>}
      {reports.map((report) => (
        <section key={report.id} className="point-report" aria-labelledby={`report-${report.id}`}>
          <h2 id={`report-${report.id}`}>{report.caption}</h2>
          <ReadingsTable readings={report.readings} label={report.caption} legend={false} />
        </section>
      ))}
      {reports.length > 0 && <PdkLegend />}
    </section>
  )
}
