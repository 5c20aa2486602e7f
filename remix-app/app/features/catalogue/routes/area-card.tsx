// The card of a licence area or polygon: every Area field in groups, its tabs and breadcrumbs. /areas/{id} shows
// an area of any kind; /polygons/{id} and /polygons-yanao/{id} only a polygon of their own kind.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AREA_KIND_OF_BASE, areaBaseOf } from '../../../utils/links.ts'
import { areaCard } from '../server/area-pages.server.ts'
import { idParam } from '../server/not-found.ts'
import { DetailCard } from '../components/detail-card.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const base = areaBaseOf(request)
  const kinds = base === 'areas' ? Object.values(AREA_KIND_OF_BASE) : [AREA_KIND_OF_BASE[base]]
  return areaCard(context, idParam(params.id), kinds)
}

export default function AreaCard() {
  const data = useLoaderData<typeof loader>()
  return <DetailCard {...data} />
}
