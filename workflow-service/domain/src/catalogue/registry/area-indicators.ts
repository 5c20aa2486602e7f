// Indicators kept per licence area, polygon or company: exposure levels, environmental-activity costs,
// forecasts and estimates of the ecological situation, pollution indexes, recommendations, mechanical violations.
import { AREA_REF, areaField, companyField, group, idFilter, int, num, numbers, text, yearField, yearFilter, withTotal } from './fields.ts'
import { AREA_KINDS, POLLUTION_LEVELS } from './labels.ts'
import { defineType, type FieldDef } from './types.ts'
import { YEARS_RECENT, YEARS_REGIONAL } from './years.ts'

const level = (name: string, label: string): FieldDef => text(name, label, { seed: { pick: POLLUTION_LEVELS } })
const rate = (name: string, label: string, max = 5): FieldDef => num(name, label, undefined, { seed: { min: 0.2, max } })
const count = (name: string, label: string, max: number): FieldDef => int(name, label, 'шт.', { seed: { min: 0, max } })

export const exposureLevels = defineType({
  slug: 'exposure-levels',
  table: 'exposure_levels',
  title: 'Уровень антропогенного воздействия',
  itemTitle: 'Уровень антропогенного воздействия за {year} год',
  origin: 'generated',
  fields: [
    ...group('Общие сведения', [yearField(), areaField(), companyField()]),
    ...group('Атмосферный воздух', [
      count('stationary_sources', 'Стационарные источники загрязнения', 400),
      count('flare_plants', 'Факельные установки', 30),
      count('boiler_plants', 'Котельные', 20),
      num('burned_associated_gas', 'Сожжено попутного нефтяного газа', 'млн м³', { seed: { min: 1, max: 300 } }),
      num('associated_gas_coefficient', 'Коэффициент полезного использования ПНГ', '%', { seed: { min: 70, max: 99 } }),
      num('gross_emission_total', 'Валовый выброс, всего', 'т', { seed: { sumOf: ['gross_emission_fuel', 'gross_emission_technological', 'gross_emission_associated_gas'] } }),
      num('gross_emission_fuel', 'Выброс от сжигания топлива', 'т', { seed: { min: 10, max: 10000 } }),
      num('gross_emission_technological', 'Выброс от технологических процессов', 'т', { seed: { min: 10, max: 10000 } }),
      num('gross_emission_associated_gas', 'Выброс от сжигания ПНГ', 'т', { seed: { min: 10, max: 30000 } }),
      num('wastes_cleaning_level', 'Уровень очистки отходящих газов', '%', { seed: { min: 50, max: 99 } }),
    ]),
    ...group('Скважины', withTotal([
      count('wells_total', 'Скважин всего', 2000),
      count('wells_exploration', 'Разведочные', 100),
      count('wells_production', 'Добывающие', 1500),
      count('wells_mothballed', 'Законсервированные', 200),
      count('wells_abandoned', 'Ликвидированные', 200),
    ], 'wells_total')),
    ...group('Водопользование', [
      count('water_intakes_surface', 'Водозаборы из поверхностных вод', 10),
      count('water_intakes_ground', 'Водозаборы из подземных вод', 40),
      ...withTotal(numbers('тыс. м³', [
        ['water_consumption_total', 'Водопотребление, всего'],
        ['water_consumption_surface', 'Из поверхностных источников'],
        ['water_consumption_ground', 'Из подземных источников'],
        ['water_consumption_potable', 'Питьевое водопотребление'],
      ], { seed: { min: 5, max: 3000 } }), 'water_consumption_total', ['water_consumption_surface', 'water_consumption_ground']),
      count('wastewater_outlets', 'Выпуски сточных вод', 15),
      num('wastewater_normative_clean', 'Сброс нормативно чистых вод', 'тыс. м³', { seed: { min: 0, max: 500 } }),
      num('wastewater_normative_treated', 'Сброс нормативно очищенных вод', 'тыс. м³', { seed: { min: 0, max: 500 } }),
      num('wastewater_polluted', 'Сброс загрязнённых вод', 'тыс. м³', { seed: { min: 0, max: 50 } }),
      count('treatment_plants', 'Очистные сооружения', 20),
      num('treatment_plants_capacity', 'Мощность очистных сооружений', 'м³/сут', { seed: { min: 50, max: 5000 } }),
    ]),
    ...group('Пересечения водных объектов', [
      count('crossings_bridges', 'Мосты', 40),
      count('crossings_culverts', 'Водопропускные трубы', 200),
      count('crossings_underwater', 'Подводные переходы', 30),
      count('crossings_oil_pipelines', 'Переходы нефтепроводов', 50),
      count('crossings_gas_pipelines', 'Переходы газопроводов', 50),
    ]),
    ...group('Земельные ресурсы', [
      ...numbers('га', [
        ['land_usage', 'Используемые земли'],
        ['land_violated', 'Нарушенные земли'],
        ['land_polluted', 'Загрязнённые земли'],
        ['land_reclaimed', 'Рекультивированные земли'],
      ], { seed: { min: 0, max: 5000 } }),
      num('land_share', 'Доля нарушенных земель', '%', { seed: { min: 0, max: 30 } }),
      count('incidents_count', 'Аварии и инциденты', 30),
      num('incidents_volume', 'Объём разливов', 'т', { seed: { min: 0, max: 200 } }),
      num('incidents_land', 'Площадь загрязнения при авариях', 'га', { seed: { min: 0, max: 50 } }),
    ]),
    ...group('Отходы', [
      num('drilling_waste', 'Буровые отходы', 'т', { seed: { min: 0, max: 100000 } }),
      num('general_waste', 'Прочие отходы', 'т', { seed: { min: 0, max: 20000 } }),
      count('waste_storage_objects', 'Объекты хранения отходов', 50),
      num('waste_storage_area', 'Площадь объектов хранения', 'га', { seed: { min: 0, max: 100 } }),
      count('waste_accumulation_objects', 'Объекты накопления отходов', 100),
      num('waste_accumulation_area', 'Площадь объектов накопления', 'га', { seed: { min: 0, max: 40 } }),
      num('waste_recycled', 'Утилизировано отходов', 'т', { seed: { min: 0, max: 80000 } }),
      count('recycling_plants', 'Установки утилизации', 10),
      num('waste_deactivated', 'Обезврежено отходов', 'т', { seed: { min: 0, max: 20000 } }),
    ]),
  ],
  filters: [idFilter('company'), idFilter('area'), yearFilter()],
  order: [['year', 'desc']],
  pages: {
    detail: '/exposure-levels',
    scoped: [
      { parent: 'area', suffix: 'exposure-levels', filter: 'area' },
      { parent: 'company', suffix: 'exposure-levels', filter: 'company' },
    ],
  },
  seed: { per: 'area', where: { kind: ['licence_area'] }, years: YEARS_RECENT, density: 0.8 },
})

const costs = (pairs: Array<[string, string]>) => numbers('тыс. руб.', pairs, { seed: { min: 100, max: 90000 } })

export const environmentalIndicators = defineType({
  slug: 'environmental-indicators',
  table: 'environmental_indicators',
  title: 'Показатели природоохранной деятельности',
  itemTitle: 'Показатели природоохранной деятельности за {year} год: {area.name}',
  origin: 'generated',
  fields: [
    ...group('Общие сведения', [yearField(), companyField(), areaField(), text('certification', 'Сертификация системы экологического менеджмента', { seed: { pick: ['ISO 14001:2016', 'Нет', 'ГОСТ Р ИСО 14001-2016'] } })]),
    ...group('Затраты на природоохранную деятельность', withTotal(costs([
      ['total_costs', 'Всего'],
      ['disturbed_lands_costs', 'Рекультивация нарушенных земель'],
      ['sludge_depot_costs', 'Ликвидация шламовых амбаров'],
      ['associated_gas_costs', 'Утилизация попутного нефтяного газа'],
      ['accident_prevention_costs', 'Предупреждение аварий'],
      ['monitoring_costs', 'Экологический мониторинг'],
      ['management_systems_costs', 'Системы экологического менеджмента'],
      ['education_costs', 'Экологическое образование'],
      ['misc_costs', 'Прочие затраты'],
    ]), 'total_costs')),
  ],
  filters: [idFilter('company'), idFilter('area'), yearFilter()],
  order: [['year', 'desc']],
  pages: {
    detail: '/environmental-indicators',
    scoped: [
      { parent: 'area', suffix: 'environmental-indicators', filter: 'area' },
      { parent: 'company', suffix: 'environmental-indicators', filter: 'company' },
    ],
  },
  // One record per licence area and year, with the area's company: an area's and a company's lists both show rows.
  seed: { per: 'area', where: { kind: ['licence_area'] }, years: YEARS_RECENT, density: 0.6 },
})

export const stateForecasts = defineType({
  slug: 'ecomon-state-forecast',
  table: 'ecomon_state_forecasts',
  title: 'Прогноз экологической ситуации',
  itemTitle: 'Прогноз экологической ситуации на {year} год',
  origin: 'generated',
  fields: [
    ...group('Общие сведения', [yearField(), { ...areaField(), ref: { ...AREA_REF } }]),
    ...group('Фактическое состояние', [rate('avg_fact_rate', 'Средний фактический показатель'), level('fact_level', 'Фактический уровень')]),
    ...group('Краткосрочный прогноз (1–3 года)', [
      text('three_year_evolution', 'Динамика', { seed: { pick: ['Стабилизация', 'Улучшение', 'Ухудшение'] } }),
      rate('three_year_rate', 'Прогнозный показатель'),
      level('three_year_level', 'Прогнозный уровень'),
    ]),
    ...group('Среднесрочный прогноз (3–5 лет)', [rate('five_year_rate', 'Прогнозный показатель'), level('five_year_level', 'Прогнозный уровень')]),
    ...group('Вероятность изменений', [
      num('enhancement_regular', 'Улучшение', '%', { seed: { min: 0, max: 40 } }),
      num('degradation_safe', 'Безопасная деградация', '%', { seed: { min: 0, max: 40 } }),
      num('degradation_dangerous', 'Опасная деградация', '%', { seed: { min: 0, max: 20 } }),
      num('degradation_critical', 'Критическая деградация', '%', { seed: { min: 0, max: 10 } }),
    ]),
    ...group('Долгосрочный прогноз (5–10 лет)', [
      text('long_term_label', 'Прогноз', { seed: { pick: ['Благоприятный', 'Условно благоприятный', 'Неблагоприятный'] } }),
      text('long_term_description', 'Описание', { seed: { pick: ['Ожидается сохранение текущего состояния природной среды при соблюдении природоохранных мероприятий.', 'Возможно локальное ухудшение состояния поверхностных вод в зоне влияния объектов обустройства.'] } }),
      level('long_term_level', 'Уровень'),
    ]),
  ],
  filters: [idFilter('area'), yearFilter()],
  order: [['year', 'desc']],
  pages: { list: '/forecast-eco-situation', detail: '/forecasts', scoped: [{ parent: 'area', suffix: 'forecast', filter: 'area' }] },
  seed: { per: 'area', years: YEARS_REGIONAL, density: 0.8 },
})

export const stateFacts = defineType({
  slug: 'ecomon-state-facts',
  table: 'ecomon_state_facts',
  title: 'Оценка экологической ситуации',
  itemTitle: '{name} ({year})',
  origin: 'generated',
  fields: [
    ...group('Общие сведения', [
      text('name', 'Компонент природной среды', { required: true, seed: { pick: ['Атмосферный воздух', 'Поверхностные воды', 'Донные отложения', 'Почвы', 'Снежный покров', 'Растительность'] } }),
      yearField(),
      areaField(),
    ]),
    ...group('Оценка', [rate('rate', 'Показатель'), level('level', 'Уровень'), rate('complex_rate', 'Комплексный показатель'), level('complex_level', 'Комплексный уровень')]),
  ],
  filters: [
    { name: 'kind', kind: 'enum', column: 'kind', through: { table: 'areas', fk: 'area_id' }, options: Object.keys(AREA_KINDS) },
    idFilter('area'),
    yearFilter(),
    { name: 'name', kind: 'text', column: 'name' },
  ],
  order: [['year', 'desc'], ['name', 'asc']],
  pages: { list: '/estimate-eco-situation', detail: '/estimate-eco-situation', scoped: [{ parent: 'area', suffix: 'assessment', filter: 'area' }] },
  seed: { per: 'area', where: { kind: ['polygon_region_monitoring', 'polygon_YaNAO_monitoring', 'licence_area'] }, years: YEARS_REGIONAL, density: 0.5, count: 3 },
})

export const pollutionIndexes = defineType({
  slug: 'ecomon-poluttion-indexes',
  table: 'ecomon_pollution_indexes',
  title: 'Индексы загрязнения',
  itemTitle: 'Индекс загрязнения {grade_source} за {year} год',
  origin: 'generated',
  fields: [
    ...group('Общие сведения', [yearField(), areaField(), text('grade_source', 'Объект оценки', { seed: { pick: ['атмосферного воздуха', 'поверхностных вод', 'почв', 'донных отложений'] } })]),
    ...group('Оценка', [rate('rate', 'Индекс загрязнения'), level('level', 'Уровень загрязнения'), rate('complex_rate', 'Комплексный индекс'), level('complex_level', 'Комплексный уровень')]),
  ],
  filters: [idFilter('area'), yearFilter(), { name: 'grade_source', kind: 'text', column: 'grade_source' }],
  order: [['year', 'desc'], ['grade_source', 'asc']],
  pages: { detail: '/ecomon-pollution-indexes', scoped: [{ parent: 'area', suffix: 'pollution-indexes', filter: 'area' }] },
  seed: { per: 'area', years: YEARS_RECENT, density: 0.6, count: 2 },
})

export const recommendations = defineType({
  slug: 'ecomon-recommendations',
  table: 'ecomon_recommendations',
  title: 'Рекомендации',
  itemTitle: 'Рекомендации на {year} год',
  origin: 'generated',
  fields: [
    yearField(),
    areaField(),
    text('description', 'Рекомендации', {
      seed: {
        pick: [
          'Продолжить наблюдения за содержанием нефтепродуктов в поверхностных водах в зоне влияния кустовых площадок.',
          'Провести рекультивацию нарушенных земель у разведочных скважин в течение летнего сезона.',
          'Увеличить периодичность отбора проб снежного покрова вблизи факельных установок до двух раз в год.',
          'Обеспечить контроль состояния водопропускных сооружений на пересечениях с малыми водотоками.',
        ],
      },
    }),
  ],
  filters: [idFilter('area'), yearFilter()],
  order: [['year', 'desc']],
  pages: { detail: '/ecomon-recommendations', scoped: [{ parent: 'area', suffix: 'recommendations', filter: 'area' }] },
  seed: { per: 'area', years: YEARS_RECENT, density: 0.5 },
})

const hectares = (pairs: Array<[string, string]>) => numbers('га', pairs, { seed: { min: 0, max: 40 } })

export const mechanicalViolations = defineType({
  slug: 'mechanical-violations',
  table: 'mechanical_violations',
  title: 'Механические нарушения ландшафтов',
  itemTitle: 'Механические нарушения ландшафтов за {year} год',
  origin: 'generated',
  fields: [
    ...group('Общие сведения', [yearField(), areaField()]),
    ...group('Эрозия', withTotal(hectares([
      ['erosion_extremely', 'Чрезвычайно сильная'],
      ['erosion_strong', 'Сильная'],
      ['erosion_moderate', 'Умеренная'],
      ['erosion_low', 'Слабая'],
      ['erosion_very_low', 'Очень слабая'],
      ['erosion_total', 'Итого'],
    ]), 'erosion_total')),
    ...group('Восстановление', withTotal(hectares([
      ['recovery_full', 'Полное'],
      ['recovery_partial', 'Частичное'],
      ['recovery_none', 'Отсутствует'],
      ['recovery_total', 'Итого'],
    ]), 'recovery_total')),
    ...group('Экзогенные процессы', withTotal(hectares([
      ['thermokarst', 'Термокарст'],
      ['cryogenic_slide', 'Криогенное оползание'],
      ['frost_cracking', 'Морозобойное растрескивание'],
      ['thermal_erosion', 'Термоэрозия'],
      ['thermoabrasion', 'Термоабразия'],
      ['deflation', 'Дефляция'],
      ['channel_processes', 'Русловые процессы'],
      ['soil_swelling', 'Пучение грунтов'],
      ['landslides', 'Оползни'],
      ['flooding', 'Подтопление'],
      ['exogenous_total', 'Итого'],
    ]), 'exogenous_total')),
    ...group('Итоги', [text('results', 'Выводы', { seed: { pick: ['Нарушения носят локальный характер и приурочены к объектам обустройства.', 'Отмечено развитие термоэрозии вдоль линейных объектов.'] } })]),
  ],
  filters: [idFilter('area'), yearFilter()],
  order: [['year', 'desc']],
  pages: { detail: '/mechanical-violations', scoped: [{ parent: 'area', suffix: 'mechanical-violations', filter: 'area' }] },
  seed: { per: 'area', where: { kind: ['licence_area'] }, years: YEARS_RECENT, density: 0.5 },
})

export const areaIndicatorTypes = [exposureLevels, environmentalIndicators, stateForecasts, stateFacts, pollutionIndexes, recommendations, mechanicalViolations]
