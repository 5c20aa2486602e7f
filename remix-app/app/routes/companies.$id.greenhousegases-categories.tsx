// 'company-greenhousegases-categories': one company's emissions per category for a reporting year.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { findRecord } from '@portal/workflow-service/catalogue/query.server.ts'
import { categoriesTable } from '../catalogue/greenhouse-pages.server.ts'
import { idParam, notFound } from '../catalogue/not-found.ts'
import { companyTabs } from '../catalogue/tabs.server.ts'
import { typeOrThrow } from '../catalogue/views.server.ts'
import { TablePage } from '../components/table-page.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const company = (await findRecord(context.db, typeOrThrow('companies'), idParam(params.id))) as { id: number; name: string; kind: string } | undefined
  if (!company) throw notFound()
  return { ...(await categoriesTable(context, new URL(request.url).searchParams, company)), tabs: companyTabs(company, context.user) }
}

export default function CompanyGreenhouseCategories() {
  const data = useLoaderData<typeof loader>()
  return <TablePage {...data} />
}
