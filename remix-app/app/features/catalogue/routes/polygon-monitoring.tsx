// The monitoring-system sections of a polygon: /polygons/{id}/ecomonitoring-system for a regional polygon,
// /polygons-yanao/{id}/monitoring for one of the region-wide system.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { areaBaseOf } from '../../../utils/links.ts'
import { monitoringSystem } from '../server/monitoring-system.server.ts'
import { idParam } from '../server/not-found.ts'
import { PageHead } from '../components/detail-card.tsx'
import { SectionTiles } from '../components/section-tiles.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const kind = areaBaseOf(request) === 'polygons-yanao' ? 'polygon_YaNAO_monitoring' : 'polygon_region_monitoring'
  return monitoringSystem(context, idParam(params.id), kind)
}

export default function MonitoringSystem() {
  const { title, crumbs, tabs, tiles } = useLoaderData<typeof loader>()
  return (
    <section>
      <PageHead title={title} crumbs={crumbs} tabs={tabs} />
      <SectionTiles tiles={tiles} />
    </section>
  )
}
