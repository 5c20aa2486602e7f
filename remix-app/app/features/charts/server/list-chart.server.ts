// The chart of a catalogue list page: the years of its records with the list's filters (but every year). Greenhouse
// gases show each gas's yearly total, environmental indicators the yearly totals of each kind of cost; every other
// list with numbers shows the mean of the indicator chosen in the address (`indicator=`) per year.
import type { AppLoadContext } from '@remix-run/node'
import type { AppliedFilters, CatalogueType, FieldDef } from '@portal/workflow-domain/registry.ts'
import type { FilterControl } from '../../../components/filter-form.tsx'
import type { ChartSeries } from '../components/line-chart.tsx'
import { readValue } from '../../../utils/use-case-answers.server.ts'

export interface ListChart {
  heading: string
  /** each: one small chart per series (their scales differ); together: one chart with every series. */
  layout: 'each' | 'together'
  unit: string
  description: string
  series: ChartSeries[]
  /** The select of the charted indicator, when the list lets the user choose. */
  picker?: FilterControl
}

/** Lists whose chart is the yearly totals of a fixed set of fields. */
const TOTALS: Record<string, { heading: string; layout: ListChart['layout']; fields: (type: CatalogueType) => FieldDef[] }> = {
  'greenhouse-gases': { heading: 'Выбросы парниковых газов по годам', layout: 'each', fields: (t) => numberFields(t) },
  'environmental-indicators': { heading: 'Затраты на природоохранную деятельность по годам', layout: 'together', fields: (t) => numberFields(t) },
}

/** The stored number fields a chart can show (not the year, not computed). */
export function numberFields(type: CatalogueType): FieldDef[] {
  return type.fields.filter((f) => f.type === 'number' && !f.compute && !f.hidden && f.name !== 'year')
}

const label = (f: FieldDef) => f.label

export async function listChartOf(context: AppLoadContext, type: CatalogueType, params: URLSearchParams, filters: AppliedFilters): Promise<ListChart | null> {
  if (!type.fields.some((f) => f.name === 'year')) return null
  const fields = numberFields(type)
  if (fields.length === 0) return null
  // The chart runs over the years, so the list's year filter does not narrow it.
  const { year: _year, ...scope } = filters
  const totals = TOTALS[type.slug]
  if (totals) {
    const chosen = totals.fields(type)
    const rows = await context.catalogue.yearlyValues(context.useCaseContext, { type: type.slug, filters: scope, fields: chosen.map((f) => f.name), aggregate: 'sum' }).then(readValue)
    if (rows.length === 0) return null
    return {
      heading: totals.heading,
      layout: totals.layout,
      unit: totals.layout === 'together' ? (chosen[0].unit ?? '') : '',
      description: `Сумма по всем записям списка за каждый год: ${chosen.map(label).join(', ')}.`,
      series: chosen.map((f) => ({ name: f.unit && totals.layout === 'each' ? `${f.label}, ${f.unit}` : f.label, points: rows.map((r) => ({ year: r.year, value: r.values[f.name] ?? null })) })),
    }
  }
  const field = fields.find((f) => f.name === params.get('indicator')) ?? fields[0]
  const rows = await context.catalogue.yearlyValues(context.useCaseContext, { type: type.slug, filters: scope, fields: [field.name], aggregate: 'avg' }).then(readValue)
  if (rows.length === 0) return null
  return {
    heading: 'Показатель по годам',
    layout: 'together',
    unit: field.unit ?? '',
    description: `${field.label}: среднее по записям списка за каждый год.`,
    series: [{ name: field.label, points: rows.map((r) => ({ year: r.year, value: r.values[field.name] ?? null })) }],
    picker: {
      name: 'indicator',
      label: 'Показатель на графике',
      kind: 'select',
      value: field.name,
      options: fields.map((f) => ({ value: f.name, label: f.unit ? `${f.label}, ${f.unit}` : f.label })),
    },
  }
}
