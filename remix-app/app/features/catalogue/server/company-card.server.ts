// The company card (heading, breadcrumbs, tabs of its audience, groups of every Company field).
import type { AppLoadContext } from '@remix-run/node'
import { companyCrumbs } from '../../../utils/links.ts'
import { notFound } from './not-found.ts'
import { companyTabs } from './tabs.server.ts'
import { cardGroups, recordOf, typeOrThrow } from './views.server.ts'

export type CompanyRecord = { id: number; name: string; kind: string } & Record<string, unknown>

/** The company of a company page (card, its lists and tabs), or the 404 page. */
export async function companyOf(context: AppLoadContext, id: number): Promise<CompanyRecord> {
  const company = (await recordOf(context, 'companies', id)) as CompanyRecord | undefined
  if (!company) throw notFound()
  return company
}

export async function companyCard(context: AppLoadContext, id: number) {
  const type = typeOrThrow('companies')
  const company = await companyOf(context, id)
  const { name, kind } = company
  return { title: name, crumbs: companyCrumbs({ id, name }), tabs: companyTabs({ id, kind }, context.user), groups: cardGroups(type, company) }
}
