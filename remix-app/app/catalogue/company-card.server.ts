// The company card (heading, breadcrumbs, tabs of its audience, groups of every Company field).
import type { AppLoadContext } from '@remix-run/node'
import { findRecord } from '@portal/workflow-service/catalogue/query.server.ts'
import { companyCrumbs } from './links.ts'
import { notFound } from './not-found.ts'
import { companyTabs } from './tabs.server.ts'
import { cardGroups, typeOrThrow } from './views.server.ts'

export async function companyCard(context: AppLoadContext, id: number) {
  const type = typeOrThrow('companies')
  const company = await findRecord(context.db, type, id)
  if (!company) throw notFound()
  const { name, kind } = company as { name: string; kind: string }
  return { title: name, crumbs: companyCrumbs({ id, name }), tabs: companyTabs({ id, kind }, context.user), groups: cardGroups(type, company as { id: number }) }
}
