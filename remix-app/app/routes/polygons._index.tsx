// The list of areas of kind polygon_region_monitoring, with search and district filter.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { areaList } from '../catalogue/area-pages.server.ts'
import { ListPage } from '../components/list-page.tsx'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return areaList(context, request, 'polygon_region_monitoring')
}

export default function AreaList() {
  const data = useLoaderData<typeof loader>()
  return <ListPage {...data} />
}
