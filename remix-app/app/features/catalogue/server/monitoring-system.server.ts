// The monitoring-system screens of a polygon: eight sections of regional monitoring (catalogue.md §1), four of the
// region-wide system; each section opens the polygon's points of its category or kind.
import type { AppLoadContext } from '@remix-run/node'
import { areaOf } from './area-pages.server.ts'
import { areaCrumbs } from '../../../utils/links.ts'
import { notFound } from './not-found.ts'
import { areaTabs } from './tabs.server.ts'

interface SectionTile {
  title: string
  /** Filter of the polygon's points list this section opens. */
  query: string | null
  /** Or a list of the polygon's observations (`/areas/{id}/<suffix>`). */
  suffix?: string
}

const REGIONAL: SectionTile[] = [
  { title: 'Стабильность развития ихтиофауны', query: null, suffix: 'observation-ichthyo-evolution' },
  { title: 'Стабильность развития растительности', query: null, suffix: 'observation-flora-evolution' },
  { title: 'Ихтиологический мониторинг', query: null, suffix: 'observation-ichthyo-mon' },
  { title: 'Пункты гидробиологических наблюдений', query: 'kind=hygrobiology_point' },
  { title: 'Геохимический мониторинг', query: 'category=geochemical' },
  { title: 'Гидрологические посты', query: 'kind=hydrological_point' },
  { title: 'Пункты радиационного мониторинга', query: 'category=radionuclides' },
  { title: 'Геоботанический мониторинг', query: 'category=geobotanical' },
]

const YANAO: SectionTile[] = [
  { title: 'Растительный мир (геоботанический мониторинг)', query: 'category=geobotanical' },
  { title: 'Радиационный мониторинг', query: 'category=radionuclides' },
  { title: 'Геохимический мониторинг', query: 'category=geochemical' },
  { title: 'Гидрологический мониторинг', query: 'category=hydrological' },
]

export async function monitoringSystem(context: AppLoadContext, id: number, kind: 'polygon_region_monitoring' | 'polygon_YaNAO_monitoring') {
  const area = await areaOf(context, id)
  if (area.kind !== kind) throw notFound()
  const regional = kind === 'polygon_region_monitoring'
  const title = regional ? 'Система экологического мониторинга полигона' : 'Мониторинг'
  const path = regional ? `/polygons/${id}/ecomonitoring-system` : `/polygons-yanao/${id}/monitoring`
  const tiles = (regional ? REGIONAL : YANAO).map((s) => ({
    title: s.title,
    url: s.suffix ? `/areas/${id}/${s.suffix}` : s.query ? `/areas/${id}/measures-points?${s.query}` : null,
  }))
  return { title, crumbs: [...areaCrumbs(area), { title, to: path }], tabs: await areaTabs(context, area, context.user), tiles }
}
