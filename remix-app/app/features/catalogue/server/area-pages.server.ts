// Loaders shared by the licence area and polygon pages (/areas, /polygons, /polygons-yanao and their cards).
import type { AppLoadContext } from '@remix-run/node'
import { areaCrumbs, areaListOf, HOME } from '../../../utils/links.ts'
import { notFound } from './not-found.ts'
import { areaTabs } from './tabs.server.ts'
import { cardGroups, listView, scopedListsOf, searchListParams, typeOrThrow } from './views.server.ts'
import { recordOf } from '../../../utils/catalogue-record.server.ts'
import { type FilterControl } from '../../../components/filter-form.tsx'
import { readValue } from '../../../utils/use-case-answers.server.ts'

export async function areaList(context: AppLoadContext, request: Request, kind: string) {
  const { params, controls: search } = searchListParams(context, new URL(request.url).searchParams)
  const regions = await context.catalogue.administrativeRegions(context.useCaseContext, { filter: true }).then(readValue)
  // The whole-region item (last) is the same as no filter; the first 'ЯНАО в целом' entry stands for it.
  const options = regions.slice(0, -1).filter((r, i) => i === 0 || !String(r.id).includes(','))
  const controls: FilterControl[] = [
    ...search,
    {
      name: 'administrative_region__in',
      label: 'Район',
      kind: 'select',
      value: params.get('administrative_region__in') ?? '',
      options: options.map((r) => ({ value: String(r.id), label: r.name })),
    },
  ]
  const list = await listView(context, typeOrThrow('areas'), params, { kind }, ['search', 'administrative_region__in', 'company'])
  const page = areaListOf(kind)
  return { title: page.title, crumbs: [HOME, page], controls, list }
}

export async function areaCard(context: AppLoadContext, id: number, kinds: string[]) {
  const type = typeOrThrow('areas')
  // The tabs' read needs the id only: it goes out with the area's own, in one socket write (decision 3810).
  const lists = scopedListsOf(context, 'area', id)
  const area = await areaOf(context, id)
  if (!kinds.includes(area.kind)) throw notFound()
  return { title: area.name, crumbs: areaCrumbs(area), tabs: await areaTabs(context, area, context.user, lists), groups: cardGroups(type, area) }
}

/** The area of a sub-page (measuring points, scoped lists): any kind. */
export async function areaOf(context: AppLoadContext, id: number) {
  const area = (await recordOf(context, 'areas', id)) as { id: number; name: string; kind: string; company: { id: number } | null } | undefined
  if (!area) throw notFound()
  return area
}
