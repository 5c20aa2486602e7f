// The loader of /water-systems/{id}/points: the measuring points on the water bodies a water system controls.
import type { AppLoadContext } from '@remix-run/node'
import { parentHead } from './generic-pages.server.ts'
import { idParam, notFound } from './not-found.ts'
import { type ListView, listView, PAGE_SIZE, searchControl, shownOf, typeOrThrow } from './views.server.ts'
import { recordOf } from '../../../utils/catalogue-record.server.ts'
import { readValue } from '../../../utils/use-case-answers.server.ts'

export const WATER_SYSTEM_POINTS_TITLE = 'Пункты наблюдения'

export async function waterSystemPointsPage(context: AppLoadContext, id: string | undefined, params: URLSearchParams) {
  const system = (await recordOf(context, 'water-systems', idParam(id))) as { id: number; name: string } | undefined
  if (!system) throw notFound()
  const head = await parentHead(context, 'water_system', system)
  const crumbs = [...head.crumbs, { title: WATER_SYSTEM_POINTS_TITLE, to: `/water-systems/${system.id}/points` }]
  const waters = await context.catalogue.waterResourcesOfSystem(context.useCaseContext, { system: system.id }).then(readValue)
  // A system that names no known water body has no points: no query for an empty IN list.
  const empty: ListView = { items: [], count: 0, shown: shownOf(params), more: null, pageSize: PAGE_SIZE }
  const list = waters.length ? await listView(context, typeOrThrow('measures-points'), params, { water_resource__in: waters }, ['search']) : empty
  return { title: WATER_SYSTEM_POINTS_TITLE, crumbs, tabs: head.tabs, controls: [searchControl(params)], list }
}
