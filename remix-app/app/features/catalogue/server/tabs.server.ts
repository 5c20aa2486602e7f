// The tabs of company, area and point pages with the audiences of portal-and-workflow.md §2.
import type { AppLoadContext } from '@remix-run/node'
import type { CurrentUser } from '@portal/workflow-domain/views.ts'
import { can } from '@portal/workflow-domain/views.ts'
import { areaHref } from '../../../utils/links.ts'
import { scopedListsOf, scopedTabs, type Tab } from './views.server.ts'

const isHolder = (user: CurrentUser | null) => !!user?.groups.includes('Недропользователь')

export function companyTabs(company: { id: number; kind: string }, user: CurrentUser | null): Tab[] {
  const base = `/companies/${company.id}`
  const holder = isHolder(user)
  const tabs: Tab[] = [{ title: 'Информация', to: base }]
  // portal-and-workflow.md §2: 'Лицензионные участки' for kind lem only.
  if (company.kind === 'lem') tabs.push({ title: 'Лицензионные участки', to: `${base}/areas` })
  if (company.kind === 'gas_emissions') {
    tabs.push({ title: 'Парниковые газы', to: `${base}/gasemissions` })
    tabs.push({ title: 'Выбросы', to: `${base}/greenhousegases` })
    tabs.push({ title: 'Категории выбросов', to: `${base}/greenhousegases-categories` })
    tabs.push({ title: 'Мероприятия по сокращению выбросов', to: `${base}/greenhousegases-activities` })
  }
  // A holder's reporting tabs belong on their own company only: on another company they would lead to a 403.
  if (holder && user?.companyId === company.id) {
    tabs.push({ title: 'Отчетность', to: `${base}/reports` })
    tabs.push({ title: 'Формы и справочники', to: '/reference' })
    if (company.kind === 'lem_industry') tabs.push({ title: 'Оценка состояния', to: `${base}/assessment` })
  } else if (!holder && company.kind === 'lem_industry') {
    tabs.push({ title: 'Показатели природоохранной деятельности', to: `${base}/environmental-indicators` })
    tabs.push({ title: 'Уровень антропогенного воздействия', to: `${base}/exposure-levels` })
  }
  return tabs
}

/** `lists`: the scoped lists' read, when the caller started it beside the area's own (`scopedListsOf`). */
export async function areaTabs(context: AppLoadContext, area: { id: number; kind: string }, user: CurrentUser | null, lists = scopedListsOf(context, 'area', area.id)): Promise<Tab[]> {
  const tabs: Tab[] = [
    { title: 'Информация', to: areaHref({ ...area, name: '' }) },
    { title: 'Пункты наблюдения', to: `/areas/${area.id}/measures-points` },
    ...(area.kind === 'polygon_region_monitoring' ? [{ title: 'Система мониторинга', to: `/polygons/${area.id}/ecomonitoring-system` }] : []),
    ...(area.kind === 'polygon_YaNAO_monitoring' ? [{ title: 'Мониторинг', to: `/polygons-yanao/${area.id}/monitoring` }] : []),
    // A polygon's lists keep the polygon's address (/polygons/{id}/forecast), as its crumbs do.
    ...(await scopedTabs(context, 'area', area.id, areaHref({ ...area, name: '' }).replace(/\/\d+$/, ''), lists)),
  ]
  // The ambient-air list (catalogue.md §2.1) is a tab only when the polygon has reports in it, as every scoped
  // list is; its address still answers with 'Нет данных' for a polygon without any.
  if (area.kind === 'licence_area' && can(user, 'read:responsible:any')) tabs.push({ title: 'Ответственные', to: `/areas/${area.id}/responsible` })
  return tabs
}

/** Lists a water-object point shows at its /points/{kind}/{id}/ address (catalogue.md §2.3) instead of the generic one. */
const CONTROL_SUFFIXES = new Set(['sediment-control-indicators', 'waters-control-indicators'])

/** `lists`: the scoped lists' read, when the caller started it beside the point's own (`scopedListsOf`). */
export async function pointTabs(context: AppLoadContext, point: { id: number; kind?: unknown }, lists = scopedListsOf(context, 'measures_point', point.id)): Promise<Tab[]> {
  const base = `/measures-points/${point.id}`
  const own = `/points/${String(point.kind)}/${point.id}`
  const tabs: Tab[] = []
  for (const tab of await scopedTabs(context, 'measures_point', point.id, undefined, lists)) {
    const suffix = tab.to.slice(base.length + 1)
    // The two control lists are one merged tab, so a point with both shows it once.
    if (CONTROL_SUFFIXES.has(suffix)) {
      if (!tabs.some((t) => t.to === `${own}/control-indicators`)) tabs.push({ title: 'Контрольные показатели', to: `${own}/control-indicators` })
    } else if (suffix === 'resource-inspection') tabs.push({ ...tab, to: `${own}/resource-inspection` })
    else tabs.push(tab)
  }
  return [{ title: 'Информация', to: base }, { title: 'Показания', to: `${base}/indications` }, { title: 'Отчёты', to: `${base}/reports` }, ...tabs]
}
