// Page addresses of catalogue records and the breadcrumbs built from each page's declared parents.

export interface Crumb {
  title: string
  to: string
}

export interface AreaLike {
  id: number
  name: string
  kind?: string
}

/** The list page a licence area or polygon belongs to. */
export function areaListOf(kind: string | undefined): Crumb {
  if (kind === 'polygon_region_monitoring') return { title: 'Региональный мониторинг 2020-2025 годы', to: '/polygons' }
  if (kind === 'polygon_YaNAO_monitoring') return { title: 'Система экологического мониторинга ЯНАО', to: '/polygons-yanao' }
  return { title: 'Лицензионные участки', to: '/areas' }
}

export function areaHref(area: AreaLike): string {
  if (area.kind === 'polygon_region_monitoring') return `/polygons/${area.id}`
  if (area.kind === 'polygon_YaNAO_monitoring') return `/polygons-yanao/${area.id}`
  return `/areas/${area.id}`
}

export const HOME: Crumb = { title: 'Главная', to: '/' }

export function areaCrumbs(area: AreaLike): Crumb[] {
  return [HOME, areaListOf(area.kind), { title: area.name, to: areaHref(area) }]
}

export function companyCrumbs(company: { id: number; name: string }): Crumb[] {
  return [HOME, { title: 'Предприятия', to: '/companies' }, { title: company.name, to: `/companies/${company.id}` }]
}

export function pointCrumbs(point: { id: number; name: string; area?: AreaLike | null }): Crumb[] {
  const trail = point.area ? [...areaCrumbs(point.area), { title: 'Пункты наблюдения', to: `/areas/${point.area.id}/measures-points` }] : [HOME]
  return [...trail, { title: point.name, to: `/measures-points/${point.id}` }]
}

/** Link to the card of a record of a registry type (areas by their kind). */
export function recordHref(slug: string, record: { id: number; kind?: string }, detailBase?: string): string | undefined {
  if (slug === 'areas') return areaHref(record as AreaLike)
  if (slug === 'companies') return `/companies/${record.id}`
  if (slug === 'measures-points') return `/measures-points/${record.id}`
  return detailBase ? `${detailBase}/${record.id}` : undefined
}

/** The area kind each area list address shows (the card at /areas/{id} shows an area of any kind). */
export const AREA_KIND_OF_BASE = {
  areas: 'licence_area',
  polygons: 'polygon_region_monitoring',
  'polygons-yanao': 'polygon_YaNAO_monitoring',
} as const

export type AreaBase = keyof typeof AREA_KIND_OF_BASE

/** The address of a page request inside the portal (without the /monitoring base), e.g. `/polygons/3`. */
export function pagePath(request: Request): string {
  return new URL(request.url).pathname.replace(/^\/monitoring(?=\/|$)/, '') || '/'
}

/** The area list address a page request is under (`areas`, `polygons`, `polygons-yanao`). */
export function areaBaseOf(request: Request): AreaBase {
  const first = pagePath(request).split('/')[1] ?? ''
  return first in AREA_KIND_OF_BASE ? (first as AreaBase) : 'areas'
}
