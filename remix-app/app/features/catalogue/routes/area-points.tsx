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

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const area = await areaOf(context, idParam(params.id))
  const search = new URL(request.url).searchParams
  const points = await pointList(context, search, { area: area.id }, area.id)
  return {
    title: 'Пункты наблюдения',
    crumbs: [...areaCrumbs(area), { title: 'Пункты наблюдения', to: `/areas/${area.id}/measures-points` }],
    tabs: await areaTabs(context, area, context.user),
    ...points,
  }
}

export default function AreaPoints() {
  const { canDelete, ...data } = useLoaderData<typeof loader>()
  return <ListPage {...data} actions={canDelete ? (item) => <DeletePointButton id={item.id} name={item.title} /> : undefined} />
}
