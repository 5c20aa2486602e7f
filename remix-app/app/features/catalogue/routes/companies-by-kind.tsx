// /companies-by-kind/{lem_industry|gas_emissions}: the companies of one kind, with the spec's titles.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { COMPANY_LIST_TITLES, type CompanyKindCode } from '@portal/workflow-domain/registry.ts'
import { HOME } from '../../../utils/links.ts'
import { listView, searchListParams, typeOrThrow } from '../server/views.server.ts'
import { ListPage } from '../components/list-page.tsx'
import { notFound } from '../server/not-found.ts'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const kind = params.kind as CompanyKindCode
  if (!(kind in COMPANY_LIST_TITLES)) throw notFound()
  const { params: search, controls } = searchListParams(context, new URL(request.url).searchParams)
  const list = await listView(context, typeOrThrow('companies'), search, { kind }, ['search'])
  return { list, controls, title: COMPANY_LIST_TITLES[kind], kind }
}

export default function CompaniesByKind() {
  const { list, controls, title, kind } = useLoaderData<typeof loader>()
  return <ListPage title={title} crumbs={[HOME, { title, to: `/companies-by-kind/${kind}` }]} controls={controls} list={list} />
}
