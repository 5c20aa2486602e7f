// The list of licence areas (/areas) or of polygons of one kind (/polygons, /polygons-yanao), with search and district filter.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AREA_KIND_OF_BASE, areaBaseOf } from '../../../utils/links.ts'
import { areaList } from '../server/area-pages.server.ts'
import { ListPage } from '../components/list-page.tsx'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return areaList(context, request, AREA_KIND_OF_BASE[areaBaseOf(request)])
}

export default function AreaList() {
  const data = useLoaderData<typeof loader>()
  return <ListPage {...data} />
}
