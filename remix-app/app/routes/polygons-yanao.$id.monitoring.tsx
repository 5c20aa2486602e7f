// The monitoring-system sections of a polygon (polygon_YaNAO_monitoring).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { monitoringSystem } from '../catalogue/monitoring-system.server.ts'
import { idParam } from '../catalogue/not-found.ts'
import { PageHead } from '../components/detail-card.tsx'
import { SectionTiles } from '../components/section-tiles.tsx'

export async function loader({ params, context }: LoaderFunctionArgs) {
  return monitoringSystem(context, idParam(params.id), 'polygon_YaNAO_monitoring')
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
