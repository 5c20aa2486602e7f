// The addresses of a polygon's monitoring sections and of the point pages under them (catalogue.md §2.1, §2.2), kept
// free of server modules so that routes.ts can declare them.
import type { Crumb } from '../../utils/links.ts'

export type SectionKey = 'geobotanical' | 'radionuclides' | 'hydrological' | 'geochemical' | 'hygrobiology'
export type SystemBase = 'polygons' | 'polygons-yanao'

interface SectionDef {
  /** Title of the section on the regional polygon's screen and on the region-wide one. */
  regional: string
  yanao?: string
  /** Which of the polygon's points belong to it, per system. */
  scope: { regional: { category?: string; kind?: string }; yanao: { category?: string; kind?: string } }
}

export const SECTIONS: Record<SectionKey, SectionDef> = {
  geobotanical: { regional: 'Геоботанический мониторинг', yanao: 'Растительный мир (геоботанический мониторинг)', scope: { regional: { category: 'geobotanical' }, yanao: { category: 'geobotanical' } } },
  radionuclides: { regional: 'Пункты радиационного мониторинга', yanao: 'Радиационный мониторинг', scope: { regional: { category: 'radionuclides' }, yanao: { category: 'radionuclides' } } },
  hydrological: { regional: 'Гидрологические посты', yanao: 'Гидрологический мониторинг', scope: { regional: { kind: 'hydrological_point' }, yanao: { category: 'hydrological' } } },
  geochemical: { regional: 'Геохимический мониторинг', yanao: 'Геохимический мониторинг', scope: { regional: { category: 'geochemical' }, yanao: { category: 'geochemical' } } },
  hygrobiology: { regional: 'Пункты гидробиологических наблюдений', scope: { regional: { kind: 'hygrobiology_point' }, yanao: { kind: 'hygrobiology_point' } } },
}

/** The sections each system has: five on a regional polygon, four on the region-wide one. */
export const SYSTEM_SECTIONS: Record<SystemBase, SectionKey[]> = {
  polygons: ['geobotanical', 'radionuclides', 'hydrological', 'geochemical', 'hygrobiology'],
  'polygons-yanao': ['radionuclides', 'geobotanical', 'hydrological', 'geochemical'],
}

export const AREA_KIND: Record<SystemBase, string> = { polygons: 'polygon_region_monitoring', 'polygons-yanao': 'polygon_YaNAO_monitoring' }

/** The indicator lists a regional point page links to (catalogue.md §2.1), by the suffix of their scoped list. */
export const REGIONAL_POINT_LISTS = [
  'fito-indicators',
  'radionuclides-indicators',
  'hydrological-indicators',
  'flora-indicators',
  'sediment-indicators',
  'soils-geochemistry-indicators',
  'waters-indicators',
  'snow-indicators',
  'hydrobiological-indicators',
] as const

export function sectionTitle(base: SystemBase, section: SectionKey): string {
  const def = SECTIONS[section]
  return base === 'polygons' ? def.regional : (def.yanao ?? def.regional)
}

export function sectionPath(base: SystemBase, id: number, section: SectionKey): string {
  return base === 'polygons' ? `/polygons/${id}/ecomonitoring-system/ecomonitoring-${section}` : `/polygons-yanao/${id}/${section}-monitoring/`
}

export function systemCrumb(base: SystemBase, id: number): Crumb {
  return base === 'polygons' ? { title: 'Система экологического мониторинга полигона', to: `/polygons/${id}/ecomonitoring-system` } : { title: 'Мониторинг', to: `/polygons-yanao/${id}/monitoring` }
}

/** The address of a point's page in a section: the kind segment repeats the point's own kind. */
export function sectionPointPath(base: SystemBase, section: SectionKey, point: { id: number; kind: string }): string {
  return `/${base === 'polygons' ? 'measures-point' : 'measure-point'}-${section}/${point.id}/${point.kind}`
}

