// 'company-greenhousegases-categories': one company's emissions per category for a reporting year.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { categoriesTable } from '../server/greenhouse-pages.server.ts'
import { companyOf } from '../server/company-card.server.ts'
import { idParam } from '../server/not-found.ts'
import { companyTabs } from '../server/tabs.server.ts'
import { TablePage } from '../components/table-page.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const company = await companyOf(context, idParam(params.id))
  return { ...(await categoriesTable(context, new URL(request.url).searchParams, company)), tabs: companyTabs(company, context.user) }
}

export default function CompanyGreenhouseCategories() {
  const data = useLoaderData<typeof loader>()
  return <TablePage {...data} />
}
