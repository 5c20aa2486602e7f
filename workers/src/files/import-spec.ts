// The columns of each data report type, derived from the catalogue registry: template headers and file checks share them.
import { greenhouseGases } from '@portal/workflow-service/catalogue/registry/greenhouse.ts'
import { measuresPointIndications } from '@portal/workflow-service/catalogue/registry/core.ts'
import { columnOf, type CatalogueType, type FieldDef } from '@portal/workflow-service/catalogue/registry/types.ts'

export type DataReportType = 'observation_results' | 'greenhouse_gases'
export type DocumentReportType = 'final_report' | 'program'

export const DATA_REPORT_TYPES: readonly DataReportType[] = ['observation_results', 'greenhouse_gases']

export function isDataReportType(type: string): type is DataReportType {
  return (DATA_REPORT_TYPES as readonly string[]).includes(type)
}

export type ColumnType = 'text' | 'number' | 'integer' | 'date' | 'reference'

export interface ColumnSpec {
  /** Field of the registry declaration. */
  field: string
  /** Column of the catalogue table the value goes to. */
  column: string
  /** The exact header of the template: the label, with the unit after a comma. */
  header: string
  label: string
  unit?: string
  type: ColumnType
  required: boolean
  /** Smallest allowed number (concentrations and masses cannot be negative). */
  min?: number
  /** How a reference is written in the file (the point's nomenclature, the category's name). */
  lookup?: string
}

export interface ImportSpec {
  reportType: DataReportType
  /** The catalogue table agreed rows are published to. */
  table: string
  /** Columns of the file, in template order. */
  columns: ColumnSpec[]
  /** Columns filled from the report, not from the file (the greenhouse report's company). */
  fromReport: Array<{ column: string; source: 'company_id' | 'area_id' }>
}

/** How each reference field is written in a file. */
const LOOKUPS: Record<string, { lookup: string; hint: string }> = {
  measures_point: { lookup: 'nomenclature', hint: 'номенклатура' },
  greenhouse_category: { lookup: 'name', hint: 'наименование' },
}

function columnSpec(field: FieldDef): ColumnSpec {
  const column = columnOf(field)
  if (!column) throw new Error(`field ${field.name} is computed, it cannot be uploaded`)
  const lookup = LOOKUPS[field.name]
  const type: ColumnType =
    field.type === 'ref' ? 'reference' : field.type === 'number' ? (field.integer ? 'integer' : 'number') : field.type === 'date' ? 'date' : 'text'
  const label = lookup ? `${field.label} (${lookup.hint})` : field.label
  return {
    field: field.name,
    column,
    header: field.unit ? `${label}, ${field.unit}` : label,
    label,
    ...(field.unit ? { unit: field.unit } : {}),
    type,
    required: field.required === true,
    // Every measured quantity of these reports is a concentration, a mass or a limit: never negative.
    ...(type === 'number' ? { min: 0 } : {}),
    ...(lookup ? { lookup: lookup.lookup } : {}),
  }
}

function specOf(reportType: DataReportType, type: CatalogueType, fromReport: ImportSpec['fromReport']): ImportSpec {
  const fromReportColumns = new Set(fromReport.map((f) => f.column))
  const columns = type.fields
    .filter((f) => !f.compute && !fromReportColumns.has(columnOf(f) ?? ''))
    .map(columnSpec)
  return { reportType, table: type.table, columns, fromReport }
}

export const IMPORT_SPECS: Record<DataReportType, ImportSpec> = {
  observation_results: specOf('observation_results', measuresPointIndications, []),
  greenhouse_gases: specOf('greenhouse_gases', greenhouseGases, [{ column: 'company_id', source: 'company_id' }]),
}
