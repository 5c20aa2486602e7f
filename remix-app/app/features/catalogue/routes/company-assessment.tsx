// 'Оценка состояния' of a company: the state assessment of each of its licence areas.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { companyCrumbs } from '../../../utils/links.ts'
import { companyOf } from '../server/company-card.server.ts'
import { idParam } from '../server/not-found.ts'
import { companyTabs } from '../server/tabs.server.ts'
import { listView, typeOrThrow } from '../server/views.server.ts'
import { type FilterControl } from '../../../components/filter-form.tsx'
import { ListPage } from '../components/list-page.tsx'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const company = await companyOf(context, idParam(params.id))
  const list = await listView(context, typeOrThrow('areas'), new URL(request.url).searchParams, { company: company.id }, [])
  list.items = list.items.map((item) => ({ ...item, href: `/areas/${item.id}/assessment` }))
  return {
    title: 'Оценка состояния',
    crumbs: [...companyCrumbs(company), { title: 'Оценка состояния', to: `/companies/${company.id}/assessment` }],
    tabs: companyTabs(company, context.user),
    controls: [] as FilterControl[],
    list,
  }
}

export default function CompanyAssessment() {
  const data = useLoaderData<typeof loader>()
  return <ListPage {...data} />
}
