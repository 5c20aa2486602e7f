// A measuring point's card (coordinates in degrees, minutes and seconds) with its latest readings.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { idParam } from '../server/not-found.ts'
import { pointCard } from '../server/point-card.server.ts'
import { pointOf } from '../server/points.server.ts'
import { PointCard } from '../components/point-card.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = idParam(params.id)
  return pointCard(context, id, pointOf(context, id), new URL(request.url).searchParams)
}

export default function MeasuresPointCard() {
  return <PointCard {...useLoaderData<typeof loader>()} />
}
