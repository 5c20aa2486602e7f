// Loaders of a water-object point's pages under /points/{kind}/{id}/: the merged control indicators and the visual
// inspection results (catalogue.md §2.3), each with the point's crumbs and tabs and the 'Отчетный период' filter.
import type { AppLoadContext } from '@remix-run/node'
import { parseFilterValue, showValue, yearFilter, POINT_KINDS } from '@portal/workflow-domain/registry.ts'
import { idParam, notFound } from './not-found.ts'
import { pointHead, pointOf, type PointRecord } from './points.server.ts'
import { type ListItem, listView, moreQuery, PAGE_SIZE, shownOf, typeOrThrow, yearControl } from './views.server.ts'
import { type FilterControl } from '../../../components/filter-form.tsx'
import { readValue } from '../../../utils/use-case-answers.server.ts'

export const CONTROL_INDICATORS_TITLE = 'Контрольные показатели'

/** The point of `/points/{kind}/{id}`: a 404 unless it exists and is of that kind, so each page has one address. */
export async function pointOfKind(context: AppLoadContext, kind: string | undefined, id: string | undefined): Promise<PointRecord> {
  if (!kind || !(kind in POINT_KINDS)) throw notFound()
  const point = await pointOf(context, idParam(id))
  if (point.kind !== kind) throw notFound()
  return point
}

/** A year from the URL, or none when it is absent or malformed (pages show the whole list rather than an error). */
function yearOf(params: URLSearchParams): number | undefined {
  const raw = params.get('year')
  if (raw === null) return undefined
  try {
    return parseFilterValue(yearFilter(), raw) as number | undefined
  } catch {
    return undefined
  }
}

export async function controlIndicatorsPage(context: AppLoadContext, kind: string | undefined, id: string | undefined, params: URLSearchParams) {
  const point = await pointOfKind(context, kind, id)
  const path = `/points/${point.kind}/${point.id}/control-indicators`
  const head = await pointHead(context, point, { title: CONTROL_INDICATORS_TITLE, to: path })
  const shown = shownOf(params)
  const [page, years] = await Promise.all([
    context.catalogue.controlIndicators(context.useCaseContext, { point: point.id, ...(yearOf(params) ? { year: String(yearOf(params)) } : {}), limit: shown, offset: 0 }).then(readValue),
    context.catalogue.controlIndicatorYears(context.useCaseContext, { point: point.id }).then(readValue),
  ])
  const sampled = typeOrThrow('ecomon-sediment-control-indicators').fields.find((f) => f.name === 'sampled')!
  const items: ListItem[] = page.results.map((r) => {
    const when = showValue(sampled, r.sampled)
    return { id: r.id, title: `${r.title}, ${r.year}`, href: r.href, details: when ? [`${sampled.label}: ${when.text}`] : [] }
  })
  const year: FilterControl = {
    name: 'year',
    label: 'Отчетный период',
    kind: 'select',
    value: params.get('year') ?? '',
    options: [{ value: '', label: 'Все' }, ...years.map((y) => ({ value: String(y), label: String(y) }))],
  }
  return {
    title: CONTROL_INDICATORS_TITLE,
    ...head,
    controls: [year],
    list: { items, count: page.count, shown, more: moreQuery(params, shown, page.count), pageSize: PAGE_SIZE, downloads: controlIndicatorDownloads(point.id, yearOf(params)) },
  }
}

/** The API's export of the point's control indicators with the page's year ('Скачать CSV' / 'Скачать XLSX'). */
function controlIndicatorDownloads(pointId: number, year: number | undefined): { csv: string; xlsx: string } {
  const at = (format: string) => `/api/v1/measures-points/${pointId}/control-indicators/?${new URLSearchParams({ ...(year ? { year: String(year) } : {}), format })}`
  return { csv: at('csv'), xlsx: at('xlsx') }
}

export async function resourceInspectionPage(context: AppLoadContext, kind: string | undefined, id: string | undefined, params: URLSearchParams) {
  const point = await pointOfKind(context, kind, id)
  const type = typeOrThrow('waters-resource-inspection-results')
  const head = await pointHead(context, point, { title: type.title, to: `/points/${point.kind}/${point.id}/resource-inspection` })
  const scope = { measures_point: point.id }
  const [list, year] = await Promise.all([listView(context, type, params, scope, ['year']), yearControl(context, type, params, scope)])
  return { title: type.title, ...head, controls: year ? [year] : [], list }
}
