// The company card (heading, breadcrumbs, tabs of its audience, groups of every Company field).
import type { AppLoadContext } from '@remix-run/node'
import { companyCrumbs } from '../../../utils/links.ts'
import { notFound } from './not-found.ts'
import { readValue } from '../../../utils/use-case-answers.server.ts'
import { companyTabs } from './tabs.server.ts'
import { cardGroups, typeOrThrow } from './views.server.ts'
import { recordOf } from '../../../utils/catalogue-record.server.ts'

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
  // The company's licence areas, linked from its card whatever its kind (the tab is lem's only, spec §2).
  // Spec §8: a failed load of the licence areas is an empty list, silently; the card itself still shows.
  const areas = await context.catalogue
    .list(context.useCaseContext, { type: 'areas', query: { company: String(id), kind: 'licence_area' }, limit: 1000, offset: 0 })
    .then(readValue)
    .then((page) => page.results as Array<{ id: number; name: string }>, () => [])
  return {
    title: name,
    crumbs: companyCrumbs({ id, name }),
    tabs: companyTabs({ id, kind }, context.user),
    groups: cardGroups(type, company),
    areas: areas.map((a) => ({ name: a.name, href: `/areas/${a.id}` })),
  }
}
