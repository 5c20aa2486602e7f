// The analyte table of a water, flora or hydrological detail (catalogue.md §2.4, §2.6): one row per analyte (its
// name and unit), one column per year of the same point's records, so a reading is seen beside the other years.
import type { AppLoadContext } from '@remix-run/node'
import { formatDate, showValue } from '@portal/workflow-domain/registry.ts'
import type { CatalogueType, FieldDef } from '@portal/workflow-domain/registry.ts'
import { type Group, recordsOf } from './views.server.ts'

/** The group of each type whose numbers form the table. */
export const ANALYTE_GROUPS: Record<string, string> = {
  'ecomon-waters-indicators': 'Содержание веществ',
  'ecomon-water-legacy-indicators': 'Содержание веществ',
  'ecomon-flora-indicators': 'Содержание металлов',
  'ecomon-flora-legacy-indicators': 'Содержание металлов',
  'ecomon-hydrological-indicators': 'Гидрологические характеристики',
  'ecomon-hydrological-legacy-indicators': 'Гидрологические характеристики',
}

export interface AnalyteTable {
  title: string
  columns: string[]
  rows: Array<{ id: number; cells: string[] }>
}

type Rec = { id: number; year?: number; sampled?: string | null } & Record<string, unknown>

function analytesOf(type: CatalogueType): FieldDef[] {
  const group = ANALYTE_GROUPS[type.slug]
  return group ? type.fields.filter((f) => f.group === group && f.type === 'number' && !f.hidden) : []
}

/** The table for a record of a type that has one, or null; records of the same point, oldest year first. */
export async function analyteTable(context: AppLoadContext, type: CatalogueType, record: Rec): Promise<AnalyteTable | null> {
  const analytes = analytesOf(type)
  const point = (record.measures_point as { id?: number } | null)?.id
  if (analytes.length === 0 || !point) return null
  const page = await recordsOf(context, type.slug, { measures_point: point }, 100)
  const records = (page.results as Rec[]).sort((a, b) => (a.year ?? 0) - (b.year ?? 0) || String(a.sampled ?? '').localeCompare(String(b.sampled ?? '')))
  const perYear = new Map<number | undefined, number>()
  for (const r of records) perYear.set(r.year, (perYear.get(r.year) ?? 0) + 1)
  // Two samplings in one year are told apart by their dates.
  const heads = records.map((r) => (perYear.get(r.year)! > 1 && r.sampled ? `${r.year} (${formatDate(r.sampled)})` : String(r.year ?? '—')))
  return {
    title: 'Показатели по годам',
    columns: ['Показатель', 'Единица', ...heads],
    rows: analytes.map((field, i) => ({
      id: i + 1,
      cells: [field.label, field.unit ?? '—', ...records.map((r) => showValue({ ...field, unit: undefined }, r[field.name])?.text ?? '—')],
    })),
  }
}

/** The card's groups without the numbers the table shows (the group keeps its other rows, such as photos). */
export function withoutAnalytes(type: CatalogueType, groups: Group[]): Group[] {
  const labels = new Set(analytesOf(type).map((f) => f.label))
  const group = ANALYTE_GROUPS[type.slug]
  return groups.map((g) => (g.title === group ? { ...g, rows: g.rows.filter((r) => !labels.has(r.label)) } : g)).filter((g) => g.rows.length > 0)
}
