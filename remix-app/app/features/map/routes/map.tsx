// /map: every measuring point on a map, with filters in the address (year, point kind, kind of area, substance, and
// an area from its pages, shown as a control of its own), coloured by kind and by the worst multiple of the limit; each marker opens its point.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { HOME } from '../../../utils/links.ts'
import { PageHead } from '../../../components/page-head.tsx'
import { FilterForm } from '../../../components/filter-form.tsx'
import { PointsMap } from '../components/points-map.tsx'
import { mapView } from '../server/map-view.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const view = await mapView(context, params)
  const title = view.areaName ? `Карта пунктов наблюдения: ${view.areaName}` : 'Карта пунктов наблюдения'
  return { title, crumbs: [HOME, { title: 'Карта пунктов наблюдения', to: '/map' }], ...view }
}

export default function MapPage() {
  const { title, crumbs, controls, map } = useLoaderData<typeof loader>()
  return (
    <section>
      <PageHead title={title} crumbs={crumbs} />
      <FilterForm key={controls.map((c) => `${c.name}=${c.value}`).join('&')} controls={controls} />
      <p className="hint">Пунктов на карте: {map.points.length}. Цвет заливки — наибольшая кратность ПДК за год, цвет обводки — вид пункта.</p>
      <PointsMap {...map} />
    </section>
  )
}
