// The pages of the registry types at the addresses routes.ts declares from the registry: lists, cards, lists scoped to a parent.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { pagePath } from '../../../utils/links.ts'
import { genericPage } from '../server/generic-pages.server.ts'
import { DetailCard } from '../components/detail-card.tsx'
import { ListPage } from '../components/list-page.tsx'
import { NotFound } from '../../../components/not-found.tsx'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return genericPage(context, pagePath(request), new URL(request.url).searchParams)
}

export default function CataloguePage() {
  const page = useLoaderData<typeof loader>()
  return page.view === 'card' ? <DetailCard {...page} /> : <ListPage {...page} />
}

export function ErrorBoundary() {
  return <NotFound />
}
