// The licence areas of one company.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { findRecord } from '@portal/workflow-service/catalogue/query.server.ts'
import { companyCrumbs } from '../catalogue/links.ts'
import { idParam, notFound } from '../catalogue/not-found.ts'
import { companyTabs } from '../catalogue/tabs.server.ts'
import { listView, searchControl, typeOrThrow } from '../catalogue/views.server.ts'
import { ListPage } from '../components/list-page.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const company = (await findRecord(context.db, typeOrThrow('companies'), idParam(params.id))) as { id: number; name: string; kind: string } | undefined
  if (!company) throw notFound()
  const search = new URL(request.url).searchParams
  const list = await listView(context.db, typeOrThrow('areas'), search, { company: company.id }, ['search'])
  return {
    title: 'Лицензионные участки',
    crumbs: [...companyCrumbs(company), { title: 'Лицензионные участки', to: `/companies/${company.id}/areas` }],
    tabs: companyTabs(company, context.user),
    controls: [searchControl(search)],
    list,
  }
}

export default function CompanyAreas() {
  const data = useLoaderData<typeof loader>()
  return <ListPage {...data} />
}
