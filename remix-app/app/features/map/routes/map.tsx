// /map: every measuring point on a map, with filters in the address (year, point kind, kind of area, substance, and
// an area from its pages), coloured by kind and by the worst multiple of the limit; each marker opens its point.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { HOME } from '../../../utils/links.ts'
import { PageHead } from '../../catalogue/components/detail-card.tsx'
import { FilterForm } from '../../catalogue/components/list-page.tsx'
import { PointsMap } from '../components/points-map.tsx'
import { mapView } from '../server/map-view.server.ts'
import { readValue } from '../../../utils/use-case-answers.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const view = await mapView(context, params)
  const areaName = view.area ? ((await context.catalogue.findRecord(context.useCaseContext, { type: 'areas', id: view.area }).then(readValue)) as { name?: string } | null)?.name : undefined
  const title = areaName ? `Карта пунктов наблюдения: ${areaName}` : 'Карта пунктов наблюдения'
  return { title, crumbs: [HOME, { title: 'Карта пунктов наблюдения', to: '/map' }], hidden: view.area ? { area: String(view.area) } : {}, ...view }
}

export default function MapPage() {
  const { title, crumbs, controls, map, hidden } = useLoaderData<typeof loader>()
  return (
    <section>
      <PageHead title={title} crumbs={crumbs} />
      <FilterForm key={controls.map((c) => `${c.name}=${c.value}`).join('&')} controls={controls} hidden={hidden} />
      <p className="hint">Пунктов на карте: {map.points.length}. Цвет заливки — наибольшая кратность ПДК за год, цвет обводки — вид пункта.</p>
      <PointsMap {...map} />
    </section>
  )
}
