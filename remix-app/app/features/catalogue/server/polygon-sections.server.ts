// A polygon's monitoring system (catalogue.md §1): its screen of sections, /polygons/{id}/ecomonitoring-system (eight
// sections of regional monitoring) or /polygons-yanao/{id}/monitoring (four of the region-wide system), and the
// sections and point pages under them (catalogue.md §2.1, §2.2):
// /polygons/{id}/ecomonitoring-system/ecomonitoring-{section}[/{kind_point}] and
// /polygons-yanao/{id}/{section}-monitoring/ list the polygon's points of the section; a point opens at
// /measures-point-{section}/{id}/{kind} (regional) or /measure-point-{section}/{id}/{kind} (region-wide), whose
// tabs lead to its indicator lists at /regional-measures-point/{id}/{kind}/{x}-indicators.
import type { AppLoadContext } from '@remix-run/node'
import { GEOCHEMICAL_POINT_KINDS, POINT_KINDS, POINT_LIST_HEADINGS, type PointKindCode } from '@portal/workflow-domain/registry.ts'
import { can } from '@portal/workflow-domain/views.ts'
import { areaCrumbs } from '../../../utils/links.ts'
import { areaOf } from './area-pages.server.ts'
import { AREA_KIND, REGIONAL_POINT_LISTS, SECTIONS, type SectionKey, sectionPath, sectionPointPath, sectionTitle, SYSTEM_SECTIONS, systemCrumb, type SystemBase } from '../polygon-section-addresses.ts'
import { notFound } from './not-found.ts'
import { pointOf, type PointRecord, readingsOf } from './points.server.ts'
import { areaTabs, pointTabs } from './tabs.server.ts'
import { cardGroups, listWithRecords, scopedTabs, searchControl, type Tab, typeOrThrow } from './views.server.ts'
import { type FilterControl } from '../../../components/filter-form.tsx'

interface SectionTile {
  title: string
  /** The section page of the polygon's points it opens. */
  section?: SectionKey
  /** Or a list of the polygon's observations (`/areas/{id}/<suffix>`). */
  suffix?: string
}

const REGIONAL: SectionTile[] = [
  { title: 'Стабильность развития ихтиофауны', suffix: 'observation-ichthyo-evolution' },
  { title: 'Стабильность развития растительности', suffix: 'observation-flora-evolution' },
  { title: 'Ихтиологический мониторинг', suffix: 'observation-ichthyo-mon' },
  { title: 'Пункты гидробиологических наблюдений', section: 'hygrobiology' },
  { title: 'Геохимический мониторинг', section: 'geochemical' },
  { title: 'Гидрологические посты', section: 'hydrological' },
  { title: 'Пункты радиационного мониторинга', section: 'radionuclides' },
  { title: 'Геоботанический мониторинг', section: 'geobotanical' },
]

const YANAO: SectionTile[] = [
  { title: 'Растительный мир (геоботанический мониторинг)', section: 'geobotanical' },
  { title: 'Радиационный мониторинг', section: 'radionuclides' },
  { title: 'Геохимический мониторинг', section: 'geochemical' },
  { title: 'Гидрологический мониторинг', section: 'hydrological' },
]

/** The system's screen: a tile per section (regional: eight, three of them observation lists; region-wide: four). */
export async function monitoringSystem(context: AppLoadContext, base: SystemBase, id: number) {
  const area = await areaOf(context, id)
  if (area.kind !== AREA_KIND[base]) throw notFound()
  const crumb = systemCrumb(base, id)
  const tiles = (base === 'polygons' ? REGIONAL : YANAO).map((s) => ({
    title: s.title,
    url: s.suffix ? `/polygons/${id}/${s.suffix}` : s.section ? sectionPath(base, id, s.section) : null,
  }))
  return { title: crumb.title, crumbs: [...areaCrumbs(area), crumb], tabs: await areaTabs(context, area, context.user), tiles }
}


function inSection(base: SystemBase, section: SectionKey, point: { kind: string; category?: unknown }): boolean {
  const scope = SECTIONS[section].scope[base === 'polygons' ? 'regional' : 'yanao']
  return (!scope.kind || point.kind === scope.kind) && (!scope.category || point.category === scope.category)
}

/** A section's points list; the geochemical one has the type filter over its five point kinds. */
export async function sectionPoints(context: AppLoadContext, base: SystemBase, id: number, section: SectionKey, kindPoint: string | undefined, params: URLSearchParams) {
  if (!SYSTEM_SECTIONS[base].includes(section)) throw notFound()
  if (kindPoint !== undefined && !(kindPoint in POINT_KINDS)) throw notFound()
  const area = await areaOf(context, id)
  if (area.kind !== AREA_KIND[base]) throw notFound()
  const scope = SECTIONS[section].scope[base === 'polygons' ? 'regional' : 'yanao']
  const chosenKind = kindPoint ?? (section === 'geochemical' && GEOCHEMICAL_POINT_KINDS.includes(params.get('kind') as PointKindCode) ? params.get('kind')! : undefined)
  const filters: Record<string, string | number> = { area: id, ...(scope.category ? { category: scope.category } : {}), ...(scope.kind ? { kind: scope.kind } : {}), ...(chosenKind ? { kind: chosenKind } : {}) }
  const { view: list, records } = await listWithRecords(context, typeOrThrow('measures-points'), params, filters, ['search'])
  const items = list.items.map((item, i) => ({ ...item, href: sectionPointPath(base, section, records[i] as { id: number; kind: string }) }))
  const controls: FilterControl[] = [searchControl(params)]
  if (section === 'geochemical' && kindPoint === undefined) {
    controls.push({
      name: 'kind',
      label: 'Вид пункта',
      kind: 'select',
      value: chosenKind ?? '',
      options: [{ value: '', label: 'Все' }, ...GEOCHEMICAL_POINT_KINDS.map((k) => ({ value: k, label: POINT_KINDS[k] }))],
    })
  }
  const title = kindPoint ? (POINT_LIST_HEADINGS[kindPoint as PointKindCode] ?? POINT_KINDS[kindPoint as PointKindCode]) : sectionTitle(base, section)
  const path = sectionPath(base, id, section)
  const crumbs = [...areaCrumbs(area), systemCrumb(base, id), { title: sectionTitle(base, section), to: path }, ...(kindPoint ? [{ title, to: `${path}/${kindPoint}` }] : [])]
  return {
    title,
    crumbs,
    tabs: await areaTabs(context, area, context.user),
    controls,
    list: { ...list, items, records: [] },
    canDelete: can(context.user, 'delete:measures-point:any'),
  }
}

/** A point's page in a section: its card and readings, with tabs to its indicator lists. The address must name the
 *  point's own kind and a section the point belongs to. */
export async function sectionPointCard(context: AppLoadContext, base: SystemBase, section: SectionKey, id: number, kind: string, params: URLSearchParams) {
  const point: PointRecord = await pointOf(context, id)
  if (point.kind !== kind || !inSection(base, section, point) || point.area?.kind !== AREA_KIND[base]) throw notFound()
  const path = sectionPointPath(base, section, point)
  const area = point.area
  const { readings, year } = await readingsOf(context, point, params)
  const crumbs = [...areaCrumbs(area), systemCrumb(base, area.id), { title: sectionTitle(base, section), to: sectionPath(base, area.id, section) }, { title: point.name, to: path }]
  return { title: point.name, crumbs, tabs: await sectionPointTabs(context, point, path), groups: cardGroups(typeOrThrow('measures-points'), point), readings, year }
}

/** The point's own page first, its indicator lists at their regional addresses, then its other lists. */
async function sectionPointTabs(context: AppLoadContext, point: PointRecord, own: string): Promise<Tab[]> {
  const base = `/measures-points/${point.id}`
  const regional = new Set<string>(REGIONAL_POINT_LISTS)
  const present = await scopedTabs(context, 'measures_point', point.id)
  const indicators = present
    .filter((t) => regional.has(t.to.slice(base.length + 1)))
    .map((t) => ({ ...t, to: `/regional-measures-point/${point.id}/${point.kind}/${t.to.slice(base.length + 1)}` }))
  const others = (await pointTabs(context, point)).filter((t) => t.to !== base && !regional.has(t.to.slice(base.length + 1)))
  return [{ title: 'Информация', to: own }, ...indicators, ...others]
}
