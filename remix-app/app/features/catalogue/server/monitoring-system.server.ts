// The monitoring-system screens of a polygon: eight sections of regional monitoring (catalogue.md §1), four of the
// region-wide system; each section opens its page of the polygon's points (polygon-sections.server.ts).
import type { AppLoadContext } from '@remix-run/node'
import { areaOf } from './area-pages.server.ts'
import { areaCrumbs } from '../../../utils/links.ts'
import { notFound } from './not-found.ts'
import { areaTabs } from './tabs.server.ts'
import { type SectionKey, sectionPath } from '../polygon-section-addresses.ts'

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

export async function monitoringSystem(context: AppLoadContext, id: number, kind: 'polygon_region_monitoring' | 'polygon_YaNAO_monitoring') {
  const area = await areaOf(context, id)
  if (area.kind !== kind) throw notFound()
  const regional = kind === 'polygon_region_monitoring'
  const title = regional ? 'Система экологического мониторинга полигона' : 'Мониторинг'
  const path = regional ? `/polygons/${id}/ecomonitoring-system` : `/polygons-yanao/${id}/monitoring`
  const tiles = (regional ? REGIONAL : YANAO).map((s) => ({
    title: s.title,
    url: s.suffix ? `/polygons/${id}/${s.suffix}` : s.section ? sectionPath(regional ? 'polygons' : 'polygons-yanao', id, s.section) : null,
  }))
  return { title, crumbs: [...areaCrumbs(area), { title, to: path }], tabs: await areaTabs(context, area, context.user), tiles }
}
