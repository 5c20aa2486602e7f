// A point's readings for a reporting period: name, value, unit, limit and share of the limit, coloured by multiple;
// above them each substance over the years against its ПДК (server-drawn charts), below them the table's downloads.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { idParam } from '../server/not-found.ts'
import { pointHead, pointOf, readingsOf } from '../server/points.server.ts'
import { downloadsOf } from '../server/views.server.ts'
import { ReadingsTable } from '../components/data-table.tsx'
import { PageHead } from '../../../components/page-head.tsx'
import { DownloadLinks } from '../components/list-page.tsx'
import { FilterForm } from '../../../components/filter-form.tsx'
import { ReadingCharts } from '../../charts/components/reading-charts.tsx'
import { readValue } from '../../../utils/use-case-answers.server.ts'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const point = await pointOf(context, idParam(params.id))
  const head = await pointHead(context, point, { title: 'Показания', to: `/measures-points/${point.id}/indications` })
  const readings = await readingsOf(context, point, new URL(request.url).searchParams)
  const series = await context.catalogue.readingSeries(context.useCaseContext, { point: point.id }).then(readValue)
  const downloads = downloadsOf('measures-point-indications', { measures_point: point.id, ...(readings.year ? { year: readings.year } : {}) })
  return { title: `Показания: ${point.name}`, ...head, ...readings, series, downloads }
}

export default function PointReadings() {
  const { title, crumbs, tabs, controls, readings, limitNotes, series, downloads } = useLoaderData<typeof loader>()
  return (
    <section>
      <PageHead title={title} crumbs={crumbs} tabs={tabs} />
      <ReadingCharts series={series} />
      <FilterForm key={controls.map((c) => c.value).join()} controls={controls} />
      <DownloadLinks list={{ downloads, count: readings.length }} />
      <ReadingsTable readings={readings} sources />
      {limitNotes.length > 0 ? (
        <div className="limit-notes">
          <p>ПДК изменялась после отбора проб:</p>
          <ul>
            {limitNotes.map((n) => (
              <li key={`${n.name} ${n.sampled}`}>
                {n.name}: на {n.sampled} действовала ПДК {n.applied}, сейчас {n.now}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
