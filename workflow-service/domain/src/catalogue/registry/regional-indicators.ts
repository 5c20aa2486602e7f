// Indicators of the regional monitoring points (2020–2025) and of the earlier system (2010–2019): plants,
// soils, snow, sediments, waters, radionuclides, hydrology, hydrobiology, lichens.
import { areaField, pointAreaFilter, bool, group, idFilter, int, link, num, numbers, pointField, sampledField, text, yearField, yearFilter } from './fields.ts'
import { POLLUTION_LEVELS, QUALITY_CLASSES } from './labels.ts'
import { defineType, type CatalogueType, type FieldDef, type SeedPlan } from './types.ts'
import { YEARS_LEGACY, YEARS_REGIONAL } from './years.ts'

const files = (): FieldDef[] => [link('act_file', 'Акт отбора проб'), link('protocol_file', 'Протокол химического анализа')]
const level = (name: string, label: string): FieldDef => text(name, label, { seed: { pick: POLLUTION_LEVELS } })
/** The list items of the two control indicator types say which one they are: the client merges the two lists. */
const model = (name: 'EcoMonSedimentControlIndicators' | 'EcoMonWatersControlIndicators'): FieldDef => text('model', 'Модель', { hidden: true, compute: () => name })
const metal = (name: string, label: string, unit: string, max: number): FieldDef => num(name, label, unit, { seed: { min: max * 0.05, max } })

interface PointIndicator {
  slug: string
  table: string
  title: string
  suffix: string
  detail: string
  kinds: string[]
  years: readonly number[]
  fields: FieldDef[]
}

function pointIndicator(spec: PointIndicator): CatalogueType {
  const seed: SeedPlan = { per: 'measures_point', where: { kind: spec.kinds }, years: spec.years, density: 0.7 }
  return defineType({
    slug: spec.slug,
    table: spec.table,
    title: spec.title,
    itemTitle: `${spec.title}: {measures_point.name}, {year}`,
    origin: 'generated',
    fields: [...group('Общие сведения', [pointField(), yearField(), sampledField(), ...files()]), ...spec.fields],
    filters: [idFilter('measures_point'), pointAreaFilter(), yearFilter()],
    order: [['year', 'desc'], ['id', 'desc']],
    pages: { detail: spec.detail, scoped: [{ parent: 'measures_point', suffix: spec.suffix, filter: 'measures_point' }] },
    listFields: ['sampled'],
    seed,
  })
}

/** One layer of a geobotanical site: its type, projective cover, species richness, vitality and height. */
function layer(prefix: string, title: string, types: readonly string[], maxSpecies: number, maxHeight: number): FieldDef[] {
  return group(title, [
    text(`${prefix}_type`, 'Тип', { seed: { pick: types } }),
    num(`${prefix}_cover`, 'Проективное покрытие', '%', { seed: { min: 5, max: 90 } }),
    int(`${prefix}_riches`, 'Видовое богатство', 'видов', { seed: { min: 2, max: maxSpecies } }),
    text(`${prefix}_vitality`, 'Жизненность', { seed: { pick: ['Нормальная', 'Угнетённая', 'Сильно угнетённая'] } }),
    num(`${prefix}_height`, 'Средняя высота', 'см', { seed: { min: 1, max: maxHeight } }),
  ])
}

const MG_KG = 'мг/кг'
const MG_L = 'мг/л'
const BQ = 'Бк/кг'

export const regionalIndicatorTypes: CatalogueType[] = [
  pointIndicator({
    slug: 'ecomon-fito-indicators', table: 'ecomon_fito_indicators', title: 'Фитомониторинг', suffix: 'fito-indicators', detail: '/regional-fito-indicator',
    kinds: ['geobotanical_sites'], years: YEARS_REGIONAL,
    fields: [
      ...group('Общие сведения', [link('photos', 'Фотографии')]),
      ...layer('herbs', 'Травяной ярус', ['Осоково-пушицевый', 'Злаково-разнотравный', 'Пушицевый'], 30, 40),
      ...layer('shrubs', 'Кустарниковый ярус', ['Ерниковый', 'Ивняковый', 'Багульниково-голубичный'], 12, 120),
      ...layer('mosses', 'Моховой ярус', ['Зелёномошный', 'Сфагновый', 'Гипновый'], 15, 8),
      ...layer('lichens', 'Лишайниковый ярус', ['Кладониевый', 'Цетрариевый', 'Кладониево-цетрариевый'], 12, 6),
      ...group('Оценка', [num('negative_impact_rate', 'Показатель негативного воздействия', undefined, { seed: { min: 0, max: 3 } }), level('negative_impact_level', 'Уровень негативного воздействия'), num('synanthropic_invasive_rate', 'Доля синантропных и инвазивных видов', '%', { seed: { min: 0, max: 15 } }), level('synanthropic_invasive_level', 'Уровень синантропизации')]),
    ],
  }),
  pointIndicator({
    slug: 'ecomon-flora-indicators', table: 'ecomon_flora_indicators', title: 'Химический состав растений', suffix: 'flora-indicators', detail: '/regional-flora-indicator',
    kinds: ['plant_sampling'], years: YEARS_REGIONAL,
    fields: group('Содержание металлов', [text('plant_type', 'Вид растений', { seed: { pick: ['Лишайники', 'Мхи', 'Кустарнички'] } }), metal('zinc', 'Цинк', MG_KG, 60), metal('plumbum', 'Свинец', MG_KG, 10), metal('cadmium', 'Кадмий', MG_KG, 1), metal('arsenic', 'Мышьяк', MG_KG, 2), metal('mercury', 'Ртуть', MG_KG, 0.2)]),
  }),
  pointIndicator({
    slug: 'ecomon-hydrological-indicators', table: 'ecomon_hydrological_indicators', title: 'Гидрологические наблюдения', suffix: 'hydrological-indicators', detail: '/regional-hydrological-indicator',
    kinds: ['hydrological_point'], years: YEARS_REGIONAL,
    fields: group('Гидрологические характеристики', [
      num('consumption', 'Расход воды', 'м³/с', { seed: { min: 5, max: 3000 } }),
      num('flow_avg_speed', 'Средняя скорость течения', 'м/с', { seed: { min: 0.1, max: 1.5 } }),
      num('flow_max_speed', 'Максимальная скорость течения', 'м/с', { seed: { min: 0.5, max: 2.5 } }),
      num('sea_level_width', 'Ширина русла', 'м', { seed: { min: 20, max: 900 } }),
      num('avg_depth', 'Средняя глубина', 'м', { seed: { min: 0.5, max: 8 } }),
      num('max_depth', 'Максимальная глубина', 'м', { seed: { min: 2, max: 20 } }),
    ]),
  }),
  pointIndicator({
    slug: 'ecomon-hydrobiological-indicators', table: 'ecomon_hydrobiological_indicators', title: 'Гидробиологические наблюдения', suffix: 'hydrobiological-indicators', detail: '/regional-hydrobiological-indicator',
    kinds: ['hygrobiology_point'], years: YEARS_REGIONAL,
    fields: group('Оценка', [link('photos', 'Фотографии'), num('saprobity_rate', 'Индекс сапробности', undefined, { seed: { min: 1, max: 3 } }), text('quality_level', 'Класс качества воды', { seed: { pick: QUALITY_CLASSES } }), level('purity_level', 'Уровень загрязнения')]),
  }),
  pointIndicator({
    slug: 'ecomon-soils-radionuclides-indicators', table: 'ecomon_soils_radionuclides_indicators', title: 'Радионуклиды в почвах', suffix: 'radionuclides-indicators', detail: '/regional-radionuclides-indicator',
    kinds: ['soil_sampling_point_radionuclides'], years: YEARS_REGIONAL,
    fields: [
      ...group('Почва', [link('photos', 'Фотографии'), text('mechanical_consist', 'Механический состав', { seed: { pick: ['Песок', 'Супесь', 'Суглинок', 'Торф'] } }), text('soil_type', 'Тип почвы', { seed: { pick: ['Тундровые глеевые', 'Подзолы', 'Торфяные олиготрофные'] } }), level('purity_level', 'Уровень загрязнения')]),
      ...group('Удельная активность', [metal('potassium', 'Калий-40', BQ, 600), metal('radium', 'Радий-226', BQ, 40), metal('thorium', 'Торий-232', BQ, 40), metal('cesium', 'Цезий-137', BQ, 60), metal('strontium', 'Стронций-90', BQ, 20), num('natural_radionuclides_rate', 'Эффективная удельная активность', BQ, { seed: { min: 20, max: 120 } }), level('radioactivity_pollution_level', 'Уровень радиоактивного загрязнения')]),
    ],
  }),
  pointIndicator({
    slug: 'ecomon-snow-indicators', table: 'ecomon_snow_indicators', title: 'Геохимия снежного покрова', suffix: 'snow-indicators', detail: '/regional-snow-indicator',
    kinds: ['snow_cover_sampling_point'], years: YEARS_REGIONAL,
    fields: group('Содержание веществ', [
      ...numbers(MG_L, [['ammonium_ion', 'Аммоний-ион'], ['nitrate_ion', 'Нитрат-ион'], ['phenols', 'Фенолы']], { seed: { min: 0.001, max: 2 } }),
      num('pollution_index', 'Индекс загрязнения', undefined, { seed: { min: 0.5, max: 6 } }),
      text('pollution_specification', 'Характеристика загрязнения', { seed: { pick: ['Фоновое', 'Слабое', 'Умеренное'] } }),
      num('pollution_total', 'Суммарный показатель загрязнения', undefined, { seed: { min: 1, max: 40 } }),
      num('metal_total', 'Сумма металлов', MG_L, { seed: { min: 0.01, max: 1 } }),
    ]),
  }),
  pointIndicator({
    slug: 'ecomon-soils-geochemistry-indicators', table: 'ecomon_soils_geochemistry_indicators', title: 'Геохимия почв', suffix: 'soils-geochemistry-indicators', detail: '/regional-soils-geochemistry-indicator',
    kinds: ['soil_sampling_point_geochemistry'], years: YEARS_REGIONAL,
    fields: group('Содержание веществ', [
      num('acidity_level', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 4, max: 7 } }),
      ...numbers(MG_KG, [['n', 'Азот общий'], ['phosphate_ion', 'Фосфат-ион'], ['petrochemical', 'Нефтепродукты'], ['barium', 'Барий'], ['c20h12', 'Бенз(а)пирен']], { seed: { min: 0.01, max: 300 } }),
      num('total_pollution_rate', 'Суммарный показатель загрязнения', undefined, { seed: { min: 1, max: 40 } }),
      level('total_pollution_level', 'Уровень загрязнения'),
      level('petrochemical_level', 'Уровень загрязнения нефтепродуктами'),
    ]),
  }),
  pointIndicator({
    slug: 'ecomon-sediment-indicators', table: 'ecomon_sediment_indicators', title: 'Геохимия донных отложений', suffix: 'sediment-indicators', detail: '/regional-sediment-indicator',
    kinds: ['bottom_sediments_sampling_points'], years: YEARS_REGIONAL,
    fields: group('Содержание веществ', [
      num('acidity_level', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 5, max: 7.5 } }),
      ...numbers(MG_KG, [['sulphate_ion', 'Сульфат-ион'], ['chloride_ion', 'Хлорид-ион'], ['anionic_surfactants', 'АПАВ'], ['petrochemical', 'Нефтепродукты'], ['iron', 'Железо'], ['manganese', 'Марганец'], ['copper', 'Медь'], ['plumbum', 'Свинец'], ['nickel', 'Никель'], ['chromium', 'Хром'], ['zinc', 'Цинк']], { seed: { min: 0.1, max: 400 } }),
      num('total_pollution_rate', 'Суммарный показатель загрязнения', undefined, { seed: { min: 1, max: 40 } }),
      level('total_pollution_level', 'Уровень загрязнения'),
      level('petrochemical_pollution_level', 'Уровень загрязнения нефтепродуктами'),
      level('pollution_level', 'Общий уровень загрязнения'),
    ]),
  }),
  pointIndicator({
    slug: 'ecomon-waters-indicators', table: 'ecomon_waters_indicators', title: 'Геохимия поверхностных вод', suffix: 'waters-indicators', detail: '/regional-waters-indicator',
    kinds: ['surface_water_sampling_point'], years: YEARS_REGIONAL,
    fields: [
      ...group('Содержание веществ', [
        link('photos', 'Фотографии'),
        num('acidity_level', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 6, max: 8 } }),
        ...numbers(MG_L, [['biological_oxygen', 'БПК5'], ['ammonium_ion', 'Аммоний-ион'], ['nitrate_ion', 'Нитрат-ион'], ['sulphate_ion', 'Сульфат-ион'], ['chloride_ion', 'Хлорид-ион'], ['phosphate_ion', 'Фосфат-ион'], ['petrochemical', 'Нефтепродукты'], ['anionic_surfactants', 'АПАВ'], ['methanol', 'Метанол'], ['iron', 'Железо'], ['manganese', 'Марганец'], ['copper', 'Медь'], ['plumbum', 'Свинец'], ['zinc', 'Цинк'], ['nickel', 'Никель'], ['mercury', 'Ртуть'], ['chromium', 'Хром']], { seed: { min: 0.0005, max: 3 } }),
      ]),
      ...group('Загрязнение', [num('complex_pollution_rate', 'Комплексный показатель загрязнения', undefined, { seed: { min: 1, max: 6 } }), level('complex_pollution_level', 'Уровень загрязнения'), num('high_pollution_rate', 'Случаи высокого загрязнения', 'шт.', { integer: true, seed: { min: 0, max: 5 } }), level('high_pollution_level', 'Уровень высокого загрязнения'), num('extreme_pollution_rate', 'Случаи экстремально высокого загрязнения', 'шт.', { integer: true, seed: { min: 0, max: 2 } }), level('extreme_pollution_level', 'Уровень экстремально высокого загрязнения')]),
    ],
  }),
  pointIndicator({
    slug: 'ecomon-water-legacy-indicators', table: 'ecomon_water_legacy_indicators', title: 'Поверхностные воды (2010–2019)', suffix: 'water-legacy-indicators', detail: '/waters-indicator',
    kinds: ['surface_water_sampling_point', 'control_water_object_state_point'], years: YEARS_LEGACY,
    fields: [
      ...group('Содержание веществ', [
        num('acidity_level', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 6, max: 8 } }),
        num('dissolved_oxygen', 'Растворённый кислород', 'мг/дм³', { seed: { min: 4, max: 12 } }),
        ...numbers('мг/дм³', [['chemical_oxygen_demand', 'ХПК'], ['biological_oxygen', 'БПК5'], ['iron', 'Железо'], ['manganese', 'Марганец'], ['copper', 'Медь'], ['zinc', 'Цинк'], ['nickel', 'Никель'], ['petrochemical', 'Нефтепродукты'], ['chromium', 'Хром'], ['phenols', 'Фенолы'], ['nitrite', 'Нитрит-ион'], ['nitrate_ion', 'Нитрат-ион'], ['sulphate_ion', 'Сульфат-ион'], ['chloride_ion', 'Хлорид-ион'], ['ammonium_ion', 'Аммоний-ион'], ['phosphate_ion', 'Фосфат-ион'], ['plumbum', 'Свинец'], ['anionic_surfactants', 'АПАВ']], { seed: { min: 0.0005, max: 3 } }),
      ]),
      ...group('Загрязнение', [num('water_pollution_index', 'Индекс загрязнения воды', undefined, { seed: { min: 0.5, max: 6 } }), level('pollution_level', 'Уровень загрязнения'), num('complex_pollution_rate', 'Комплексный показатель загрязнения', undefined, { seed: { min: 1, max: 6 } }), num('extreme_pollution_rate', 'Случаи экстремально высокого загрязнения', 'шт.', { integer: true, seed: { min: 0, max: 2 } }), num('high_pollution_rate', 'Случаи высокого загрязнения', 'шт.', { integer: true, seed: { min: 0, max: 5 } })]),
    ],
  }),
  pointIndicator({
    slug: 'ecomon-sediment-control-indicators', table: 'ecomon_sediment_control_indicators', title: 'Контроль донных отложений', suffix: 'sediment-control-indicators', detail: '/sediment-control-indicators',
    kinds: ['control_water_object_state_point'], years: YEARS_REGIONAL,
    fields: [
      ...group('Содержание веществ', [
        num('acidity_level', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 5, max: 7.5 } }),
        num('dissolved_oxygen', 'Растворённый кислород', 'мг/дм³', { seed: { min: 4, max: 12 } }),
        ...numbers(MG_KG, [['sulphate_ion', 'Сульфат-ион'], ['chloride_ion', 'Хлорид-ион'], ['petrochemical', 'Нефтепродукты'], ['anionic_surfactants', 'АПАВ'], ['iron', 'Железо'], ['copper', 'Медь'], ['plumbum', 'Свинец'], ['zinc', 'Цинк'], ['manganese', 'Марганец'], ['nickel', 'Никель'], ['chromium', 'Хром']], { seed: { min: 0.1, max: 400 } }),
      ]),
      ...group('Удельная активность', [
        ...numbers(BQ, [['potassium', 'Калий-40'], ['radium', 'Радий-226'], ['thorium', 'Торий-232'], ['cesium', 'Цезий-137']], { seed: { min: 1, max: 500 } }),
        num('natural_radionuclides_rate', 'Эффективная удельная активность', BQ, { seed: { min: 20, max: 120 } }),
      ]),
      ...group('Оценка', [
        num('toxicity_rate', 'Токсичность', undefined, { seed: { min: 0, max: 50 } }),
        num('total_pollution_rate', 'Суммарный показатель загрязнения', undefined, { seed: { min: 1, max: 40 } }),
        level('complex_pollution_level', 'Уровень загрязнения'),
        level('petrochemical_level', 'Уровень загрязнения нефтепродуктами'),
        level('radioactivity_level', 'Уровень радиоактивного загрязнения'),
        level('toxicity_level', 'Уровень токсичности'),
        model('EcoMonSedimentControlIndicators'),
      ]),
    ],
  }),
  pointIndicator({
    slug: 'ecomon-waters-control-indicators', table: 'ecomon_waters_control_indicators', title: 'Контроль поверхностных вод', suffix: 'waters-control-indicators', detail: '/waters-control-indicators',
    kinds: ['control_water_object_state_point'], years: YEARS_REGIONAL,
    fields: [
      ...group('Содержание веществ', [
        num('acidity_level', 'Водородный показатель (pH)', 'ед. pH', { seed: { min: 6, max: 8 } }),
        ...numbers(MG_L, [['biological_oxygen', 'БПК5'], ['nitrite', 'Нитрит-ион'], ['nitrate_ion', 'Нитрат-ион'], ['phosphate_ion', 'Фосфат-ион'], ['sulphate_ion', 'Сульфат-ион'], ['chloride_ion', 'Хлорид-ион'], ['ammonium_ion', 'Аммоний-ион'], ['petrochemical', 'Нефтепродукты'], ['phenols', 'Фенолы'], ['anionic_surfactants', 'АПАВ'], ['methanol', 'Метанол'], ['manganese', 'Марганец'], ['plumbum', 'Свинец'], ['copper', 'Медь'], ['zinc', 'Цинк'], ['nickel', 'Никель'], ['iron', 'Железо'], ['chromium', 'Хром'], ['mercury', 'Ртуть']], { seed: { min: 0.0005, max: 3 } }),
      ]),
      ...group('Оценка', [
        num('radioactivity_rate', 'Суммарная альфа-, бета-активность', 'Бк/л', { seed: { min: 0.01, max: 1 } }),
        num('toxicity_rate', 'Токсичность', undefined, { seed: { min: 0, max: 50 } }),
        num('complex_pollution_rate', 'Комплексный показатель загрязнения', undefined, { seed: { min: 1, max: 6 } }),
        num('high_pollution_rate', 'Случаи высокого загрязнения', 'шт.', { integer: true, seed: { min: 0, max: 5 } }),
        num('extreme_pollution_rate', 'Случаи экстремально высокого загрязнения', 'шт.', { integer: true, seed: { min: 0, max: 2 } }),
        level('complex_pollution_level', 'Уровень загрязнения'),
        level('dissolved_oxygen_level', 'Уровень по растворённому кислороду'),
        level('biological_oxygen_level', 'Уровень по БПК5'),
        level('radioactivity_level', 'Уровень радиоактивного загрязнения'),
        level('toxicity_level', 'Уровень токсичности'),
        model('EcoMonWatersControlIndicators'),
        text('conclusions', 'Выводы', { seed: { pick: ['Превышения нормативов не выявлены.', 'Выявлены превышения ПДК по железу и марганцу природного характера.'] } }),
      ]),
    ],
  }),
]

export const inspectionResults = defineType({
  slug: 'waters-resource-inspection-results',
  table: 'waters_resource_inspection_results',
  title: 'Результаты визуального обследования',
  itemTitle: 'Визуальное обследование: {measures_point.name}, {year}',
  origin: 'generated',
  fields: [
    pointField(),
    yearField(),
    text('visual_inspection', 'Результаты обследования', { seed: { pick: ['Вода прозрачная, без запаха, плёнок и пятен не обнаружено.', 'У берега отмечены единичные радужные пятна.'] } }),
    bool('eutrophication_exist', 'Признаки эвтрофикации'),
    bool('hydrophytes_exist', 'Гидрофиты'),
    bool('pollution_signs_exist', 'Признаки загрязнения'),
    bool('ichthyofauna_death_exist', 'Гибель ихтиофауны'),
    link('photos', 'Фотографии'),
  ],
  filters: [idFilter('measures_point'), yearFilter()],
  order: [['year', 'desc']],
  pages: { detail: '/waters-resource-inspection-results', scoped: [{ parent: 'measures_point', suffix: 'resource-inspection', filter: 'measures_point' }] },
  seed: { per: 'measures_point', where: { kind: ['control_water_object_state_point'] }, years: YEARS_REGIONAL },
})

export const lichens = defineType({
  slug: 'observation-lichens',
  table: 'observation_lichens',
  title: 'Лихеноиндикация',
  itemTitle: 'Лихеноиндикация за {year} год',
  origin: 'generated',
  fields: [yearField(), areaField(), link('photos', 'Фотографии'), num('lichen_rate', 'Индекс полеотолерантности', undefined, { seed: { min: 1, max: 10 } }), level('pollution_level', 'Уровень загрязнения')],
  filters: [idFilter('area'), yearFilter()],
  order: [['year', 'desc']],
  pages: { detail: '/observation-lichens', scoped: [{ parent: 'area', suffix: 'observation-lichens', filter: 'area' }] },
  seed: { per: 'area', where: { kind: ['polygon_region_monitoring'] }, years: YEARS_REGIONAL },
})

export const lichenLegacy = defineType({
  slug: 'ecomon-lichen-legacy-indicators',
  table: 'ecomon_lichen_legacy_indicators',
  title: 'Лихеноиндикация (2010–2019)',
  itemTitle: 'Лихеноиндикация за {year} год',
  origin: 'generated',
  fields: [
    yearField(),
    areaField(),
    link('photos', 'Фотографии'),
    num('pollution_rate', 'Показатель загрязнения', undefined, { seed: { min: 0, max: 5 } }),
    num('lichenocenosis_rate', 'Индекс состояния лихеноценозов', undefined, { seed: { min: 0, max: 10 } }),
    num('biotic_index', 'Биотический индекс', undefined, { seed: { min: 1, max: 10 } }),
    text('researched_object', 'Объект исследования', { seed: { pick: ['Эпифитные лишайники', 'Напочвенные лишайники'] } }),
    text('results', 'Результаты', { seed: { pick: ['Состояние лихеноценозов фоновое.', 'Отмечено угнетение лишайников вблизи факельных установок.'] } }),
  ],
  filters: [idFilter('area'), yearFilter()],
  order: [['year', 'desc']],
  pages: { detail: '/lichen-legacy-indicators', scoped: [{ parent: 'area', suffix: 'lichen-legacy-indicators', filter: 'area' }] },
  seed: { per: 'area', where: { kind: ['polygon_YaNAO_monitoring'] }, years: YEARS_LEGACY },
})

export const hydrobiologicalLegacy = defineType({
  slug: 'ecomon-hydrobiological-legacy-indicators',
  table: 'ecomon_hydrobiological_legacy_indicators',
  title: 'Гидробиологические наблюдения (2010–2019)',
  itemTitle: 'Гидробиологические наблюдения за {year} год',
  origin: 'generated',
  fields: [yearField(), areaField(), num('saprobic_index', 'Индекс сапробности', undefined, { seed: { min: 1, max: 3 } }), num('biotic_index', 'Биотический индекс', undefined, { seed: { min: 1, max: 10 } })],
  filters: [idFilter('area'), yearFilter()],
  order: [['year', 'desc']],
  pages: { detail: '/hydrobiological-legacy-indicators', scoped: [{ parent: 'area', suffix: 'hydrobiological-indicators', filter: 'area' }] },
  seed: { per: 'area', where: { kind: ['polygon_YaNAO_monitoring'] }, years: YEARS_LEGACY },
})

export const otherRegionalTypes = [inspectionResults, lichens, lichenLegacy, hydrobiologicalLegacy]
