// The exceedances page's data: the readings above their ПДК with the filters of the address (year, company, area,
// substance), one page of the list sorted by the multiple, the count per year for the chart, and the export addresses
// carrying the filters. A malformed filter is the 400 page naming the field (decision 2650).
import { type AppLoadContext, data } from '@remix-run/node'
import type { Exceedance, ExceedanceFilters } from '@portal/workflow-domain/commands.server.ts'
import { FilterError, parseFilterValue } from '@portal/workflow-domain/registry.ts'
import type { FilterDef } from '@portal/workflow-domain/registry.ts'
import { CONTROL_CHARACTERS } from '@portal/workflow-domain/views.ts'
import type { FilterControl } from '../../../components/filter-form.tsx'
import { readValue } from '../../../utils/use-case-answers.server.ts'

export const PAGE_SIZE = 50
const LAST_PAGE = 100_000

/** The address's parameters, each with the label its select shows: a refusal names the field as the page does. */
const PARAMETERS: ReadonlyArray<FilterDef & { label: string }> = [
  { name: 'year', kind: 'year', column: 'year', label: 'Год' },
  { name: 'company', kind: 'id', column: 'company_id', label: 'Предприятие' },
  { name: 'area', kind: 'id', column: 'area_id', label: 'Участок' },
  { name: 'substance', kind: 'text', column: 'name', label: 'Вещество' },
  { name: 'page', kind: 'id', column: 'page', label: 'Страница' },
]

const refused = (label: string, why: string) => data(`${label}: ${why}`, { status: 400 })

/**
 * The filters the address asks for, checked by the catalogue's own rules: a malformed one (`year=abc`, `1e400`, NUL,
 * a parameter given twice, page 0) throws the 400 page in Russian, never counts as none. An empty value is none.
 */
export function askedExceedanceFilters(params: URLSearchParams): ExceedanceFilters & { page: number } {
  const asked: Record<string, string | number | undefined> = {}
  for (const parameter of PARAMETERS) {
    const values = params.getAll(parameter.name)
    if (values.length > 1) throw refused(parameter.label, 'параметр указан несколько раз')
    const raw = values[0]
    if (raw === undefined || raw.trim() === '') continue
    if (CONTROL_CHARACTERS.test(raw)) throw refused(parameter.label, 'недопустимые управляющие символы')
    try {
      asked[parameter.name] = parseFilterValue(parameter, raw) as string | number | undefined
    } catch (error) {
      if (error instanceof FilterError) throw refused(parameter.label, error.message.slice(error.parameter.length + 2))
      throw error
    }
  }
  const page = (asked.page as number | undefined) ?? 1
  if (page > LAST_PAGE) throw refused('Страница', `номер не больше ${LAST_PAGE}`)
  return {
    year: asked.year as number | undefined,
    company: asked.company as number | undefined,
    area: asked.area as number | undefined,
    substance: asked.substance as string | undefined,
    page,
  }
}

const select = (name: string, label: string, value: string, options: Array<{ value: string; label: string }>): FilterControl => ({
  name,
  label,
  kind: 'select',
  value,
  options: [{ value: '', label: 'Все' }, ...options],
})

/** The select's options, with a well-formed value it does not offer kept as chosen: the list shows none for it. */
function optionsWith(offered: Array<{ value: string; label: string }>, chosen: string | number | undefined) {
  if (chosen === undefined || offered.some((o) => o.value === String(chosen))) return offered
  return [...offered, { value: String(chosen), label: `${chosen} — нет превышений` }]
}

export async function exceedancesView(context: AppLoadContext, params: URLSearchParams) {
  const { catalogue, useCaseContext } = context
  const { page, ...filters } = askedExceedanceFilters(params)
  const { year, company, area, substance } = filters
  const all = await catalogue.exceedanceChoices(useCaseContext, {}).then(readValue)
  const choices = company === undefined ? all : await catalogue.exceedanceChoices(useCaseContext, { company }).then(readValue)
  const applied = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]))

  const found = await catalogue.exceedances(useCaseContext, { ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }).then(readValue)
  const perYear = await catalogue.exceedancesPerYear(useCaseContext, { company, area, substance }).then(readValue)
  const pages = Math.max(1, Math.ceil(found.count / PAGE_SIZE))
  const pageHref = (n: number) => `?${new URLSearchParams({ ...applied, ...(n > 1 ? { page: String(n) } : {}) })}`
  const download = (format: string) => `/api/v1/exceedances/?${new URLSearchParams({ ...applied, format })}`

  const controls: FilterControl[] = [
    select('year', 'Год', year === undefined ? '' : String(year), optionsWith(all.years.map((y) => ({ value: String(y), label: String(y) })), year)),
    select('company', 'Предприятие', company === undefined ? '' : String(company), optionsWith(all.companies.map((c) => ({ value: String(c.id), label: c.name })), company)),
    select('area', 'Участок', area === undefined ? '' : String(area), optionsWith(choices.areas.map((a) => ({ value: String(a.id), label: a.name })), area)),
    select('substance', 'Вещество', substance ?? '', optionsWith(all.substances.map((s) => ({ value: s, label: s })), substance)),
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
