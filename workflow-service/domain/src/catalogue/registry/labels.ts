// Russian labels of the catalogue's enumerations: company, area and point kinds, point categories.

export const COMPANY_KINDS = {
  lem: 'Локальный экологический мониторинг',
  lem_industry: 'Локальный экологический мониторинг предприятий промышленности',
  gas_emissions: 'Парниковые газы',
} as const

export type CompanyKindCode = keyof typeof COMPANY_KINDS

/** Titles of /companies-by-kind/{kind} (portal-and-workflow.md §2). */
export const COMPANY_LIST_TITLES: Record<CompanyKindCode, string> = {
  lem: 'Локальный экологический мониторинг',
  lem_industry: 'Локальный экологический мониторинг предприятий промышленности',
  gas_emissions: 'Парниковые газы',
}

export const AREA_KINDS = {
  licence_area: 'Лицензионный участок',
  polygon_region_monitoring: 'Полигон регионального мониторинга',
  polygon_YaNAO_monitoring: 'Ключевой участок системы мониторинга ЯНАО',
} as const


export const POINT_KINDS = {
  ambient_air: 'Атмосферный воздух',
  snow_cover: 'Снежный покров',
  surface_water: 'Поверхностные воды',
  groundwater: 'Подземные воды',
  sediment_layers: 'Донные отложения',
  soils: 'Почвы',
  plant_sampling: 'Пункт отбора проб растительности',
  bottom_sediments_sampling_points: 'Пункт отбора проб донных отложений',
  soil_sampling_point_geochemistry: 'Пункт отбора проб почв (геохимия)',
  surface_water_sampling_point: 'Пункт отбора проб поверхностных вод',
  snow_cover_sampling_point: 'Пункт отбора проб снежного покрова',
  hygrobiology_point: 'Пункт гидробиологических наблюдений',
  hydrological_point: 'Гидрологический пост',
  soil_sampling_point_radionuclides: 'Пункт отбора проб почв (радионуклиды)',
  geobotanical_sites: 'Геоботаническая площадка',
  control_water_object_state_point: 'Пункт контроля состояния водного объекта',
  sampling_collection_points: 'Пункт сбора проб',
} as const

export type PointKindCode = keyof typeof POINT_KINDS

/** Headings of /points/{kind_point} (catalogue.md §2.3). */
export const POINT_LIST_HEADINGS: Partial<Record<PointKindCode, string>> = {
  snow_cover_sampling_point: 'Геохимическое состояние снежного покрова',
  control_water_object_state_point: 'Состояние водных объектов',
  soil_sampling_point_radionuclides: 'Радиационное состояние',
  hydrological_point: 'Гидрологическое состояние',
  geobotanical_sites: 'Состояние растительного мира',
  hygrobiology_point: 'Биоиндикация',
}

/** The five point kinds of the geochemical list's type filter (catalogue.md §2.3, §5). */
export const GEOCHEMICAL_POINT_KINDS: PointKindCode[] = [
  'bottom_sediments_sampling_points',
  'soil_sampling_point_geochemistry',
  'surface_water_sampling_point',
  'snow_cover_sampling_point',
  'control_water_object_state_point',
]

export const POINT_CATEGORIES = {
  geochemical: 'Геохимический мониторинг',
  geobotanical: 'Геоботанический мониторинг',
  radionuclides: 'Радиационный мониторинг',
  hydrological: 'Гидрологический мониторинг',
} as const


/** The reports endpoint of each local point kind; other kinds read measures-point-indications (catalogue.md §7). */
export const POINT_REPORT_TYPES: Partial<Record<PointKindCode, string>> = {
  ambient_air: 'ambient-air-reports',
  snow_cover: 'snow-cover-reports',
  surface_water: 'surface-water-reports',
  groundwater: 'ground-water-reports',
  sediment_layers: 'sediment-layer-reports',
  soils: 'soils-reports',
}

export const POLLUTION_LEVELS = ['Низкий', 'Умеренный', 'Высокий', 'Очень высокий'] as const
export const QUALITY_CLASSES = ['Условно чистая', 'Слабо загрязнённая', 'Загрязнённая', 'Грязная'] as const
