// Every other path: the pages of the registry types (lists, cards, lists scoped to a parent), else the 404 page.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { genericPage } from '../catalogue/generic-pages.server.ts'
import { DetailCard } from '../components/detail-card.tsx'
import { ListPage } from '../components/list-page.tsx'
import { NotFound } from '../components/not-found.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return genericPage(context, params['*'] ?? '', new URL(request.url).searchParams)
}

export default function CataloguePage() {
  const page = useLoaderData<typeof loader>()
  return page.view === 'card' ? <DetailCard {...page} /> : <ListPage {...page} />
}

export function ErrorBoundary() {
  return <NotFound />
}
