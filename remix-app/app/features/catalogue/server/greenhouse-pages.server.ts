// The greenhouse-gas pages (catalogue.md §2.8): the start page per year with its two sections (for all companies or
// one), the list of emissions titled with the chosen company, year and category, and the categories table.
import type { AppLoadContext } from '@remix-run/node'
import { formatNumber, parseFiltersLenient } from '@portal/workflow-service/registry.ts'
import { GASES } from '@portal/workflow-service/commands.server.ts'
import { companyCrumbs, HOME, type Crumb } from '../../../utils/links.ts'
import { listView, recordsOf, type Tab, typeOrThrow } from './views.server.ts'
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

export interface YearSections {
  year: number
  title: string
  sections: Array<{ title: string; to: string }>
}

/** The years with greenhouse data, newest first, each giving its two sections: the emission categories and the
 *  emission-reduction activities of that year (for one company when given). */
export async function greenhouseStart(context: AppLoadContext, company?: { id: number; name: string }): Promise<YearSections[]> {
  const [gases, activities] = await Promise.all([
    context.catalogue.years(context.useCaseContext, { type: 'greenhouse-gases', filters: company ? { responsible__company: company.id } : {} }).then(readValue),
    context.catalogue.years(context.useCaseContext, { type: 'greenhouse-gases-activities', filters: company ? { company: company.id } : {} }).then(readValue),
  ])
  const years = [...new Set([...gases, ...activities])].sort((a, b) => b - a)
  const base = company ? `/companies/${company.id}/` : '/'
  return years.map((year) => ({
    year,
    title: `${year} год`,
    sections: [
      { title: 'Категории выбросов', to: `${base}greenhousegases-categories?year=${year}` },
      { title: 'Мероприятия по сокращению выбросов', to: `${base}greenhousegases-activities?year=${year}` },
    ],
  }))
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
  return { title, crumbs: [HOME, { title: 'Парниковые газы', to: '/greenhouse-gases' }, ...(title !== 'Парниковые газы' ? [{ title, to: '/greenhouse-gases' }] : [])], controls, list: { ...list, records: [] } }
}

/** The start page of the greenhouse gases, for every company (/greenhouse-gases, /gas-emissions) or one
 *  (/companies/{id}/gasemissions). */
export async function greenhouseStartPage(context: AppLoadContext, company?: { id: number; name: string }, tabs: Tab[] = []) {
  const title = company ? `Парниковые газы: ${company.name}` : 'Парниковые газы'
  const crumbs: Crumb[] = company ? [...companyCrumbs(company), { title: 'Парниковые газы', to: `/companies/${company.id}/gasemissions` }] : [HOME, { title, to: '/greenhouse-gases' }]
  return { title, crumbs, tabs, years: await greenhouseStart(context, company) }
}
