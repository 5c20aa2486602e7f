// /points/{kind_point}: the measuring points of one kind, headed as catalogue.md §2.3 says.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { POINT_KINDS, POINT_LIST_HEADINGS, type PointKindCode } from '@portal/workflow-domain/registry.ts'
import { HOME } from '../../../utils/links.ts'
import { notFound } from '../server/not-found.ts'
import { pointList } from '../server/points.server.ts'
import { DeletePointButton } from '../components/delete-point-button.tsx'
import { ListPage } from '../components/list-page.tsx'
import { PointsMap } from '../../map/components/points-map.tsx'
import { mapView } from '../../map/server/map-view.server.ts'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const kind = params.kindPoint as PointKindCode
  if (!(kind in POINT_KINDS)) throw notFound()
  const search = new URL(request.url).searchParams
  search.delete('kind')
  const title = POINT_LIST_HEADINGS[kind] ?? POINT_KINDS[kind]
  const points = await pointList(context, search, { kind })
  const view = await mapView(context, search, { kind })
  const controls = [...points.controls.filter((c) => c.name === 'search'), ...view.controls.filter((c) => c.name === 'year')]
  return { title, crumbs: [HOME, { title, to: `/points/${kind}` }], ...points, controls, map: view.map }
}

export default function PointsByKind() {
  const { canDelete, map, ...data } = useLoaderData<typeof loader>()
  return (
    <ListPage {...data} actions={canDelete ? (item) => <DeletePointButton id={item.id} name={item.title} /> : undefined}>
      <PointsMap {...map} />
    </ListPage>
  )
}
