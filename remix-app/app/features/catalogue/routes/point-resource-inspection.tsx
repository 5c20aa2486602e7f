// /points/{kind}/{id}/resource-inspection: the visual inspection results of a water-object point, by year.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { resourceInspectionPage } from '../server/point-water-pages.server.ts'
import { ListPage } from '../components/list-page.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return resourceInspectionPage(context, params.kindPoint, params.id, new URL(request.url).searchParams)
}

export default function PointResourceInspection() {
  return <ListPage {...useLoaderData<typeof loader>()} />
}

