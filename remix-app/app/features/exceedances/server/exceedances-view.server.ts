// The exceedances page's data: the readings above their ПДК with the filters of the address (year, company, area,
// substance; a value the selects do not offer counts as none, as on the map), one page of the list sorted by the
// multiple, the count per year for the chart, and the export addresses carrying the filters.
import type { AppLoadContext } from '@remix-run/node'
import type { Exceedance, ExceedanceFilters } from '@portal/workflow-service/catalogue/exceedances.server.ts'
import type { FilterControl } from '../../catalogue/server/views.server.ts'
import { readValue } from '../../../utils/use-case-answers.server.ts'

export const PAGE_SIZE = 50

const select = (name: string, label: string, value: string, options: Array<{ value: string; label: string }>): FilterControl => ({
  name,
  label,
  kind: 'select',
  value,
  options: [{ value: '', label: 'Все' }, ...options],
})

function chosenId(params: URLSearchParams, name: string, offered: ReadonlyArray<{ id: number }>): number | undefined {
  const asked = Number(params.get(name))
  return offered.some((o) => o.id === asked) ? asked : undefined
}

export async function exceedancesView(context: AppLoadContext, params: URLSearchParams) {
  const { catalogue, useCaseContext } = context
  const all = await catalogue.exceedanceChoices(useCaseContext, {}).then(readValue)
  const company = chosenId(params, 'company', all.companies)
  const choices = company === undefined ? all : await catalogue.exceedanceChoices(useCaseContext, { company }).then(readValue)
  const year = all.years.includes(Number(params.get('year'))) ? Number(params.get('year')) : undefined
  const area = chosenId(params, 'area', choices.areas)
  const substance = all.substances.includes(params.get('substance') ?? '') ? params.get('substance')! : undefined
  const filters: ExceedanceFilters = { year, company, area, substance }
  const applied = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]))

  const asked = Number(params.get('page'))
  const page = Number.isInteger(asked) && asked > 1 && asked <= 100_000 ? asked : 1
  const found = await catalogue.exceedances(useCaseContext, { ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }).then(readValue)
  const perYear = await catalogue.exceedancesPerYear(useCaseContext, { company, area, substance }).then(readValue)
  const pages = Math.max(1, Math.ceil(found.count / PAGE_SIZE))
  const pageHref = (n: number) => `?${new URLSearchParams({ ...applied, ...(n > 1 ? { page: String(n) } : {}) })}`
  const download = (format: string) => `/api/v1/exceedances/?${new URLSearchParams({ ...applied, format })}`

  const controls: FilterControl[] = [
    select('year', 'Год', year === undefined ? '' : String(year), all.years.map((y) => ({ value: String(y), label: String(y) }))),
    select('company', 'Предприятие', company === undefined ? '' : String(company), all.companies.map((c) => ({ value: String(c.id), label: c.name }))),
    select('area', 'Участок', area === undefined ? '' : String(area), choices.areas.map((a) => ({ value: String(a.id), label: a.name }))),
    select('substance', 'Вещество', substance ?? '', all.substances.map((s) => ({ value: s, label: s }))),
  ]
  return {
    controls,
    rows: found.results as Exceedance[],
    count: found.count,
    page,
    pages,
    previous: page > 1 ? pageHref(page - 1) : null,
    next: page < pages ? pageHref(page + 1) : null,
    perYear,
    downloads: { csv: download('csv'), xlsx: download('xlsx') },
  }
}
