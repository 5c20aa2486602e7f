// Observations of the regional monitoring polygons (ichthyofauna and flora development stability, ichthyo monitoring,
// rare species) and the legacy indicators of the region-wide system (2010–2019) per point or area.
import { AREA_REF, areaField, pointAreaFilter, group, idFilter, link, num, numbers, pointField, sampledField, text, yearField, yearFilter } from './fields.ts'
import { POLLUTION_LEVELS } from './labels.ts'
import { defineType, type CatalogueType, type FieldDef } from './types.ts'
import { YEARS_LEGACY, YEARS_REGIONAL } from './years.ts'

const level = (name: string, label: string): FieldDef => text(name, label, { seed: { pick: POLLUTION_LEVELS } })

interface AreaObservation {
  slug: string
  table: string
  title: string
  suffix: string
  detail: string
  kinds: string[]
  years: readonly number[]
  fields: FieldDef[]
}

function areaObservation(spec: AreaObservation): CatalogueType {
  return defineType({
    slug: spec.slug,
    table: spec.table,
    title: spec.title,
    itemTitle: `${spec.title} за {year} год`,
    origin: 'generated',
    fields: [...group('Общие сведения', [yearField(), areaField()]), ...spec.fields],
    filters: [idFilter('area'), yearFilter()],
    order: [['year', 'desc'], ['id', 'desc']],
    pages: { detail: spec.detail, scoped: [{ parent: 'area', suffix: spec.suffix, filter: 'area' }] },
    seed: { per: 'area', where: { kind: spec.kinds }, years: spec.years, density: 0.8 },
  })
}

function legacyPointIndicator(slug: string, table: string, title: string, suffix: string, detail: string, kinds: string[], fields: FieldDef[]): CatalogueType {
  return defineType({
    slug,
    table,
    title,
    itemTitle: `${title}: {measures_point.name}, {year}`,
    origin: 'generated',
    fields: [...group('Общие сведения', [pointField(), yearField(), sampledField(), link('act_file', 'Акт отбора проб'), link('protocol_file', 'Протокол химического анализа')]), ...fields],
    filters: [idFilter('measures_point'), pointAreaFilter(), yearFilter()],
    order: [['year', 'desc'], ['id', 'desc']],
    pages: { detail, scoped: [{ parent: 'measures_point', suffix, filter: 'measures_point' }] },
    listFields: ['sampled'],
    seed: { per: 'measures_point', where: { kind: kinds }, years: YEARS_LEGACY, density: 0.6 },
  })
}

const MG_KG = 'мг/кг'
const REGIONAL_POLYGONS = ['polygon_region_monitoring']
const YANAO_POLYGONS = ['polygon_YaNAO_monitoring']
const evolution = (): FieldDef[] =>
  group('Оценка', [
    // The observation systems the result belongs to: the polygon's own (its first item names the area).
    { name: 'observation_systems', label: 'Система наблюдений', type: 'list', itemRefs: { area: AREA_REF }, compute: (row) => (row.area ? [{ area: row.area }] : []) },
    sampledField(),
    link('photos', 'Фотографии'),
    num('evolution_grade', 'Показатель стабильности развития', undefined, { seed: { min: 0.01, max: 0.08 } }),
    text('environmental_level', 'Качество среды', { seed: { pick: ['Условно нормальное', 'Начальные отклонения', 'Средний уровень отклонений', 'Существенные отклонения'] } }),
  ])

export const observationTypes: CatalogueType[] = [
  areaObservation({ slug: 'observation-ichthyo-evolutions', table: 'observation_ichthyo_evolutions', title: 'Стабильность развития ихтиофауны', suffix: 'observation-ichthyo-evolution', detail: '/observation-ichthyo-evolution-detail', kinds: REGIONAL_POLYGONS, years: YEARS_REGIONAL, fields: evolution() }),
  areaObservation({ slug: 'observation-flora-evolutions', table: 'observation_flora_evolutions', title: 'Стабильность развития растительности', suffix: 'observation-flora-evolution', detail: '/observation-flora-evolution-detail', kinds: REGIONAL_POLYGONS, years: YEARS_REGIONAL, fields: evolution() }),
  areaObservation({
    slug: 'observation-ichthyo-mons', table: 'observation_ichthyo_mons', title: 'Ихтиологический мониторинг', suffix: 'observation-ichthyo-mon', detail: '/observation-ichthyo-mon-detail', kinds: REGIONAL_POLYGONS, years: YEARS_REGIONAL,
    fields: group('Содержание тяжёлых металлов', [
      sampledField(),
      link('photos', 'Фотографии'),
      text('ichthyo_type', 'Вид рыб', { seed: { pick: ['Щука', 'Плотва', 'Окунь', 'Сиг-пыжьян', 'Ряпушка'] } }),
      ...numbers(MG_KG, [['plumbum', 'Свинец'], ['arsenic', 'Мышьяк'], ['cadmium', 'Кадмий'], ['mercury', 'Ртуть']], { seed: { min: 0.001, max: 0.5 } }),
      num('cesium', 'Цезий-137', 'Бк/кг', { seed: { min: 0.5, max: 20 } }),
    ]),
  }),
  areaObservation({
    slug: 'observation-rare-endangereds', table: 'observation_rare_endangereds', title: 'Редкие и исчезающие виды', suffix: 'observation-rare-endangereds', detail: '/observation-rare-endangereds-detail', kinds: REGIONAL_POLYGONS, years: YEARS_REGIONAL,
    fields: group('Наблюдение', [
      text('category', 'Категория охраны', { seed: { pick: ['1 — находящийся под угрозой исчезновения', '2 — сокращающийся в численности', '3 — редкий'] } }),
      text('species', 'Вид', { seed: { pick: ['Краснозобая казарка', 'Малый лебедь', 'Кречет', 'Сапсан', 'Пискулька'] } }),
      text('rarity', 'Статус редкости', { seed: { pick: ['Редкий', 'Очень редкий', 'Спорадически встречающийся'] } }),
      text('coordinates', 'Координаты', { seed: { pick: ['67°12′ с.ш., 71°05′ в.д.', '66°48′ с.ш., 70°40′ в.д.', '65°57′ с.ш., 78°21′ в.д.'] } }),
    ]),
  }),
  areaObservation({
    slug: 'ecomon-organism-evolution-legacy-indicators', table: 'ecomon_organism_evolution_legacy_indicators', title: 'Стабильность развития организмов (2010–2019)', suffix: 'organism-evolution-indicators', detail: '/yanao-organism-evolution-indicators-detail', kinds: YANAO_POLYGONS, years: YEARS_LEGACY,
    fields: group('Оценка', [
      text('researched_species', 'Исследуемый вид', { seed: { pick: ['Берёза пушистая', 'Ива филиколистная', 'Сиг-пыжьян'] } }),
      num('evolution_rate', 'Показатель стабильности развития', undefined, { seed: { min: 0.01, max: 0.08 } }),
      text('researched_object', 'Объект исследования', { seed: { pick: ['Листовая пластинка', 'Чешуя', 'Меристические признаки'] } }),
      text('results', 'Результаты', { seed: { pick: ['Стабильность развития соответствует условно нормальному состоянию.', 'Выявлены начальные отклонения от нормы.'] } }),
    ]),
  }),
  legacyPointIndicator('ecomon-flora-legacy-indicators', 'ecomon_flora_legacy_indicators', 'Химический состав растений (2010–2019)', 'flora-legacy-indicators', '/flora-legacy-indicator', ['plant_sampling'],
    group('Содержание металлов', numbers(MG_KG, [['manganese', 'Марганец'], ['zinc', 'Цинк'], ['copper', 'Медь'], ['nickel', 'Никель'], ['plumbum', 'Свинец'], ['cadmium', 'Кадмий'], ['chromium', 'Хром'], ['arsenic', 'Мышьяк'], ['mercury', 'Ртуть']], { seed: { min: 0.01, max: 60 } }))),
  legacyPointIndicator('ecomon-geobotanical-legacy-indicators', 'ecomon_geobotanical_legacy_indicators', 'Геоботанические наблюдения (2010–2019)', 'geobotanical-legacy-indicators', '/geobotanical-legacy-indicator', ['geobotanical_sites'],
    group('Растительный покров', [
      num('projective_coverage', 'Проективное покрытие', '%', { seed: { min: 20, max: 100 } }),
      text('specie', 'Доминирующие виды', { seed: { pick: ['Карликовая берёза, багульник, кладонии', 'Пушица, осоки, сфагновые мхи'] } }),
      num('specie_riches', 'Видовое богатство', 'видов', { integer: true, seed: { min: 5, max: 60 } }),
      num('projective_specie_riches', 'Проективное видовое богатство', undefined, { seed: { min: 1, max: 20 } }),
      text('specie_viability', 'Жизненность видов', { seed: { pick: ['Высокая', 'Средняя', 'Низкая'] } }),
      num('trees_height', 'Высота древостоя', 'м', { seed: { min: 2, max: 15 } }),
      num('crown_density', 'Сомкнутость крон', undefined, { seed: { min: 0.1, max: 0.8 } }),
      num('plants_height', 'Высота травяно-кустарничкового яруса', 'см', { seed: { min: 5, max: 60 } }),
      num('synanthropic_invasive_rate', 'Доля синантропных и инвазивных видов', '%', { seed: { min: 0, max: 15 } }),
      level('phytocenoses_negative_effect', 'Негативное воздействие на фитоценозы'),
    ])),
  legacyPointIndicator('ecomon-hydrological-legacy-indicators', 'ecomon_hydrological_legacy_indicators', 'Гидрологические наблюдения (2010–2019)', 'hydrological-legacy-indicators', '/hydrological-legacy-indicator', ['hydrological_point'],
    group('Гидрологические характеристики', [
      num('consumption', 'Расход воды', 'м³/с', { seed: { min: 5, max: 3000 } }),
      num('flow_avg_speed', 'Средняя скорость течения', 'м/с', { seed: { min: 0.1, max: 1.5 } }),
      num('avg_depth', 'Средняя глубина', 'м', { seed: { min: 0.5, max: 8 } }),
      num('max_depth', 'Максимальная глубина', 'м', { seed: { min: 2, max: 20 } }),
    ])),
  legacyPointIndicator('ecomon-soils-readionuclides-legacy-indicators', 'ecomon_soils_radionuclides_legacy_indicators', 'Радионуклиды в почвах (2010–2019)', 'radionuclides-legacy-indicators', '/radionuclides-legacy-indicator', ['soil_sampling_point_radionuclides'],
    group('Удельная активность', [...numbers('Бк/кг', [['potassium', 'Калий-40'], ['radium', 'Радий-226'], ['thorium', 'Торий-232'], ['cesium', 'Цезий-137'], ['strontium', 'Стронций-90']], { seed: { min: 1, max: 600 } }), level('radioactivity_pollution_level', 'Уровень радиоактивного загрязнения')])),
  legacyPointIndicator('ecomon-sediment-legacy-indicators', 'ecomon_sediment_legacy_indicators', 'Донные отложения (2010–2019)', 'sediment-legacy-indicators', '/sediment-legacy-indicator', ['bottom_sediments_sampling_points'],
    group('Содержание веществ', [num('acidity_level', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 5, max: 7.5 } }), ...numbers(MG_KG, [['petrochemical', 'Нефтепродукты'], ['iron', 'Железо'], ['manganese', 'Марганец'], ['copper', 'Медь'], ['plumbum', 'Свинец'], ['nickel', 'Никель'], ['chromium', 'Хром'], ['zinc', 'Цинк']], { seed: { min: 0.1, max: 400 } }), level('pollution_level', 'Уровень загрязнения')])),
  legacyPointIndicator('ecomon-snow-legacy-indicators', 'ecomon_snow_legacy_indicators', 'Снежный покров (2010–2019)', 'snow-legacy-indicators', '/snow-legacy-indicator', ['snow_cover_sampling_point'],
    group('Содержание веществ', [...numbers('мг/л', [['ammonium_ion', 'Аммоний-ион'], ['nitrate_ion', 'Нитрат-ион'], ['phenols', 'Фенолы'], ['petrochemical', 'Нефтепродукты']], { seed: { min: 0.001, max: 2 } }), num('pollution_index', 'Индекс загрязнения', undefined, { seed: { min: 0.5, max: 6 } }), level('pollution_level', 'Уровень загрязнения')])),
  legacyPointIndicator('ecomon-soils-legacy-indicators', 'ecomon_soils_legacy_indicators', 'Почвы (2010–2019)', 'soils-legacy-indicators', '/soils-legacy-indicator', ['soil_sampling_point_geochemistry'],
    group('Содержание веществ', [
      num('acidity_level', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 4, max: 7 } }),
      num('humus', 'Гумус', '%', { seed: { min: 0.5, max: 8 } }),
      num('nitrogen', 'Азот общий', '%', { seed: { min: 0.05, max: 1 } }),
      num('cinder', 'Зольность', '%', { seed: { min: 1, max: 30 } }),
      ...numbers(MG_KG, [['petrochemical', 'Нефтепродукты'], ['plumbum', 'Свинец'], ['cadmium', 'Кадмий'], ['zinc', 'Цинк'], ['copper', 'Медь'], ['nickel', 'Никель']], { seed: { min: 0.1, max: 300 } }),
      level('total_pollution_level', 'Уровень загрязнения'),
    ])),
]
