// The columns of each data report type, declared in the catalogue registry's field shape: templates and checks share them.

/**
 * The registry's field shape (docs/catalogue-registry.md). The declarations below mirror the registry's
 * measures-point-indications and greenhouse-gases types; they are taken from the registry once it is merged.
 */
export interface FieldDef {
  name: string
  label: string
  type: 'text' | 'number' | 'date' | 'ref'
  unit?: string
  integer?: boolean
  required?: boolean
  column?: string
}

interface CatalogueType {
  table: string
  fields: FieldDef[]
}

function columnOf(field: FieldDef): string {
  return field.column ?? (field.type === 'ref' ? `${field.name}_id` : field.name)
}

const gas = (name: string, label: string): FieldDef => ({ name, label, type: 'number', unit: 'т' })

const measuresPointIndications: CatalogueType = {
  table: 'measures_point_indications',
  fields: [
    { name: 'measures_point', label: 'Пункт наблюдения', type: 'ref', required: true },
    { name: 'year', label: 'Год', type: 'number', integer: true, required: true },
    { name: 'sampled', label: 'Дата отбора', type: 'date' },
    { name: 'name', label: 'Показатель', type: 'text', required: true },
    { name: 'value', label: 'Значение', type: 'number', required: true },
    { name: 'measure', label: 'Единица измерения', type: 'text', required: true },
    { name: 'mpc', label: 'ПДК', type: 'number' },
    { name: 'mpc_max', label: 'ПДК максимальная', type: 'number' },
  ],
}

const greenhouseGases: CatalogueType = {
  table: 'greenhouse_gases',
  fields: [
    { name: 'year', label: 'Год', type: 'number', integer: true, required: true },
    { name: 'greenhouse_category', label: 'Категория источников', type: 'ref', required: true },
    { name: 'company', label: 'Ответственное предприятие', type: 'ref', required: true },
    gas('co2', 'CO2'),
    gas('ch4', 'CH4'),
    gas('n2o', 'N2O'),
    gas('sf6', 'SF6'),
    gas('c2f6', 'C2F6'),
    gas('chf3', 'CHF3'),
    gas('cf4', 'CF4'),
    { name: 'total', label: 'Всего', type: 'number', unit: 'т CO2-экв.' },
  ],
}

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
    .filter((f) => !fromReportColumns.has(columnOf(f)))
    .map(columnSpec)
  return { reportType, table: type.table, columns, fromReport }
}

export const IMPORT_SPECS: Record<DataReportType, ImportSpec> = {
  observation_results: specOf('observation_results', measuresPointIndications, []),
  greenhouse_gases: specOf('greenhouse_gases', greenhouseGases, [{ column: 'company_id', source: 'company_id' }]),
}
