// The licence areas of one company.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { companyCrumbs } from '../../../utils/links.ts'
import { companyOf } from '../server/company-card.server.ts'
import { idParam } from '../server/not-found.ts'
import { companyTabs } from '../server/tabs.server.ts'
import { listView, searchListParams, typeOrThrow } from '../server/views.server.ts'
import { ListPage } from '../components/list-page.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const company = await companyOf(context, idParam(params.id))
  const { params: search, controls } = searchListParams(context, new URL(request.url).searchParams)
  const list = await listView(context, typeOrThrow('areas'), search, { company: company.id }, ['search'])
  return {
    title: 'Лицензионные участки',
    crumbs: [...companyCrumbs(company), { title: 'Лицензионные участки', to: `/companies/${company.id}/areas` }],
    tabs: companyTabs(company, context.user),
    controls,
    list,
  }
}

export default function CompanyAreas() {
  const data = useLoaderData<typeof loader>()
  return <ListPage {...data} />
}
