// Loaders of the measuring point pages: lists per area and per kind, the card, readings and reports.
import { type AppLoadContext, data } from '@remix-run/node'
import { FilterError, parseFilterValue, yearFilter, formatDate, formatDateTime, formatNumber, substancesOf, findType, GEOCHEMICAL_POINT_KINDS, POINT_CATEGORIES, POINT_KINDS, POINT_REPORT_TYPES, limitOn } from '@portal/workflow-domain/registry.ts'
import { can, nextDayStart, regionDayStart } from '@portal/workflow-domain/views.ts'
import type { Reading } from '../components/data-table.tsx'
import { pointCrumbs } from '../../../utils/links.ts'
import { notFound } from './not-found.ts'
import { pointTabs } from './tabs.server.ts'
import { downloadsOf, listView, scopedListsOf, searchControl, recordsOf, startNow, typeOrThrow, yearControl } from './views.server.ts'
import { recordOf } from '../../../utils/catalogue-record.server.ts'
import { type FilterControl } from '../../../components/filter-form.tsx'
import { readValue } from '../../../utils/use-case-answers.server.ts'

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
  const categories = await context.catalogue.pointCategories(context.useCaseContext, areaId ? { area: areaId } : {}).then(readValue)
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

/** `lists`: the tabs' read, when the caller started it beside the point's own (`scopedListsOf`). */
export async function pointHead(context: AppLoadContext, point: PointRecord, last?: { title: string; to: string }, lists?: ReturnType<typeof scopedListsOf>) {
  return { crumbs: [...pointCrumbs(point), ...(last ? [last] : [])], tabs: await pointTabs(context, point, lists) }
}

/** The year a point table shows: the one in the address, else the latest with data; 'Все' (an empty year) is every
 *  year. Both point tabs pick it the same way, so 'Отчёты' and 'Показания' open on the same year. */
function chosenYear(filter: FilterControl | null, params: URLSearchParams): number | undefined {
  const latest = filter?.options?.[1]?.value
  const raw = params.get('year')
  const all = raw === ''
  const year = all ? undefined : (askedYear(raw) ?? (latest ? Number(latest) : undefined))
  if (filter) filter.value = year ? String(year) : ''
  return year
}

/**
 * The year the address asks for: four digits within the years any list accepts (the API's rule). Anything else
 * (`2147483648`, `1e15`, `abc`) is the 400 page naming the field, never a query the database refuses.
 */
function askedYear(raw: string | null): number | undefined {
  if (raw === null || raw === '') return undefined
  try {
    return parseFilterValue(yearFilter(), raw) as number | undefined
  } catch (error) {
    if (error instanceof FilterError) throw data(`Отчетный период: ${error.message.replace(/^year: /, '')}`, { status: 400 })
    throw error
  }
}

/**
 * A value against its limit, shaped as a row of the readings table (value, unit, ПДК, share and its level). The share
 * has the three decimals the API's `share` and the exceedances' multiple have, shown whole.
 */
function readingOf(id: number, name: string, value: number, measure: string, mpc: number | null, mpcMax?: number | null): Reading {
  const share = mpc !== null && mpc > 0 ? Number((value / mpc).toFixed(3)) : null
  const limit = (n: number | null) => (n === null ? '—' : formatNumber(n))
  return {
    id,
    name,
    value: formatNumber(value),
    measure,
    mpc: limit(mpc),
    // Only the published readings have a maximum limit (the catalogue's Readings: name, value, measure, mpc, mpc_max).
    ...(mpcMax === undefined ? {} : { mpcMax: limit(mpcMax) }),
    share: share === null ? '—' : formatNumber(share),
    level: levelOf(share),
  }
}

/**
 * Readings of a point for a year (the latest year by default), each with its share of the limit. It needs the point's
 * id only, so a card starts it beside the point's own read; when the address names the year (or 'Все'), the readings
 * are read together with the year list instead of after it (decision 3810).
 */
export async function readingsOf(context: AppLoadContext, point: { id: number }, params: URLSearchParams) {
  const type = typeOrThrow('measures-point-indications')
  const raw = params.get('year')
  const asked = askedYear(raw)
  const known = raw === '' || asked !== undefined
  const early = known ? startNow(recordsOf(context, type.slug, { measures_point: point.id, ...(asked ? { year: asked } : {}) }, 1000)) : null
  const yearFilter = await yearControl(context, type, params, { measures_point: point.id })
  const year = chosenYear(yearFilter, params)
  const page = early ? await early : await recordsOf(context, type.slug, { measures_point: point.id, ...(year ? { year } : {}) }, 1000)
  const rows = page.results as Array<{ id: number; name: string; value: number; measure: string; mpc: number | null; mpc_max?: number | null; sampled?: string | Date | null }>
  const readings: Reading[] = rows.map((row) => readingOf(row.id, row.name, row.value, row.measure, row.mpc, row.mpc_max ?? null))
  return { readings, limitNotes: await limitNotesOf(context, rows), controls: yearFilter ? [yearFilter] : [], year: year ?? null }
}

/** A substance whose ПДК changed after a reading was sampled: the limit that applied on the sampling day, and today's. */
export interface LimitNote {
  name: string
  sampled: string
  applied: string
  now: string
}

const dayOf = (sampled: string | Date) => (typeof sampled === 'string' ? sampled : sampled.toISOString()).slice(0, 10)

/** The readings sampled before their substance's ПДК last changed, one note per substance and sampling day. */
async function limitNotesOf(context: AppLoadContext, rows: Array<{ name: string; sampled?: string | Date | null }>): Promise<LimitNote[]> {
  const sampledRows = rows.filter((r): r is { name: string; sampled: string | Date } => r.sampled !== undefined && r.sampled !== null)
  if (sampledRows.length === 0) return []
  const limits = await context.catalogue.substanceLimits(context.useCaseContext, { names: [...new Set(sampledRows.map((r) => r.name))] }).then(readValue)
  const changed = new Map(limits.filter((l) => l.changes.length > 0).map((l) => [l.name, l]))
  const notes = new Map<string, LimitNote>()
  for (const row of sampledRows) {
    const limit = changed.get(row.name)
    const day = regionDayStart(dayOf(row.sampled))
    if (!limit || !day) continue
    const applied = limitOn(limit, new Date(nextDayStart(day).getTime() - 1))
    if (applied === limit.mpc) continue
    const show = (v: number | null) => (v === null ? 'не установлена' : formatNumber(v))
    notes.set(`${row.name} ${dayOf(row.sampled)}`, { name: row.name, sampled: formatDate(dayOf(row.sampled)), applied: show(applied), now: show(limit.mpc) })
  }
  return [...notes.values()]
}

/** One report of a point as the reports tab shows it: what it is and when, then its values as readings. */
export interface PointReport {
  id: number
  caption: string
  readings: Reading[]
}

/**
 * The 'Отчёты' tab of a point: the report type of its kind (catalogue.md §7), each report's pollutants as rows of the
 * same readings table as 'Показания' (value, unit, ПДК, share, colour). A pollutant the readings also measure is
 * judged against the readings' limit, so one value has one colour on both tabs. Other kinds have no report type: their
 * reports are their readings. The year is chosen as on 'Показания' (the latest by default).
 */
export async function reportsOf(context: AppLoadContext, point: PointRecord, params: URLSearchParams) {
  const title = `Отчёты: ${point.name}`
  const slug = POINT_REPORT_TYPES[point.kind as keyof typeof POINT_REPORT_TYPES]
  if (!slug) {
    const { readings, controls, year } = await readingsOf(context, point, params)
    const downloads = downloadsOf('measures-point-indications', { measures_point: point.id, ...(year ? { year } : {}) })
    const reports: PointReport[] = readings.length ? [{ id: point.id, caption: year ? `Показания пункта за ${year} год` : 'Показания пункта за все годы', readings }] : []
    return { slug: 'measures-point-indications', title, reports, controls, year, list: { downloads, count: readings.length } }
  }
  const type = findType(slug)!
  const yearFilter = await yearControl(context, type, params, { measures_point: point.id })
  const year = chosenYear(yearFilter, params)
  const filters = { measures_point: point.id, ...(year ? { year } : {}) }
  const page = await recordsOf(context, slug, filters, 100)
  const limits = new Map(substancesOf(point.kind).map(([name, , mpc]) => [name, mpc]))
  const pollutants = type.fields.filter((f) => f.type === 'number' && f.name !== 'year' && !f.hidden)
  const reports: PointReport[] = (page.results as Array<Record<string, unknown> & { id: number }>).map((r) => {
    // The moment of sampling in the region's time (dd.mm.yyyy hh:mm, catalogue.md §2.10), never the UTC day.
    const sampled = r.sampled ? `, отбор проб ${formatDateTime(r.sampled as string)}` : ''
    // Who observed and which laboratory measured: the spec's extra columns of a point's reports (catalogue.md §7).
    const observer = typeof r.observer === 'string' && r.observer ? `, наблюдатель ${r.observer}` : ''
    const laboratory = typeof r.laboratory === 'string' && r.laboratory ? `, ${r.laboratory}` : ''
    const readings = pollutants
      .filter((f) => typeof r[f.name] === 'number')
      .map((f, i) => {
        const limit = limits.get(f.label) ?? f.limit
        return readingOf(i, f.label, r[f.name] as number, f.unit ?? '', limit && limit > 0 ? limit : null)
      })
    return { id: r.id, caption: `${type.title}, ${String(r.year)} год${sampled}${observer}${laboratory}`, readings }
  })
  return { slug, title, reports, controls: yearFilter ? [yearFilter] : [], year: year ?? null, list: { downloads: downloadsOf(slug, filters), count: page.count } }
}
