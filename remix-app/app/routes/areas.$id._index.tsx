// The card of a licence area or polygon: every Area field in groups, its tabs and breadcrumbs.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { areaCard } from '../catalogue/area-pages.server.ts'
import { idParam } from '../catalogue/not-found.ts'
import { DetailCard } from '../components/detail-card.tsx'

export async function loader({ params, context }: LoaderFunctionArgs) {
  return areaCard(context, idParam(params.id), ['licence_area', 'polygon_region_monitoring', 'polygon_YaNAO_monitoring'])
}

export default function AreaCard() {
  const data = useLoaderData<typeof loader>()
  return <DetailCard {...data} />
}
