// The core entities (tables of the hand-written core migration): companies, licence areas and polygons,
// measuring points and their readings, and the reference tables they point to.
import { toDms } from '../format.ts'
import { bool, date, enumeration, group, idFilter, int, num, ref, searchFilter, text, yearFilter } from './fields.ts'
import { AREA_KINDS, COMPANY_KINDS, POINT_CATEGORIES, POINT_KINDS } from './labels.ts'
import { defineType } from './types.ts'
import { multipleOf } from '../../text/russian-format.ts'
import { hygienicLimit } from '../hygienic-limits.ts'

export const companies = defineType({
  slug: 'companies',
  table: 'companies',
  title: 'Предприятия',
  itemTitle: '{name}',
  origin: 'core',
  fields: [
    ...group('Общие сведения', [
      text('name', 'Наименование', { required: true }),
      enumeration('kind', 'Вид мониторинга', COMPANY_KINDS, { required: true }),
      ref('head_company', 'Головная компания', { table: 'head_companies', embed: ['id', 'name'] }),
      bool('license_holder', 'Недропользователь', { required: true }),
      bool('vink', 'Входит в ВИНК', { required: true }),
      text('operate_region', 'Регион деятельности'),
    ]),
    ...group('Реквизиты', [
      text('inn', 'ИНН'),
      text('ogrn', 'ОГРН'),
      text('okved', 'ОКВЭД'),
      text('okato', 'ОКАТО'),
      text('krk_code', 'Код КРК'),
      text('region_code', 'Код региона'),
    ]),
    ...group('Контакты', [
      text('ceo', 'Руководитель'),
      text('legal_address', 'Юридический адрес'),
      text('post_address', 'Почтовый адрес'),
      text('contacts', 'Контакты'),
    ]),
  ],
  filters: [
    { name: 'kind', kind: 'enum', column: 'kind', options: Object.keys(COMPANY_KINDS) },
    { name: 'kind__in', kind: 'enum-list', column: 'kind', options: Object.keys(COMPANY_KINDS) },
    searchFilter(),
  ],
  order: [['name', 'asc']],
  coreIndexed: ['kind', 'name'],
  pages: { list: '/companies', detail: '/companies' },
  listFields: ['inn'],
  reference: 'companies',
})

const areaGroups = [
  ...group('Общие сведения', [
    text('name', 'Наименование', { required: true }),
    enumeration('kind', 'Вид участка', AREA_KINDS, { required: true }),
    ref('company', 'Недропользователь', { table: 'companies', embed: ['id', 'name', 'vink', 'ogrn'], type: 'companies' }),
    text('license', 'Лицензия'),
    text('number', 'Номер участка'),
    ref('administrative_region', 'Административный район', { table: 'administrative_regions', embed: ['id', 'name'] }),
    num('area', 'Площадь', 'км²'),
    num('area_percent', 'Доля площади округа', '%'),
    int('founded_year', 'Год образования'),
    text('description', 'Описание'),
  ]),
  ...group('Освоение', [
    text('expluatation_stage', 'Стадия освоения'),
    text('expluatation_time', 'Период эксплуатации'),
    text('anthropogenic', 'Антропогенная нагрузка'),
    text('corner_points', 'Угловые точки'),
    text('specifics', 'Особенности'),
  ]),
  ...group('Природные условия', [
    text('nature_region', 'Природная область'),
    text('nature_zone', 'Природная зона'),
    text('climatic', 'Климат'),
    text('topography', 'Рельеф'),
    text('terrain', 'Орография'),
    text('natural', 'Природные особенности'),
    text('geocryological', 'Геокриологические условия'),
    text('groundcover', 'Почвенный покров'),
    text('geobotanical', 'Растительность'),
    text('biodiversity', 'Биоразнообразие'),
  ]),
  ...group('Гидрография', [
    text('river_basin', 'Речной бассейн'),
    text('hydrological', 'Гидрологические условия'),
    text('hydrographic', 'Гидрографическая сеть'),
  ]),
]

export const areas = defineType({
  slug: 'areas',
  table: 'areas',
  title: 'Лицензионные участки',
  itemTitle: '{name}',
  origin: 'core',
  fields: areaGroups,
  filters: [
    { name: 'kind', kind: 'enum', column: 'kind', options: Object.keys(AREA_KINDS) },
    { name: 'kind__in', kind: 'enum-list', column: 'kind', options: Object.keys(AREA_KINDS) },
    idFilter('administrative_region'),
    { name: 'administrative_region__in', kind: 'id-list', column: 'administrative_region_id' },
    idFilter('company'),
    searchFilter(),
  ],
  order: [['name', 'asc']],
  coreIndexed: ['kind', 'administrative_region_id', 'company_id', 'name'],
  pages: { list: '/areas', detail: '/areas' },
  listFields: ['license'],
  reference: 'areas',
  // An area has no outline in the data ('Угловые точки' is a count): it is placed by its measuring points.
  geometry: { kind: 'points', where: 'p.area_id = t.id' },
})

/** Degrees, minutes and seconds of both coordinates, as the point card shows them. */
function coordinates(row: Record<string, unknown>): string | null {
  const lat = row.latitude
  const lon = row.longitude
  if (typeof lat !== 'number' || typeof lon !== 'number') return null
  return `${toDms(lat, 'lat')}, ${toDms(lon, 'lon')}`
}

export const measuresPoints = defineType({
  slug: 'measures-points',
  table: 'measures_points',
  title: 'Пункты наблюдения',
  itemTitle: '{name}',
  origin: 'core',
  fields: [
    ...group('Общие сведения', [
      text('name', 'Наименование', { required: true }),
      text('nomenclature', 'Номенклатура'),
      enumeration('kind', 'Вид пункта', POINT_KINDS, { required: true, hidden: true }),
      text('kind_title', 'Вид пункта', { compute: (row) => POINT_KINDS[row.kind as keyof typeof POINT_KINDS] ?? row.kind }),
      enumeration('category', 'Категория', POINT_CATEGORIES),
      ref('area', 'Участок', { table: 'areas', embed: ['id', 'name', 'kind'], type: 'areas' }),
      text('point_number', 'Номер пункта'),
      text('license', 'Лицензия'),
      text('periodicity', 'Периодичность наблюдений'),
      text('economic_objects', 'Хозяйственные объекты'),
      date('gathering_date', 'Дата отбора', { dateOnly: true }),
      text('gathering_location', 'Место отбора'),
    ]),
    ...group('Местоположение', [
      text('coordinates', 'Координаты', { compute: coordinates }),
      num('latitude', 'Широта', '°', { hidden: true }),
      num('longitude', 'Долгота', '°', { hidden: true }),
      text('location_description', 'Описание местоположения'),
      text('landscape_description', 'Описание ландшафта'),
      text('nature_zone', 'Природная зона'),
      text('nature_subzone', 'Природная подзона'),
    ]),
    ...group('Нормативы', [
      text('pdk', 'ПДК'),
      text('obuv', 'ОБУВ'),
      text('odk', 'ОДК'),
      text('avg_by_region', 'Среднее по региону'),
    ]),
    ...group('Водные объекты', [
      ref('water_resource', 'Водный объект', { table: 'water_resources', embed: ['id', 'name'] }),
      text('controlled_target', 'Объект контроля'),
      text('controlled_water_resource', 'Контролируемый водный объект'),
      text('well_purpose', 'Назначение скважины'),
      text('aquifer', 'Водоносный горизонт'),
      text('aquifer_purpose', 'Назначение водоносного горизонта'),
      num('groundwater_depth', 'Глубина залегания подземных вод', 'м'),
      num('groundwater_depth_max', 'Максимальная глубина залегания подземных вод', 'м'),
    ]),
    ...group('Растительность', [text('flora_type', 'Тип растительности')]),
  ],
  filters: [
    idFilter('area'),
    { name: 'kind', kind: 'enum', column: 'kind', options: Object.keys(POINT_KINDS) },
    { name: 'kind__in', kind: 'enum-list', column: 'kind', options: Object.keys(POINT_KINDS) },
    { name: 'category', kind: 'enum', column: 'category', options: Object.keys(POINT_CATEGORIES) },
    { name: 'category__in', kind: 'enum-list', column: 'category', options: Object.keys(POINT_CATEGORIES) },
    idFilter('water_resource'),
    // The points inside a map's view: in_bbox=minLon,minLat,maxLon,maxLat.
    { name: 'in_bbox', kind: 'bbox', column: 'latitude' },
    // The points of a water system: those on the water bodies it controls (water-systems/{id}/points).
    { name: 'water_resource__in', kind: 'id-list', column: 'water_resource_id' },
    searchFilter(),
  ],
  // The nomenclature (ПН-<area>-<nn>) orders the points as they are numbered, where the names sort as text.
  order: [['nomenclature', 'asc'], ['name', 'asc']],
  coreIndexed: ['area_id', 'kind', 'category', 'water_resource_id', 'name'],
  pages: { detail: '/measures-points' },
  listFields: ['nomenclature', 'kind_title'],
  geometry: { kind: 'point', latitude: 'latitude', longitude: 'longitude' },
})

export const measuresPointIndications = defineType({
  slug: 'measures-point-indications',
  table: 'measures_point_indications',
  title: 'Показания',
  itemTitle: '{name} {year}',
  origin: 'core',
  fields: [
    ref('measures_point', 'Пункт наблюдения', { table: 'measures_points', embed: ['id', 'name', 'kind'], type: 'measures-points' }, { required: true }),
    int('year', 'Год', undefined, { required: true }),
    date('sampled', 'Дата отбора', { dateOnly: true }),
    text('name', 'Показатель', { required: true }),
    num('value', 'Значение', undefined, { required: true }),
    text('measure', 'Единица измерения', { required: true }),
    num('mpc', 'ПДК'),
    num('mpc_max', 'ПДК максимальная'),
    num('share', 'Доля ПДК', undefined, {
      compute: (row) => multipleOf(row.value as number | null, row.mpc as number | null),
    }),
  ],
  filters: [
    idFilter('measures_point'),
    yearFilter(),
    { name: 'sampled__gte', kind: 'date-gte', column: 'sampled' },
    { name: 'sampled__lte', kind: 'date-lte', column: 'sampled' },
  ],
  order: [['year', 'desc'], ['name', 'asc']],
  coreIndexed: ['measures_point_id'],
  upload: {
    reportType: 'observation_results',
    // One reading: a point, a substance, a day of sampling (no time is recorded), within the year.
    naturalKey: ['measures_point', 'year', 'name', 'sampled'],
    // A new year's template carries last year's mean of each point and substance beside the rows; a value ten times
    // off it is most often a unit or a decimal separator gone wrong (decisions 2422, 2443).
    lastYear: { header: 'Значение за прошлый год', factor: 10 },
    lookups: {
      measures_point: {
        by: 'nomenclature',
        hint: 'номенклатура',
        explanation: 'номенклатура пункта наблюдения участка отчёта (как в карточке пункта)',
        withinReport: true,
        notFound: 'пункт наблюдения не найден',
        carry: 'kind',
      },
    },
    // One template per medium: the same columns, an example and the units of its point kind.
    templates: (
      [
        ['ambient_air', 'атмосферный воздух', 'Диоксид азота (NO2)', 'мг/м³', 0.041],
        ['snow_cover', 'снежный покров', 'Нефтепродукты', 'мг/дм³', 0.012],
        ['surface_water', 'поверхностные воды', 'Нефтепродукты', 'мг/дм³', 0.018],
        ['groundwater', 'подземные воды', 'Железо общее', 'мг/дм³', 0.08],
        ['sediment_layers', 'донные отложения', 'Нефтепродукты', 'мг/кг', 120],
        ['soils', 'почвы', 'Свинец', 'мг/кг', 6.1],
      ] as const
    ).map(([kind, title, substance, unit, value], i) => ({
      id: `observation_results_${kind}`,
      name: `Результаты наблюдений: ${title}`,
      downloadName: `Шаблон — результаты наблюдений (${title}).xlsx`,
      pointKind: kind,
      example: (year: number) => ({
        measures_point: `ПН-1-${String(i + 1).padStart(2, '0')}`,
        year,
        sampled: `15.07.${year}`,
        name: substance,
        value,
        measure: unit,
        // The example's limits are the demo's hygienic ones (decision 3415), so the example passes the limit check.
        mpc: hygienicLimit(substance, unit)?.mpc ?? '',
        mpc_max: hygienicLimit(substance, unit)?.mpcMax ?? '',
      }),
    })),
  },
})

export const waterResources = defineType({
  slug: 'water-resource',
  table: 'water_resources',
  title: 'Водные объекты',
  itemTitle: '{name}',
  origin: 'core',
  fields: [text('name', 'Наименование', { required: true })],
  filters: [
    { name: 'measures_points__water_resource__isnull', kind: 'isnull', column: 'water_resource_id', reverse: 'measures_points' },
    searchFilter(),
  ],
  order: [['name', 'asc']],
  reference: 'water_resources',
  // A water body is placed by the measuring points on it.
  geometry: { kind: 'points', where: 'p.water_resource_id = t.id' },
})

export const coreTypes = [companies, areas, measuresPoints, measuresPointIndications, waterResources]
