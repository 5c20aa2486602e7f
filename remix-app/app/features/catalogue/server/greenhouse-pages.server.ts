// The greenhouse-gas pages (catalogue.md §2.8): the start page per year with its two sections (for all companies or
// one), the list of emissions titled with the chosen company, year and category, and the categories table.
import type { AppLoadContext } from '@remix-run/node'
import { formatNumber, GLOBAL_WARMING_POTENTIALS, greenhouseGases, parseFiltersLenient } from '@portal/workflow-domain/registry.ts'
import { formatCount } from '../../../utils/russian-format.ts'
import { GASES } from '@portal/workflow-domain/commands.server.ts'
import { withSubscripts } from '../../../utils/chemical-formula.ts'
import { companyCrumbs, HOME, type Crumb } from '../../../utils/links.ts'
import { type ListView, listView, recordsOf, type Tab, typeOrThrow } from './views.server.ts'
import { type FilterControl } from '../../../components/filter-form.tsx'
import { readValue } from '../../../utils/use-case-answers.server.ts'
import { headedByChoices } from './headed-by-choices.ts'

// Each gas's header names its unit; the formulas are written with subscripts.
export const GAS_LABELS: Record<(typeof GASES)[number], string> = { co2: 'CO₂, т', ch4: 'CH₄, т', n2o: 'N₂O, т', sf6: 'SF₆, т', c2f6: 'C₂F₆, т', chf3: 'CHF₃, т', cf4: 'CF₄, т', total: 'Всего, т CO₂-экв.' }

export async function categoriesTable(context: AppLoadContext, params: URLSearchParams, company?: { id: number; name: string }) {
  const years = await context.catalogue.years(context.useCaseContext, { type: 'greenhouse-gases', filters: company ? { company: company.id } : {} }).then(readValue)
  const asked = Number(params.get('year'))
  // No year in the address: the latest; 'Все' (an empty year) sums every year.
  const all = params.has('year') && params.get('year') === ''
  const year = all ? undefined : years.includes(asked) ? asked : years[0]
  const rows = year || all ? await context.catalogue.greenhouseCategoryReport(context.useCaseContext, { ...(year ? { year: String(year) } : {}), ...(company ? { company: String(company.id) } : {}) }).then(readValue) : []
  const control: FilterControl = {
    name: 'year',
    label: 'Отчетный период',
    kind: 'select',
    value: year ? String(year) : '',
    options: [{ value: '', label: 'Все' }, ...years.map((y) => ({ value: String(y), label: String(y) }))],
  }
  const title = `Категории выбросов парниковых газов${company ? `: ${company.name}` : ''}${year ? `, ${year} год` : all ? ', все годы' : ''}`
  const crumbs: Crumb[] = company
    ? [HOME, { title: 'Предприятия', to: '/companies' }, { title: company.name, to: `/companies/${company.id}` }, { title: 'Категории выбросов', to: `/companies/${company.id}/greenhousegases-categories` }]
    : [HOME, { title: 'Парниковые газы', to: '/greenhouse-gases' }, { title: 'Категории выбросов', to: '/greenhousegases-categories' }]
  return {
    title,
    crumbs,
    controls: [control],
    columns: ['Категория', ...GASES.map((g) => GAS_LABELS[g])],
    rows: rows.map((r) => ({ id: r.id, cells: [r.name, ...GASES.map((g) => formatNumber(Number(r[g]), 3))] })),
  }
}

export interface YearSection {
  title: string
  to: string
  /** Which section it is: its accent and emblem on the page. */
  kind: 'emissions' | 'activities'
  /** What the section holds that year, in words («Всего 1 234,5 т CO₂-экв.», «Записей: 6»); empty when nothing. */
  facts: string[]
}

export interface YearSections {
  year: number
  title: string
  /** The newest reporting year: its block is marked as the latest. */
  latest: boolean
  sections: YearSection[]
}

const RECORDS: [string, string, string] = ['запись', 'записи', 'записей']
const COMPANIES_GENITIVE: [string, string, string] = ['предприятия', 'предприятий', 'предприятий']

/**
 * The years with greenhouse data, newest first, each giving its two sections: the emission categories and the
 * emission-reduction activities of that year (for one company when given), each tile saying what it holds that year
 * (the CO₂-equivalent total and the count of records; the count of activity records) from one count per year.
 */
export async function greenhouseStart(context: AppLoadContext, company?: { id: number; name: string }): Promise<YearSections[]> {
  const [gases, activities] = await Promise.all([
    context.catalogue.yearlyValues(context.useCaseContext, { type: 'greenhouse-gases', filters: company ? { responsible__company: company.id } : {}, fields: ['total'], aggregate: 'sum' }).then(readValue),
    context.catalogue.yearlyValues(context.useCaseContext, { type: 'greenhouse-gases-activities', filters: company ? { company: company.id } : {}, fields: [], aggregate: 'sum' }).then(readValue),
  ])
  const gasesOf = new Map(gases.map((g) => [g.year, g]))
  const activitiesOf = new Map(activities.map((a) => [a.year, a.count]))
  const years = [...new Set([...gasesOf.keys(), ...activitiesOf.keys()])].sort((a, b) => b - a)
  const base = company ? `/companies/${company.id}/` : '/'
  return years.map((year, i) => {
    const emitted = gasesOf.get(year)
    const total = emitted?.values.total
    const acts = activitiesOf.get(year) ?? 0
    return {
      year,
      title: `${year} год`,
      latest: i === 0,
      sections: [
        {
          title: 'Категории выбросов',
          to: `${base}greenhousegases-categories?year=${year}`,
          kind: 'emissions',
          facts: emitted
            ? [...(typeof total === 'number' ? [`Всего ${formatNumber(total, 3)} т CO₂-экв.`] : []), `${formatCount(emitted.count, RECORDS)} по категориям источников`]
            : ['Нет данных'],
        },
        {
          title: 'Мероприятия по сокращению выбросов',
          to: `${base}greenhousegases-activities?year=${year}`,
          kind: 'activities',
          facts: acts > 0 ? [company ? formatCount(acts, RECORDS) : `Мероприятия ${formatCount(acts, COMPANIES_GENITIVE)}`] : ['Нет данных'],
        },
      ],
    }
  })
}

export interface GasSummary {
  caption: string
  columns: string[]
  /** A row per gas: its name, the tonnes emitted, their CO₂ equivalent. */
  rows: Array<{ id: number; cells: string[] }>
  /** The year's «Всего, т CO₂-экв.» as the records give it. */
  total: string[]
  /** The chart by gas: each gas's CO₂ equivalent (tonnes of different gases compare only so). */
  bars: Array<{ label: string; value: number }>
}

/**
 * A company's greenhouse gases in one year as one table (catalogue.md §2.8, the detail «covers emissions per gas»):
 * each gas summed over the categories of sources, in tonnes and in CO₂ equivalent (the global warming potentials the
 * file check uses), and the records' own total; null when the company has no records that year.
 */
export async function companyYearGases(context: AppLoadContext, company: { id: number; name: string }, year: number): Promise<GasSummary | null> {
  const categories = await context.catalogue.greenhouseCategoryReport(context.useCaseContext, { year: String(year), company: String(company.id) }).then(readValue)
  const sum = (gas: string) => categories.reduce((acc, row) => acc + Number(row[gas as keyof typeof row] ?? 0), 0)
  const total = sum('total')
  const gases = GASES.filter((g) => g !== 'total')
  if (gases.every((g) => sum(g) === 0) && total === 0) return null
  const label = (name: string) => withSubscripts(greenhouseGases.fields.find((f) => f.name === name)?.label ?? name)
  const rows = gases.map((gas, i) => {
    const tonnes = sum(gas)
    return { id: i + 1, gas, tonnes, equivalent: tonnes * (GLOBAL_WARMING_POTENTIALS[gas] ?? 0) }
  })
  return {
    caption: `Выбросы по газам, ${year} год`,
    columns: ['Газ', 'Выброс, т', 'CO₂-эквивалент, т'],
    rows: rows.map((r) => ({ id: r.id, cells: [label(r.gas), formatNumber(r.tonnes, 3), formatNumber(r.equivalent, 3)] })),
    total: [GAS_LABELS.total, '', formatNumber(total, 3)],
    bars: rows.map((r) => ({ label: label(r.gas), value: Number(r.equivalent.toFixed(3)) })),
  }
}

/**
 * One company's emissions in one year: the table and chart by gas above the list, whose rows then name only their
 * category and year (the heading names the company once). Any other choice leaves the list as it is.
 */
export async function withCompanyYear(context: AppLoadContext, list: ListView, company: { id: number; name: string } | undefined, year: number | undefined): Promise<{ list: ListView; gases: GasSummary | null }> {
  if (!company || year === undefined) return { list, gases: null }
  const gases = list.count > 0 ? await companyYearGases(context, company, year) : null
  return { list: { ...list, items: list.items.map((item) => ({ ...item, title: item.title.replace(`: ${company.name}, `, ': ') })) }, gases }
}

export const GREENHOUSE_FILTERS = ['year', 'greenhouse_category', 'responsible__company'] as const

/** Whether a /greenhouse-gases address chose any filter (else it is the start page per year). */
export function choseFilter(params: URLSearchParams): boolean {
  return GREENHOUSE_FILTERS.some((name) => params.has(name))
}

/** The emissions list with its filters, headed with the chosen company, year and category. */
export async function greenhouseList(context: AppLoadContext, params: URLSearchParams) {
  const type = typeOrThrow('greenhouse-gases')
  const list = await listView(context, type, params, {}, [...GREENHOUSE_FILTERS])
  const [years, categories, companies] = await Promise.all([
    context.catalogue.years(context.useCaseContext, { type: type.slug, filters: {} }).then(readValue),
    context.catalogue.referenceRows(context.useCaseContext, { type: 'greenhouse-gases-categories' }).then(readValue),
    recordsOf(context, 'companies', { kind: 'gas_emissions' }, 1000),
  ])
  const companyRows = companies.results as Array<{ id: number; name: string }>
  const chosen = (name: string) => params.get(name) ?? ''
  const year = years.find((y) => String(y) === chosen('year'))
  const category = categories.find((c) => String(c.id) === chosen('greenhouse_category'))
  const company = companyRows.find((c) => String(c.id) === chosen('responsible__company'))
  // The year the list is filtered by heads it even when no company filed that year, as on a company's own tab.
  const filteredYear = parseFiltersLenient(type, params, ['year']).year
  const title = headedByChoices('Парниковые газы', company?.name, typeof filteredYear === 'number' ? filteredYear : undefined, category?.name)
  const controls: FilterControl[] = [
    { name: 'year', label: 'Отчетный период', kind: 'select', value: year ? String(year) : '', options: [{ value: '', label: 'Все' }, ...years.map((y) => ({ value: String(y), label: String(y) }))] },
    { name: 'greenhouse_category', label: 'Категория источников', kind: 'select', value: category ? String(category.id) : '', options: [{ value: '', label: 'Все' }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))] },
    { name: 'responsible__company', label: 'Предприятие', kind: 'select', value: company ? String(company.id) : '', options: [{ value: '', label: 'Все' }, ...companyRows.map((c) => ({ value: String(c.id), label: c.name }))] },
  ]
  const shown = await withCompanyYear(context, list, company, typeof filteredYear === 'number' ? filteredYear : undefined)
  return { title, crumbs: [HOME, { title: 'Парниковые газы', to: '/greenhouse-gases' }, ...(title !== 'Парниковые газы' ? [{ title, to: '/greenhouse-gases' }] : [])], controls, list: { ...shown.list, records: [] }, gases: shown.gases }
}

/** The start page of the greenhouse gases, for every company (/greenhouse-gases, /gas-emissions) or one
 *  (/companies/{id}/gasemissions). */
export async function greenhouseStartPage(context: AppLoadContext, company?: { id: number; name: string }, tabs: Tab[] = []) {
  const title = company ? `Парниковые газы: ${company.name}` : 'Парниковые газы'
  const crumbs: Crumb[] = company ? [...companyCrumbs(company), { title: 'Парниковые газы', to: `/companies/${company.id}/gasemissions` }] : [HOME, { title, to: '/greenhouse-gases' }]
  return { title, crumbs, tabs, years: await greenhouseStart(context, company) }
}
