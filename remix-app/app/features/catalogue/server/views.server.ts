// View models of the generic catalogue screens, built on the server from the registry: list pages (filters in the
// URL, 'Показать еще'), detail cards (label/value groups with empty values hidden) and scoped tabs.
import { type AppLoadContext, redirect } from '@remix-run/node'
import { can } from '@portal/workflow-domain/views.ts'
import { parseFiltersLenient, fillTemplate, showValue, findType, queryOfFilters } from '@portal/workflow-domain/registry.ts'
import type { AppliedFilters, CatalogueType, ParentKind } from '@portal/workflow-domain/registry.ts'
import { recordHref } from '../../../utils/links.ts'
import { readValue } from '../../../utils/use-case-answers.server.ts'
import type { CatalogueRecord } from '../../../utils/catalogue-record.server.ts'
import type { FilterControl } from '../../../components/filter-form.tsx'

export const PAGE_SIZE = 20
const MAX_SHOWN = 1000

export interface Row {
  label: string
  text: string
  href?: string
}

export interface Group {
  title: string
  rows: Row[]
}

export interface ListItem {
  id: number
  title: string
  href?: string
  details: string[]
}

export interface ListView {
  items: ListItem[]
  count: number
  shown: number
  /** Query string of the 'Показать еще' link, or null when every row is shown. */
  more: string | null
  pageSize: number
  /** The API addresses of this list's whole download with the current filters ('Скачать CSV' / 'Скачать XLSX'). */
  downloads?: { csv: string; xlsx: string }
}

/** The export addresses of a type's list with these filters (every row matching them, not only those shown). */
export function downloadsOf(slug: string, filters: AppliedFilters): { csv: string; xlsx: string } {
  const params = new URLSearchParams(queryOfFilters(filters))
  const at = (format: string) => {
    const query = new URLSearchParams(params)
    query.set('format', format)
    return `/api/v1/${slug}/?${query.toString()}`
  }
  return { csv: at('csv'), xlsx: at('xlsx') }
}

type Record = CatalogueRecord

/** The rows shown so far: the page size times the pages asked for with `limit` (kept in the URL). */
export function shownOf(params: URLSearchParams): number {
  const asked = Number(params.get('limit'))
  if (!Number.isInteger(asked) || asked < PAGE_SIZE) return PAGE_SIZE
  return Math.min(MAX_SHOWN, asked - (asked % PAGE_SIZE))
}

/**
 * A `limit` the list does not show as written (`?limit=7`, `?limit=abc`, `?limit=25`, twice) is sent to the address of
 * what it shows: each spelling would be a page cache entry of its own (the key holds the values the render reads),
 * so a stranger could fill the cache with one page (issue 35 item 8). The redirect is built from the query's text,
 * which is no read of its parameters.
 */
export function canonicalLimit(params: URLSearchParams, shown: number): void {
  const asked = params.getAll('limit')
  if (asked.length === 0 || (asked.length === 1 && asked[0] === String(shown))) return
  const query = new URLSearchParams(params.toString())
  if (shown === PAGE_SIZE) query.delete('limit')
  else query.set('limit', String(shown))
  throw redirect(`?${query.toString()}`)
}

export function moreQuery(params: URLSearchParams, shown: number, count: number): string | null {
  if (shown >= count || shown >= MAX_SHOWN) return null
  const next = new URLSearchParams(params)
  next.set('limit', String(shown + PAGE_SIZE))
  return `?${next.toString()}`
}

export function detailBaseOf(type: CatalogueType): string | undefined {
  return type.pages?.detail
}

export function itemOf(type: CatalogueType, record: Record): ListItem {
  const details: string[] = []
  for (const name of type.listFields ?? []) {
    const field = type.fields.find((f) => f.name === name)
    const shown = field && showValue(field, record[name])
    if (shown) details.push(`${field.label}: ${shown.text}`)
  }
  return { id: record.id, title: fillTemplate(type.itemTitle, record) || `№ ${record.id}`, href: recordHref(type.slug, record, detailBaseOf(type)), details }
}

/**
 * The first `limit` records of a type's list with these filters, through the list's one read (the API's too): the
 * filters go as the parameters they parse from, so both doors answer the same records for the same filters.
 */
export function recordsOf(context: AppLoadContext, slug: string, filters: AppliedFilters, limit: number) {
  return context.catalogue.list(context.useCaseContext, { type: slug, query: queryOfFilters(filters), limit, offset: 0 }).then(readValue)
}

/**
 * A page of a type's list with the filters of the URL (bad values dropped) plus the fixed scope filters, and the
 * records behind its items, for a page whose items need more of a record than `itemOf` takes (a link built from
 * another column). What a loader returns goes to the browser as well, so it returns the view only.
 */
export async function listWithRecords(context: AppLoadContext, type: CatalogueType, params: URLSearchParams, scope: AppliedFilters = {}, only?: string[]): Promise<{ view: ListView; records: Record[] }> {
  const filters = { ...parseFiltersLenient(type, params, only), ...scope }
  const shown = shownOf(params)
  canonicalLimit(params, shown)
  const page = await recordsOf(context, type.slug, filters, shown)
  const records = page.results as Record[]
  return {
    view: {
      items: records.map((r) => itemOf(type, r)),
      count: page.count,
      shown,
      more: moreQuery(params, shown, page.count),
      pageSize: PAGE_SIZE,
      downloads: downloadsOf(type.slug, filters),
    },
    records,
  }
}

/**
 * A page of a type's list with the filters of the URL plus the scope: only what the list shows. The records behind
 * it stay here: every column of every row serialised into the page's data cost a miss more CPU than its rendering
 * (a companies page's data was two thirds of the page) and no component read them (decision 2781).
 */
export async function listView(context: AppLoadContext, type: CatalogueType, params: URLSearchParams, scope: AppliedFilters = {}, only?: string[]): Promise<ListView> {
  return (await listWithRecords(context, type, params, scope, only)).view
}

/** The 'Отчетный период' filter: 'Все' first, then the years that have records in this scope. */
export async function yearControl(context: AppLoadContext, type: CatalogueType, params: URLSearchParams, scope: AppliedFilters = {}): Promise<FilterControl | null> {
  if (!type.filters.some((f) => f.kind === 'year')) return null
  const years = await context.catalogue.years(context.useCaseContext, { type: type.slug, filters: scope }).then(readValue)
  return {
    name: 'year',
    label: 'Отчетный период',
    kind: 'select',
    value: params.get('year') ?? '',
    options: [{ value: '', label: 'Все' }, ...years.map((y) => ({ value: String(y), label: String(y) }))],
  }
}

/** The search lists belong to the Department and the Administrator (spec §6): for anyone else the page shows no
 *  search, and the catalogue's use-cases ignore a `search` of the address (the rule of both doors), so the list is the
 *  same as without it. */
export function searchListParams(context: AppLoadContext, params: URLSearchParams): { params: URLSearchParams; controls: FilterControl[] } {
  if (can(context.user, 'use:search-lists')) return { params, controls: [searchControl(params)] }
  // Never asked for anyone else: a parameter the render does not read is no part of the public cache's key, so
  // `?search=a1`, `?search=a2`… are one page and one entry (decision 3503).
  return { params: new QueryWithout(params.toString(), IGNORED_FOR_OTHERS), controls: [] }
}

const IGNORED_FOR_OTHERS: ReadonlySet<string> = new Set(['search'])

/** The query with some names answered as absent without asking for them (asking is what the page cache notes). */
class QueryWithout extends URLSearchParams {
  constructor(
    query: string,
    private readonly ignored: ReadonlySet<string>,
  ) {
    super(query)
  }
  override get(name: string): string | null {
    return this.ignored.has(name) ? null : super.get(name)
  }
  override getAll(name: string): string[] {
    return this.ignored.has(name) ? [] : super.getAll(name)
  }
  override has(name: string, value?: string): boolean {
    return this.ignored.has(name) ? false : value === undefined ? super.has(name) : super.has(name, value)
  }
}

export function searchControl(params: URLSearchParams, placeholder = 'Искать по названию'): FilterControl {
  return { name: 'search', label: placeholder, kind: 'search', value: params.get('search') ?? '', placeholder }
}

/** Label/value groups of a record's card: empty values (not 0 or false) and empty groups hidden. */
export function cardGroups(type: CatalogueType, record: Record): Group[] {
  const groups: Group[] = []
  const firstGroup = type.fields.find((f) => f.group)?.group ?? 'Общие сведения'
  for (const field of type.fields) {
    if (field.hidden) continue
    const value = field.nest ? (record[field.nest] as Record | undefined)?.[field.name] : record[field.name]
    const shown = showValue(field, value)
    if (!shown) continue
    const title = field.group ?? firstGroup
    let group = groups.find((g) => g.title === title)
    if (!group) groups.push((group = { title, rows: [] }))
    const refType = shown.record ? findType(shown.record.type) : undefined
    const href = shown.href ?? (shown.record && refType ? recordHref(refType.slug, value as Record, detailBaseOf(refType)) : undefined)
    group.rows.push({ label: field.label, text: shown.text, ...(href ? { href } : {}) })
  }
  return groups.filter((g) => g.rows.length > 0)
}

export interface Tab {
  title: string
  to: string
}

const PARENT_BASE: { [K in ParentKind]: string } = {
  area: '/areas',
  company: '/companies',
  measures_point: '/measures-points',
  water_system: '/water-systems',
}

/** The scoped lists of a parent record that hold any data for it, as tabs (one query for all of them). */
/**
 * The read behind a record's scoped tabs, which needs the record's id only: a card starts it beside the record's own
 * read, so both go out in one socket write (decision 3810), and hands it to `scopedTabs`.
 */
export function scopedListsOf(context: AppLoadContext, parent: ParentKind, id: number): Promise<Array<{ slug: string; suffix: string }>> {
  return startNow(context.catalogue.scopedListsWithData(context.useCaseContext, { parent, id }).then(readValue))
}

/**
 * A read started now and waited for later, after another that may fail first (the record is not there: a 404): its
 * own failure is then heard here instead of ending the process as an unhandled rejection. Whoever waits for it
 * still gets the failure.
 */
export function startNow<T>(read: Promise<T>): Promise<T> {
  read.catch(() => {})
  return read
}

export async function scopedTabs(context: AppLoadContext, parent: ParentKind, id: number, base = PARENT_BASE[parent], lists = scopedListsOf(context, parent, id)): Promise<Tab[]> {
  const present = await lists
  return present.map(({ slug, suffix }) => {
    const type = typeOrThrow(slug)
    const scoped = type.pages!.scoped!.find((s) => s.parent === parent && s.suffix === suffix)!
    return { title: scoped.title ?? type.title, to: `${base}/${id}/${suffix}` }
  })
}

export function typeOrThrow(slug: string): CatalogueType {
  const type = findType(slug)
  if (!type) throw new Error(`no catalogue type ${slug}`)
  return type
}
