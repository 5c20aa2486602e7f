// A company's card: every field of the Company entity in groups, and the tabs of its audience.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { findRecord } from '@portal/workflow-service/catalogue/query.server.ts'
import { companyCrumbs } from '../catalogue/links.ts'
import { idParam, notFound } from '../catalogue/not-found.ts'
import { companyTabs } from '../catalogue/tabs.server.ts'
import { cardGroups, typeOrThrow } from '../catalogue/views.server.ts'
import { DetailCard } from '../components/detail-card.tsx'

export async function loader({ params, context }: LoaderFunctionArgs) {
  const type = typeOrThrow('companies')
  const company = await findRecord(context.db, type, idParam(params.id))
  if (!company) throw notFound()
  const { id, name, kind } = company as { id: number; name: string; kind: string }
  return { title: name, crumbs: companyCrumbs({ id, name }), tabs: companyTabs({ id, kind }, context.user), groups: cardGroups(type, company as { id: number }) }
}

export default function Company() {
  const data = useLoaderData<typeof loader>()
  return <DetailCard {...data} />
}
