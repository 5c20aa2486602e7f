// /water-systems/{id}/points: the measuring points of a water system (catalogue.md §2.4).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { waterSystemPointsPage } from '../server/water-system-points.server.ts'
import { ListPage } from '../components/list-page.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return waterSystemPointsPage(context, params.id, new URL(request.url).searchParams)
}

export default function WaterSystemPoints() {
  return <ListPage {...useLoaderData<typeof loader>()} />
}
