// Greenhouse-gas emissions of the companies of kind gas_emissions: categories, emissions per gas, reduction activities.
import { companyField, group, idFilter, num, ref, text, yearField, yearFilter } from './fields.ts'
import { defineType, type FieldDef } from './types.ts'
import { YEARS_RECENT } from './years.ts'

export const greenhouseCategories = defineType({
  slug: 'greenhouse-gases-categories',
  table: 'greenhouse_categories',
  title: 'Категории источников выбросов',
  itemTitle: '{name}',
  origin: 'generated',
  fields: [text('name', 'Наименование', { required: true })],
  filters: [],
  order: [['id', 'asc']],
  reference: 'greenhouse_categories',
  seed: {
    per: 'none',
    rows: [
      { name: 'Стационарное сжигание топлива' },
      { name: 'Сжигание в факелах' },
      { name: 'Фугитивные выбросы' },
      { name: 'Транспорт' },
      { name: 'Производство электрической и тепловой энергии' },
      { name: 'Косвенные выбросы от потребления энергии' },
    ],
  },
})

const gas = (name: string, label: string, max: number): FieldDef => num(name, label, 'т', { decimals: 3, seed: { min: 0, max } })

export const greenhouseGases = defineType({
  slug: 'greenhouse-gases',
  table: 'greenhouse_gases',
  title: 'Парниковые газы',
  itemTitle: 'Выбросы парниковых газов: {company.name}, {greenhouse_category.name}, {year}',
  origin: 'generated',
  fields: [
    ...group('Общие сведения', [
      yearField(),
      ref('greenhouse_category', 'Категория источников', { table: 'greenhouse_categories', embed: ['id', 'name'], type: 'greenhouse-gases-categories' }, { required: true }),
      { ...companyField({ required: true }), label: 'Ответственное предприятие' },
    ]),
    ...group('Выбросы', [
      gas('co2', 'CO2', 500000),
      gas('ch4', 'CH4', 5000),
      gas('n2o', 'N2O', 50),
      gas('sf6', 'SF6', 0.5),
      gas('c2f6', 'C2F6', 0.1),
      gas('chf3', 'CHF3', 0.1),
      gas('cf4', 'CF4', 0.1),
      num('total', 'Всего', 'т CO2-экв.', { decimals: 3, seed: { min: 1000, max: 700000 } }),
    ]),
  ],
  filters: [
    yearFilter(),
    idFilter('greenhouse_category'),
    { name: 'responsible__company', kind: 'id', column: 'company_id' },
    idFilter('company'),
  ],
  order: [['year', 'desc'], ['greenhouse_category_id', 'asc']],
  pages: { list: '/greenhouse-gases', detail: '/greenhouse-gases', scoped: [{ parent: 'company', suffix: 'greenhousegases', filter: 'responsible__company' }] },
  listFields: ['total'],
  upload: {
    reportType: 'greenhouse_gases',
    fromReport: [{ column: 'company_id', source: 'company_id' }],
    lookups: {
      greenhouse_category: {
        by: 'name',
        hint: 'наименование',
        explanation: 'наименование категории источников выбросов',
        notFound: 'нет в справочнике',
      },
    },
    templates: [
      {
        id: 'greenhouse_gases',
        name: 'Парниковые газы',
        downloadName: 'Шаблон — парниковые газы.xlsx',
        example: { year: 2025, greenhouse_category: 'Стационарное сжигание топлива', co2: 125000.5, ch4: 310.25, n2o: 2.1, sf6: 0, c2f6: 0, chf3: 0, cf4: 0, total: 133400.125 },
      },
    ],
  },
  seed: { per: 'company', where: { kind: ['gas_emissions'] }, years: YEARS_RECENT, eachOf: 'greenhouse_category' },
})

export const greenhouseActivities = defineType({
  slug: 'greenhouse-gases-activities',
  table: 'greenhouse_activities',
  title: 'Мероприятия по сокращению выбросов',
  // Every company has its own: the title names it, so twenty of them are told apart in lists and tabs.
  itemTitle: 'Мероприятия по сокращению выбросов: {company.name}, {year} год',
  origin: 'generated',
  fields: [
    yearField(),
    companyField({ required: true }),
    text('activities', 'Мероприятия', {
      seed: {
        pick: [
          'Повышение уровня полезного использования попутного нефтяного газа; замена факельных оголовков.',
          'Перевод котельных на газовое топливо; внедрение системы обнаружения утечек метана.',
          'Модернизация газоперекачивающих агрегатов; снижение стравливания газа при ремонтах.',
        ],
      },
    }),
  ],
  filters: [idFilter('company'), yearFilter()],
  order: [['year', 'desc']],
  pages: { list: '/greenhousegases-activities', detail: '/greenhousegases-activities', scoped: [{ parent: 'company', suffix: 'greenhousegases-activities', filter: 'company' }] },
  seed: { per: 'company', where: { kind: ['gas_emissions'] }, years: YEARS_RECENT },
})

export const greenhouseTypes = [greenhouseCategories, greenhouseGases, greenhouseActivities]
