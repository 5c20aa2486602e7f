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

const gas = (name: string, label: string, max: number): FieldDef => num(name, label, 'т', { seed: { min: 0, max } })

/**
 * Global warming potentials over 100 years (IPCC, Fourth Assessment Report): the tonnes of CO2 one tonne of each gas
 * counts as. «Всего, т CO2-экв.» is the sum of each gas times its potential, so it is never below the CO2 alone.
 */
export const GLOBAL_WARMING_POTENTIALS: Readonly<Record<string, number>> = { co2: 1, ch4: 25, n2o: 298, sf6: 22800, c2f6: 12200, chf3: 14800, cf4: 7390 }

/** The CO2-equivalent total of one row's gases (tonnes), to 3 decimals as the catalogue shows it. */
export function co2Equivalent(row: Readonly<Record<string, unknown>>): number {
  let total = 0
  for (const [gas, potential] of Object.entries(GLOBAL_WARMING_POTENTIALS)) total += (Number(row[gas]) || 0) * potential
  return Number(total.toFixed(3))
}

/**
 * How far a file's «Всего» may stand from the sum of its gases times their potentials: a tonne, or a thousandth of the
 * sum when that is more (a total rounded to whole tonnes of a large inventory). Beyond it the row is an error.
 */
export const CO2_EQUIVALENT_TOLERANCE = { absolute: 1, relative: 0.001 } as const

const EXAMPLE_GASES = { co2: 125000.5, ch4: 310.25, n2o: 2.1, sf6: 0, c2f6: 0, chf3: 0, cf4: 0 }

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
      num('total', 'Всего', 'т CO2-экв.', { seed: { weightedSumOf: GLOBAL_WARMING_POTENTIALS } }),
    ]),
  ],
  filters: [
    yearFilter(),
    idFilter('greenhouse_category'),
    { name: 'responsible__company', kind: 'id', column: 'company_id' },
    idFilter('company'),
  ],
  order: [['year', 'desc'], ['greenhouse_category_id', 'asc']],
  pages: { list: '/greenhouse-gases', detail: '/greenhouse-gases', scoped: [{ parent: 'company', suffix: 'greenhousegases', filter: 'responsible__company', headedByChoices: true }] },
  listFields: ['total'],
  upload: {
    reportType: 'greenhouse_gases',
    fromReport: [{ column: 'company_id', source: 'company_id' }],
    // One line of the inventory: a company's category of sources in a year.
    naturalKey: ['company', 'year', 'greenhouse_category'],
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
        example: (year: number) => ({ year, greenhouse_category: 'Стационарное сжигание топлива', ...EXAMPLE_GASES, total: co2Equivalent(EXAMPLE_GASES) }),
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
