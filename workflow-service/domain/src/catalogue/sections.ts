// The section tiles of the home page (/api/v1/get-sections/): a tree of titled sections; the query parameter
// `section` picks a subsection by its title. Paths are page paths under /monitoring/.

export interface Section {
  title: string
  /** Page the tile opens; null with children: its subsection (`/?section=<title>`); null without: no link. */
  url: string | null
  description?: string
  children?: Section[]
}

export const REGIONAL_HOME = 'Региональный экологический мониторинг'
export const REGIONAL_SYSTEM = 'Система регионального мониторинга'

const WATER: Section[] = [
  { title: 'Контроль состояния основных водных объектов', url: '/water-indicators' },
  { title: 'Системы наблюдений за водными объектами', url: '/water-systems' },
  { title: 'Специализированные наблюдения в пределах лицензионных участков', url: '/reports-area' },
]

const RESEARCH: Section[] = [
  { title: 'Научные исследования', url: '/scientific-research' },
  // Its own page (catalogue.md §2.9): the alternative start page of the regional monitoring system.
  { title: 'Развитие экологического мониторинга', url: '/management-systems' },
]

export const SECTIONS: Section[] = [
  {
    title: 'Локальный экологический мониторинг',
    url: null,
    description: 'Результаты наблюдений недропользователей на лицензионных участках',
    children: [
      { title: 'Локальный экологический мониторинг предприятий промышленности', url: '/companies-by-kind/lem_industry' },
      { title: 'Предприятия', url: '/companies' },
      { title: 'Лицензионные участки', url: '/areas' },
      { title: 'Специализированные наблюдения в пределах лицензионных участков', url: '/reports-area' },
    ],
  },
  {
    title: 'Парниковые газы',
    url: null,
    description: 'Выбросы парниковых газов и мероприятия по их сокращению',
    children: [
      { title: 'Предприятия', url: '/companies-by-kind/gas_emissions' },
      { title: 'Выбросы парниковых газов', url: '/greenhouse-gases' },
      { title: 'Категории выбросов', url: '/greenhousegases-categories' },
      { title: 'Мероприятия по сокращению выбросов', url: '/greenhousegases-activities' },
    ],
  },
  {
    title: REGIONAL_HOME,
    url: null,
    description: 'Полигоны регионального мониторинга, система мониторинга ЯНАО, научные исследования, водные объекты',
    children: [
      { title: 'Региональный экологический мониторинг (2020-2025)', url: '/polygons' },
      { title: 'Система экологического мониторинга ЯНАО (2010-2019)', url: '/polygons-yanao' },
      { title: 'Научные исследования', url: '/scientific-research' },
      { title: 'Состояние водных объектов', url: null, children: WATER },
    ],
  },
  { title: 'Водные объекты', url: null, description: 'Состояние основных водных объектов ЯНАО', children: WATER },
  { title: 'Исследования', url: null, description: 'Научные исследования состояния окружающей среды', children: RESEARCH },
  {
    // The alternative start page of the regional monitoring system (catalogue.md §1).
    title: REGIONAL_SYSTEM,
    url: null,
    description: 'Основные направления системы регионального экологического мониторинга',
    children: [
      { title: 'Контроль состояния основных водных объектов', url: '/water-indicators' },
      { title: 'Специализированные наблюдения в пределах лицензионных участков', url: '/reports-area' },
      { title: 'Основные показатели развития регионального мониторинга', url: null },
      { title: 'Иные специализированные наблюдения за пределами лицензионных участков', url: null },
    ],
  },
  { title: 'Справочники', url: '/reference', description: 'Шаблоны отчётов и справочные документы' },
]

export interface SectionTile {
  title: string
  url: string | null
  description: string | null
  /** The tile opens a subsection of the home page. */
  has_children: boolean
}

function find(sections: Section[], title: string): Section | undefined {
  for (const s of sections) {
    if (s.title === title) return s
    const inner = s.children && find(s.children, title)
    if (inner) return inner
  }
  return undefined
}

/** The path from the root to a section (breadcrumbs of subsections). */
export function sectionTrail(title: string, sections: Section[] = SECTIONS, trail: string[] = []): string[] | undefined {
  for (const s of sections) {
    if (s.title === title) return [...trail, s.title]
    const inner = s.children && sectionTrail(title, s.children, [...trail, s.title])
    if (inner) return inner
  }
  return undefined
}

/** The longest section title asked for (`?section=`): the API refuses a longer one with 400, the home page shows the error. */
export const SECTION_MAX_LENGTH = 300

/** Tiles of the root (no title) or of the subsection with this title; [] for an unknown title. */
export function sectionTiles(title?: string | null): SectionTile[] {
  const list = title ? find(SECTIONS, title)?.children ?? [] : SECTIONS
  // A tile with children opens its subsection on the home page.
  return list.map((s) => ({
    title: s.title,
    url: s.url ?? (s.children?.length ? `/?section=${encodeURIComponent(s.title)}` : null),
    description: s.description ?? null,
    has_children: !!s.children?.length,
  }))
}
