// A point's readings for a reporting period: name, value, unit, limit and share of the limit, coloured by multiple.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { idParam } from '../server/not-found.ts'
import { pointHead, pointOf, readingsOf } from '../server/points.server.ts'
import { ReadingsTable } from '../components/data-table.tsx'
import { PageHead } from '../components/detail-card.tsx'
import { FilterForm } from '../components/list-page.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const point = await pointOf(context, idParam(params.id))
  const head = await pointHead(context, point, { title: 'Показания', to: `/measures-points/${point.id}/indications` })
  return { title: `Показания: ${point.name}`, ...head, ...(await readingsOf(context, point, new URL(request.url).searchParams)) }
}

export default function PointReadings() {
  const { title, crumbs, tabs, controls, readings } = useLoaderData<typeof loader>()
  return (
    <section>
      <PageHead title={title} crumbs={crumbs} tabs={tabs} />
      <FilterForm key={controls.map((c) => c.value).join()} controls={controls} />
      <ReadingsTable readings={readings} />
    </section>
  )
}
