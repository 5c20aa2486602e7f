// Pages of every registry type without a route of its own, resolved from the declarations: the list
// (`pages.list`), the card (`pages.detail/{id}`) and the lists scoped to a parent (`/areas/{id}/<suffix>`…).
import type { AppLoadContext } from '@remix-run/node'
import { parseFiltersLenient, fillTemplate, findType, findTypeByTable } from '@portal/workflow-domain/registry.ts'
import { matchRegistryAddress } from '../registry-addresses.ts'
import type { CatalogueType, ParentKind, ScopedPage } from '@portal/workflow-domain/registry.ts'
import { areaCrumbs, companyCrumbs, type Crumb, HOME, pointCrumbs } from '../../../utils/links.ts'
import { idParam, notFound } from './not-found.ts'
import { type AnalyteTable, analyteTable, withoutAnalytes } from './analyte-table.server.ts'
import { listChartOf, type ListChart } from '../../charts/server/list-chart.server.ts'
import { areaTabs, companyTabs, pointTabs } from './tabs.server.ts'
import { cardGroups, type Group, listView, type ListView, scopedTabs, searchControl, type Tab, typeOrThrow, yearControl } from './views.server.ts'
import { recordOf } from '../../../utils/catalogue-record.server.ts'
import { type FilterControl } from '../../../components/filter-form.tsx'
import { readValue } from '../../../utils/use-case-answers.server.ts'
import { chosenLabel, headedByChoices } from './headed-by-choices.ts'
import { type GasSummary, withCompanyYear } from './greenhouse-pages.server.ts'

export type GenericPage =
  | { view: 'list'; title: string; crumbs: Crumb[]; tabs: Tab[]; controls: FilterControl[]; list: ListView; chart: ListChart | null; gases?: GasSummary | null }
  | { view: 'card'; title: string; crumbs: Crumb[]; tabs: Tab[]; groups: Group[]; table: AnalyteTable | null }

const PARENT_OF_BASE: Record<string, ParentKind> = {
  companies: 'company',
  areas: 'area',
  polygons: 'area',
  'polygons-yanao': 'area',
  'measures-points': 'measures_point',
  'water-systems': 'water_system',
  'regional-measures-point': 'measures_point',
}

const PARENT_TYPE: Record<ParentKind, string> = { company: 'companies', area: 'areas', measures_point: 'measures-points', water_system: 'water-systems' }

/** The filters a generic page takes from its URL: year, search and the reference selects. */
function listFilters(type: CatalogueType): string[] {
  return type.filters.filter((f) => f.kind === 'year' || f.kind === 'search' || f.kind === 'id').map((f) => f.name)
}

type Rec = { id: number; name?: string; kind?: string } & Record<string, unknown>

/** Crumbs and tabs of a parent record (its own page's trail). */
export async function parentHead(context: AppLoadContext, parent: ParentKind, record: Rec): Promise<{ crumbs: Crumb[]; tabs: Tab[] }> {
  const name = String(record.name ?? `№ ${record.id}`)
  switch (parent) {
    case 'company':
      return { crumbs: companyCrumbs({ id: record.id, name }), tabs: companyTabs({ id: record.id, kind: String(record.kind) }, context.user) }
    case 'area':
      return { crumbs: areaCrumbs({ id: record.id, name, kind: record.kind }), tabs: await areaTabs(context, { id: record.id, kind: String(record.kind) }, context.user) }
    case 'measures_point':
      return { crumbs: pointCrumbs(record as { id: number; name: string; area: { id: number; name: string; kind: string } | null }), tabs: await pointTabs(context, record) }
    case 'water_system': {
      const system = typeOrThrow('water-systems')
      const base = `${system.pages?.detail}/${record.id}`
      return {
        crumbs: [HOME, { title: system.title, to: system.pages?.list ?? '/' }, { title: name, to: base }],
        tabs: [{ title: 'Информация', to: base }, { title: 'Пункты наблюдения', to: `${base}/points` }, ...(await scopedTabs(context, 'water_system', record.id))],
      }
    }
  }
}

async function controlsOf(context: AppLoadContext, type: CatalogueType, params: URLSearchParams, scope: Record<string, number>): Promise<FilterControl[]> {
  const controls: FilterControl[] = []
  if (type.filters.some((f) => f.kind === 'search')) controls.push(searchControl(params))
  const year = await yearControl(context, type, params, scope)
  if (year) controls.push(year)
  // A filter by a small generated reference list (greenhouse categories, soil types) is a select with 'Все' first.
  for (const filter of type.filters) {
    if (filter.kind !== 'id' || filter.name in scope) continue
    const field = type.fields.find((f) => f.type === 'ref' && (f.column ?? `${f.name}_id`) === filter.column)
    const target = field?.ref ? findTypeByTable(field.ref.table) : undefined
    if (!target?.reference || target.origin !== 'generated') continue
    const rows = await context.catalogue.referenceRows(context.useCaseContext, { type: target.slug }).then(readValue)
    controls.push({
      name: filter.name,
      label: field!.label,
      kind: 'select',
      value: params.get(filter.name) ?? '',
      options: [{ value: '', label: 'Все' }, ...rows.map((r) => ({ value: String(r.id), label: r.name }))],
    })
  }
  return controls
}

async function scopedList(context: AppLoadContext, type: CatalogueType, scoped: ScopedPage, parentId: number, params: URLSearchParams, path: string, kind?: string): Promise<GenericPage> {
  const parent = (await recordOf(context, PARENT_TYPE[scoped.parent], parentId)) as Rec | undefined
  if (!parent) throw notFound()
  // /regional-measures-point/{id}/{kind}/…: the kind segment must be the point's own kind.
  if (kind !== undefined && parent.kind !== kind) throw notFound()
  const head = await parentHead(context, scoped.parent, parent)
  const scope = { [scoped.filter]: parentId }
  const list = await listView(context, type, params, scope, listFilters(type))
  const applied = parseFiltersLenient(type, params, listFilters(type))
  const chart = await listChartOf(context, type, params, { ...applied, ...scope })
  const filters = await controlsOf(context, type, params, scope)
  const controls = [...filters, ...(chart?.picker ? [chart.picker] : [])]
  // The year the list is filtered by, offered or not: a year without the parent's rows still heads its empty list.
  const year = typeof applied.year === 'number' ? applied.year : undefined
  const title = scoped.headedByChoices
    ? headedByChoices(scoped.title ?? type.title, String(parent.name), year, ...filters.filter((c) => c.name !== 'year').map((c) => chosenLabel(c)))
    : (scoped.title ?? type.title)
  // A company's greenhouse gases of one year: the table and chart by gas, the rows named without the company.
  const shown = type.slug === 'greenhouse-gases' && scoped.parent === 'company' ? await withCompanyYear(context, list, { id: parentId, name: String(parent.name) }, year) : { list, gases: null }
  return { view: 'list', title, crumbs: [...head.crumbs, { title, to: path }], tabs: head.tabs, controls, list: shown.list, chart, gases: shown.gases }
}

/** The crumbs of a record: its parent's trail and scoped list when it has one, else the type's list. */
async function recordHead(context: AppLoadContext, type: CatalogueType, record: Rec): Promise<{ crumbs: Crumb[]; tabs: Tab[] }> {
  for (const scoped of type.pages?.scoped ?? []) {
    const filter = type.filters.find((f) => f.name === scoped.filter)
    const field = type.fields.find((f) => f.type === 'ref' && filter && (f.column ?? `${f.name}_id`) === filter.column)
    const ref = field ? (record[field.name] as Rec | null) : null
    if (!ref) continue
    const parent = (await recordOf(context, PARENT_TYPE[scoped.parent], ref.id)) as Rec | undefined
    if (!parent) continue
    const head = await parentHead(context, scoped.parent, parent)
    const base = scoped.parent === 'area' ? 'areas' : Object.keys(PARENT_OF_BASE).find((b) => PARENT_OF_BASE[b] === scoped.parent)
    return { crumbs: [...head.crumbs, { title: scoped.title ?? type.title, to: `/${base}/${ref.id}/${scoped.suffix}` }], tabs: [] }
  }
  const list = type.pages?.list
  const tabs = type.slug === 'water-systems' ? (await parentHead(context, 'water_system', record)).tabs : []
  return { crumbs: [HOME, ...(list ? [{ title: type.pages?.listTitle ?? type.title, to: list }] : [])], tabs }
}

/** A registry page at its declared address (see registry-addresses.ts); anything else is a 404. */
export async function genericPage(context: AppLoadContext, address: string, params: URLSearchParams): Promise<GenericPage> {
  const path = `/${address.replace(/^\/+|\/+$/g, '')}`
  const matched = matchRegistryAddress(path)
  const type = matched && findType(matched.slug)
  if (!matched || !type) throw notFound()
  if (matched.shape === 'list') {
    const list = await listView(context, type, params, {}, listFilters(type))
    const chart = await listChartOf(context, type, params, parseFiltersLenient(type, params, listFilters(type)))
    const controls = [...(await controlsOf(context, type, params, {})), ...(chart?.picker ? [chart.picker] : [])]
    return { view: 'list', title: type.title, crumbs: [HOME, { title: type.title, to: path }], tabs: [], controls, list, chart }
  }
  const id = idParam(matched.id)
  if (matched.shape === 'card') {
    const record = (await recordOf(context, type.slug, id)) as Rec | undefined
    if (!record) throw notFound()
    const title = fillTemplate(type.itemTitle, record) || type.title
    const head = await recordHead(context, type, record)
    const table = await analyteTable(context, type, record)
    const groups = table ? withoutAnalytes(type, cardGroups(type, record)) : cardGroups(type, record)
    return { view: 'card', title, crumbs: [...head.crumbs, { title, to: path }], tabs: head.tabs, groups, table }
  }
  const parent = PARENT_OF_BASE[matched.base!]
  const scoped = type.pages?.scoped?.find((s) => s.parent === parent && s.suffix === matched.suffix)
  if (!scoped) throw notFound()
  return scopedList(context, type, scoped, id, params, path, matched.kind)
}
