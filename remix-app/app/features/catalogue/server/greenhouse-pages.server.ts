// The greenhouse-gas categories table (for all companies or one), per reporting year.
import type { AppLoadContext } from '@remix-run/node'
import { formatNumber } from '@portal/workflow-service/catalogue/format.ts'
import { GASES } from '@portal/workflow-service/catalogue/greenhouse-report.server.ts'
import { HOME, type Crumb } from '../../../utils/links.ts'
import type { FilterControl } from './views.server.ts'

export const GAS_LABELS: Record<(typeof GASES)[number], string> = { co2: 'CO2', ch4: 'CH4', n2o: 'N2O', sf6: 'SF6', c2f6: 'C2F6', chf3: 'CHF3', cf4: 'CF4', total: 'Всего, т CO2-экв.' }

export async function categoriesTable(context: AppLoadContext, params: URLSearchParams, company?: { id: number; name: string }) {
  const years = await context.catalogue.years(context.useCaseContext, { type: 'greenhouse-gases', filters: company ? { company: company.id } : {} })
  const asked = Number(params.get('year'))
  const year = years.includes(asked) ? asked : years[0]
  const rows = year ? await context.catalogue.greenhouseCategoryTotals(context.useCaseContext, { year, ...(company ? { company: company.id } : {}) }) : []
  const control: FilterControl = { name: 'year', label: 'Отчетный период', kind: 'select', value: year ? String(year) : '', options: years.map((y) => ({ value: String(y), label: String(y) })) }
  const title = `Категории выбросов парниковых газов${company ? `: ${company.name}` : ''}${year ? `, ${year} год` : ''}`
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
