// A measuring point's card (coordinates in degrees, minutes and seconds) with its latest readings.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { idParam } from '../catalogue/not-found.ts'
import { pointHead, pointOf, readingsOf } from '../catalogue/points.server.ts'
import { cardGroups, typeOrThrow } from '../catalogue/views.server.ts'
import { ReadingsTable } from '../components/data-table.tsx'
import { DetailCard } from '../components/detail-card.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const point = await pointOf(context, idParam(params.id))
  const head = await pointHead(context, point)
  const { readings, year } = await readingsOf(context, point, new URL(request.url).searchParams)
  return { title: point.name, ...head, groups: cardGroups(typeOrThrow('measures-points'), point), readings, year }
}

export default function PointCard() {
  const { readings, year, ...card } = useLoaderData<typeof loader>()
  return (
    <DetailCard {...card}>
      <section className="card-group">
        <h2>Показания{year ? ` за ${year} год` : ''}</h2>
        <ReadingsTable readings={readings} />
      </section>
    </DetailCard>
  )
}
