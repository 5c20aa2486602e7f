// 'greenhousegases-categories': emissions per category of every company for a reporting year.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { categoriesTable } from '../server/greenhouse-pages.server.ts'
import { TablePage } from '../components/table-page.tsx'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return categoriesTable(context, new URL(request.url).searchParams)
}

export default function GreenhouseCategories() {
  const data = useLoaderData<typeof loader>()
  return <TablePage {...data} />
}
