// Loaders of the measuring point pages: lists per area and per kind, the card, readings and reports.
import type { AppLoadContext } from '@remix-run/node'
import { can } from '@portal/workflow-service/auth/permissions.ts'
import { formatNumber, showValue } from '@portal/workflow-service/catalogue/format.ts'
import { findType, GEOCHEMICAL_POINT_KINDS, POINT_CATEGORIES, POINT_KINDS, POINT_REPORT_TYPES } from '@portal/workflow-service/catalogue/registry/index.ts'
import type { Reading } from '../components/data-table.tsx'
import { pointCrumbs } from '../../../utils/links.ts'
import { notFound } from './not-found.ts'
import { pointTabs } from './tabs.server.ts'
import { type FilterControl, listView, PAGE_SIZE, searchControl, recordOf, typeOrThrow, yearControl } from './views.server.ts'

export type PointRecord = { id: number; name: string; kind: string; area: { id: number; name: string; kind: string } | null } & Record<string, unknown>

/** The multiple of the limit a reading stands at: below 1, 1–2, 2–5, above 5 ПДК (none without a limit). */
export function levelOf(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return 'none'
  if (share < 1) return 'below-1'
  if (share <= 2) return '1-2'
  if (share <= 5) return '2-5'
  return 'above-5'
}

/** The filters of a point list: search, the 'Тип' category filter when two or more categories exist, and the
 *  'Вид пункта' filter (the geochemical list's five point kinds, or every kind before a category is chosen). */
export async function pointControls(context: AppLoadContext, params: URLSearchParams, areaId?: number): Promise<FilterControl[]> {
  const controls: FilterControl[] = [searchControl(params)]
  const categories = await context.catalogue.pointCategories(context.useCaseContext, areaId ? { area: areaId } : {})
  if (categories.length >= 2) {
    controls.push({
      name: 'category',
      label: 'Тип',
      kind: 'select',
      value: params.get('category') ?? '',
      options: [{ value: '', label: 'Все' }, ...categories.map((c) => ({ value: c, label: POINT_CATEGORIES[c as keyof typeof POINT_CATEGORIES] ?? c }))],
    })
  }
  // The kind filter is in sight from the start (every kind), not only behind the geochemical tile (its five kinds);
  // another category already narrows the list to its one or two kinds.
  const category = params.get('category') ?? ''
  if (category === '' || category === 'geochemical') {
    const kinds = category === 'geochemical' ? GEOCHEMICAL_POINT_KINDS : (Object.keys(POINT_KINDS) as Array<keyof typeof POINT_KINDS>)
    controls.push({
      name: 'kind',
      label: 'Вид пункта',
      kind: 'select',
      value: params.get('kind') ?? '',
      options: [{ value: '', label: 'Все' }, ...kinds.map((k) => ({ value: k, label: POINT_KINDS[k] }))],
    })
  }
  return controls
}

export async function pointList(context: AppLoadContext, params: URLSearchParams, scope: Record<string, string | number>, areaId?: number) {
  const list = await listView(context, typeOrThrow('measures-points'), params, scope, ['search', 'category', 'kind'])
  return { list, controls: await pointControls(context, params, areaId), canDelete: can(context.user, 'delete:measures-point:any') }
}

export async function pointOf(context: AppLoadContext, id: number): Promise<PointRecord> {
  const point = (await recordOf(context, 'measures-points', id)) as PointRecord | undefined
  if (!point) throw notFound()
  return point
}

export async function pointHead(context: AppLoadContext, point: PointRecord, last?: { title: string; to: string }) {
  return { crumbs: [...pointCrumbs(point), ...(last ? [last] : [])], tabs: await pointTabs(context, point) }
}

/** Readings of a point for a year (the latest year by default), each with its share of the limit. */
export async function readingsOf(context: AppLoadContext, point: PointRecord, params: URLSearchParams) {
  const type = typeOrThrow('measures-point-indications')
  const yearFilter = await yearControl(context, type, params, { measures_point: point.id })
  const latest = yearFilter?.options?.[1]?.value
  // No year in the address: the latest year; the filter's 'Все' (an empty year) shows every year.
  const all = params.has('year') && params.get('year') === ''
  const year = all ? undefined : Number(params.get('year')) || (latest ? Number(latest) : undefined)
  if (yearFilter) yearFilter.value = year ? String(year) : ''
  const page = await context.catalogue.listRecords(context.useCaseContext, { type: type.slug, filters: { measures_point: point.id, ...(year ? { year } : {}) }, limit: 1000, offset: 0 })
  const readings: Reading[] = page.results.map((r) => {
    const row = r as { id: number; name: string; value: number; measure: string; mpc: number | null; share: number | null }
    return {
      id: row.id,
      name: row.name,
      value: formatNumber(row.value),
      measure: row.measure,
      mpc: row.mpc === null ? '—' : formatNumber(row.mpc),
      share: row.share === null ? '—' : formatNumber(row.share, 2),
      level: levelOf(row.share),
    }
  })
  return { readings, controls: yearFilter ? [yearFilter] : [], year: year ?? null }
}

/** The reports table of a point: the report type of its kind (or its readings), columns from the declaration. */
export async function reportsOf(context: AppLoadContext, point: PointRecord, params: URLSearchParams) {
  const slug = POINT_REPORT_TYPES[point.kind as keyof typeof POINT_REPORT_TYPES] ?? 'measures-point-indications'
  const type = findType(slug)!
  const year = await yearControl(context, type, params, { measures_point: point.id })
  const list = await listView(context, type, params, { measures_point: point.id }, ['year'])
  const fields = type.fields.filter((f) => f.name !== 'measures_point' && !f.hidden)
  const columns = fields.map((f) => (f.unit ? `${f.label}, ${f.unit}` : f.label))
  const rows = list.records.map((r) => ({
    id: r.id,
    cells: fields.map((f) => {
      const shown = showValue({ ...f, unit: undefined }, r[f.name])
      return shown?.text ?? ''
    }),
  }))
  return { slug, title: slug === 'measures-point-indications' ? 'Показания' : `Отчёты: ${type.title}`, columns, rows, controls: year ? [year] : [], list: { more: list.more, pageSize: PAGE_SIZE, count: list.count, downloads: list.downloads } }
}
