// /points/{kind}/{id}: a point's card at its by-kind address (catalogue.md §2.3); a point of another kind is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { pointCard } from '../server/point-card.server.ts'
import { pointOfKind } from '../server/point-water-pages.server.ts'
import { idParam } from '../server/not-found.ts'
import { PointCard } from '../components/point-card.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return pointCard(context, idParam(params.id), pointOfKind(context, params.kindPoint, params.id), new URL(request.url).searchParams)
}

export default function PointByKindCard() {
  return <PointCard {...useLoaderData<typeof loader>()} />
}
