// The measuring points of an area: search, 'Тип' category filter, the geochemical type filter, deletion for the Department.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { areaOf } from '../server/area-pages.server.ts'
import { areaCrumbs } from '../../../utils/links.ts'
import { idParam } from '../server/not-found.ts'
import { pointList } from '../server/points.server.ts'
import { areaTabs } from '../server/tabs.server.ts'
import { DeletePointButton } from '../components/delete-point-button.tsx'
import { ListPage } from '../components/list-page.tsx'
import { PointsMap } from '../../map/components/points-map.tsx'
import { mapView } from '../../map/server/map-view.server.ts'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const area = await areaOf(context, idParam(params.id))
  const search = new URL(request.url).searchParams
  const points = await pointList(context, search, { area: area.id }, area.id)
  const view = await mapView(context, search, { area: area.id })
  return {
    title: 'Пункты наблюдения',
    crumbs: [...areaCrumbs(area), { title: 'Пункты наблюдения', to: `/areas/${area.id}/measures-points` }],
    tabs: await areaTabs(context, area, context.user),
    ...points,
    // The map's year (the colours of its markers) joins the list's filters.
    controls: [...points.controls, ...view.controls.filter((c) => c.name === 'year')],
    map: view.map,
  }
}

export default function AreaPoints() {
  const { canDelete, map, ...data } = useLoaderData<typeof loader>()
  return (
    <ListPage {...data} actions={canDelete ? (item) => <DeletePointButton id={item.id} name={item.title} /> : undefined}>
      <PointsMap {...map} />
    </ListPage>
  )
}
