// Reference lists and documents: soil types, report templates, scientific research, regional report areas.
import { date, group, int, link, num, searchFilter, text, yearField, yearFilter } from './fields.ts'
import { defineType, type FieldDef } from './types.ts'
import { YEARS_ALL, YEARS_REGIONAL } from './years.ts'

export const soilTypes = defineType({
  slug: 'soil-type',
  table: 'soil_types',
  title: 'Типы почв',
  itemTitle: '{name}',
  origin: 'generated',
  fields: [text('name', 'Наименование', { required: true })],
  filters: [],
  order: [['name', 'asc']],
  reference: 'soil_types',
  seed: {
    per: 'none',
    rows: ['Тундровые глеевые', 'Подзолы', 'Торфяные олиготрофные', 'Аллювиальные', 'Криоземы', 'Глееземы'].map((name) => ({ name })),
  },
})

export const reportTemplates = defineType({
  slug: 'report-templates',
  table: 'report_templates',
  title: 'Справочники',
  itemTitle: '{name}',
  origin: 'generated',
  fields: [
    text('name', 'Наименование', { required: true }),
    text('init_filename', 'Имя файла', { required: true }),
    link('filepath', 'Файл', { required: true }),
    date('date', 'Дата'),
    int('size', 'Размер', 'байт'),
  ],
  filters: [searchFilter()],
  order: [['name', 'asc']],
  // portal-and-workflow.md §7: «GET /api/v1/report-templates/ | none. Returns a list.»
  answer: 'array',
})

export const scientificResearches = defineType({
  slug: 'scientific-researches',
  table: 'scientific_researches',
  title: 'Научные исследования',
  itemTitle: '{name}',
  origin: 'generated',
  fields: [
    text('name', 'Наименование', { required: true }),
    yearField(),
    text('implementer', 'Исполнитель', { seed: { pick: ['ФГБУН Институт экологии растений и животных УрО РАН', 'ГКУ ЯНАО «Научный центр изучения Арктики»', 'Тюменский государственный университет', 'ФГБУ «Обь-Иртышское УГМС»'] } }),
    text('location', 'Место проведения', { seed: { pick: ['Ямальский район', 'Тазовский район', 'Приуральский район', 'Пуровский район', 'Надымский район'] } }),
    text('purpose', 'Цель', { seed: { pick: ['Оценка современного состояния экосистем и их устойчивости к антропогенному воздействию.', 'Изучение динамики многолетнемёрзлых пород в зоне освоения месторождений.'] } }),
    text('tasks', 'Задачи', { seed: { pick: ['Полевые обследования, отбор и анализ проб, картографирование, подготовка рекомендаций.'] } }),
    text('content', 'Содержание работ', { seed: { pick: ['Выполнены маршрутные наблюдения, заложены пробные площадки, проведён химический анализ проб почв и вод.'] } }),
    link('report_file', 'Отчёт'),
    text('conclusion', 'Заключение', { seed: { pick: ['Состояние экосистем оценивается как удовлетворительное; выявлены локальные очаги нарушений.', 'Рекомендовано продолжить мониторинг ключевых участков.'] } }),
  ],
  filters: [searchFilter(), yearFilter()],
  order: [['year', 'desc'], ['name', 'asc']],
  pages: { list: '/scientific-research', detail: '/scientific-research' },
  listFields: ['implementer'],
  seed: {
    per: 'none',
    rows: YEARS_ALL.flatMap((year, i) => [
      { name: `Мониторинг состояния популяции северного оленя (${year})`, year },
      { name: `Исследование многолетнемёрзлых пород на ключевом участке ${i + 1}`, year },
    ]),
  },
})

const total = (name: string, label: string, unit: string, max: number, nest?: string): FieldDef =>
  num(name, label, unit, { integer: unit === 'шт.', ...(nest ? { nest } : {}), seed: { min: 1, max } })

function reportAreaTotals(year: number, i: number): Record<string, unknown> {
  const points = [120 + 9 * i, 140 + 7 * i, 160 + 11 * i]
  const samples = [900 + 40 * i, 1100 + 35 * i, 1300 + 50 * i]
  return {
    name: `Специализированные наблюдения в пределах лицензионных участков, ${year} год`,
    year,
    explored_areas_total: 48 + 3 * i,
    complex_areas_total: 21 + 2 * i,
    measure_points_ambient_air: points[0],
    measure_points_surface_water: points[1],
    measure_points_soils: points[2],
    measure_points_total: points[0] + points[1] + points[2],
    observation_routes_length: 420 + 25 * i,
    samples_ambient_air: samples[0],
    samples_surface_water: samples[1],
    samples_soils: samples[2],
    samples_total: samples[0] + samples[1] + samples[2],
  }
}

export const regionalReportAreas = defineType({
  slug: 'ecomon-regional-report-areas',
  table: 'ecomon_regional_report_areas',
  title: 'Специализированные наблюдения в пределах лицензионных участков',
  itemTitle: '{name}',
  origin: 'generated',
  fields: [
    ...group('Общие сведения', [
      text('name', 'Наименование', { required: true }),
      yearField(),
      total('explored_areas_total', 'Обследовано лицензионных участков', 'шт.', 80),
      total('complex_areas_total', 'Из них комплексно', 'шт.', 40),
    ]),
    ...group('Показатели', [
      total('measure_points_total', 'Пунктов наблюдения, всего', 'шт.', 900, 'indicators'),
      total('measure_points_ambient_air', 'Атмосферный воздух', 'шт.', 200, 'indicators'),
      total('measure_points_surface_water', 'Поверхностные воды', 'шт.', 200, 'indicators'),
      total('measure_points_soils', 'Почвы', 'шт.', 200, 'indicators'),
      num('observation_routes_length', 'Протяжённость маршрутов наблюдения', 'км', { nest: 'indicators', seed: { min: 50, max: 900 } }),
      total('samples_total', 'Проб, всего', 'шт.', 5000, 'indicators'),
      total('samples_ambient_air', 'Проб атмосферного воздуха', 'шт.', 1500, 'indicators'),
      total('samples_surface_water', 'Проб поверхностных вод', 'шт.', 1500, 'indicators'),
      total('samples_soils', 'Проб почв', 'шт.', 1500, 'indicators'),
    ]),
  ],
  filters: [yearFilter()],
  order: [['year', 'desc']],
  pages: { list: '/reports-area', detail: '/reports-area' },
  // Totals that add up: «из них комплексно» never exceeds the areas examined, a total is the sum of its parts.
  seed: { per: 'none', rows: YEARS_REGIONAL.map((year, i) => reportAreaTotals(year, i)) },
})

export const referenceTypes = [soilTypes, reportTemplates, scientificResearches, regionalReportAreas]
