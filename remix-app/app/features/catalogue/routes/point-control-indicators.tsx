// /points/{kind}/{id}/control-indicators: a water-object point's sediment and surface-water control indicators as one list.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { controlIndicatorsPage } from '../server/point-water-pages.server.ts'
import { ListPage } from '../components/list-page.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return controlIndicatorsPage(context, params.kindPoint, params.id, new URL(request.url).searchParams)
}

export default function PointControlIndicators() {
  return <ListPage {...useLoaderData<typeof loader>()} />
}

