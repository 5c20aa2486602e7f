// Which catalogue types accept uploaded files, and the columns of their files: derived from the `upload` declarations.
// The templates, the worker's file checks, the publication and the upload pages all read these, never a list of their own.
import type { ReportType } from '@portal/migrations/database.ts'
import { catalogueTypes } from './index.ts'
import { unitsOf } from './point-units.ts'
import { columnOf, type CatalogueType, type FieldDef, type UploadDeclaration, type UploadLookup, type UploadTemplate } from './types.ts'

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
  /** References: how the file names the record. */
  lookup?: UploadLookup & { table: string }
}

export interface ImportSpec {
  /** The slug of the catalogue type. */
  slug: string
  reportType: ReportType
  /** The catalogue table agreed rows are published to. */
  table: string
  /** Columns of the file, in template order. */
  columns: ColumnSpec[]
  /** Columns filled from the report, not from the file (the greenhouse report's company). */
  fromReport: NonNullable<UploadDeclaration['fromReport']>
  /** The natural key (decision 2120): the table columns that say which reading a row is, with their labels. */
  key: ReadonlyArray<{ column: string; label: string; required: boolean }>
  /** Copy-forward (decision 2443): the side column of last year's values and the year-on-year factor, when declared. */
  lastYear?: { header: string; factor: number }
  /** Headers of side columns a file may carry and the check reads past (last year's values). */
  sideHeaders: readonly string[]
}

/** A downloadable template: its declaration, the columns it has (the check's columns) and the units it lists. */
export interface TemplateSpec extends UploadTemplate {
  /** The name in the download address (ASCII). */
  filename: string
  spec: ImportSpec
  /** Units a reading of this template may use (observation results, per point kind). */
  units?: readonly string[]
}

export class NotUploadable extends Error {
  override readonly name = 'NotUploadable'
}

function columnSpec(type: CatalogueType, field: FieldDef, lookups: UploadDeclaration['lookups']): ColumnSpec {
  const column = columnOf(field)
  if (!column) throw new Error(`${type.slug}.${field.name} is computed: it cannot be uploaded`)
  const lookup = field.type === 'ref' ? lookups[field.name] : undefined
  if (field.type === 'ref' && (!lookup || !field.ref)) throw new Error(`${type.slug}.${field.name}: a reference in a file needs a lookup`)
  const columnType: ColumnType =
    field.type === 'ref' ? 'reference' : field.type === 'number' ? (field.integer ? 'integer' : 'number') : field.type === 'date' ? 'date' : 'text'
  const label = lookup ? `${field.label} (${lookup.hint})` : field.label
  return {
    field: field.name,
    column,
    header: field.unit ? `${label}, ${field.unit}` : label,
    label,
    ...(field.unit ? { unit: field.unit } : {}),
    type: columnType,
    required: field.required === true,
    // Every measured quantity of an uploaded report is a concentration, a mass or a limit: never negative.
    ...(columnType === 'number' ? { min: 0 } : {}),
    ...(lookup && field.ref ? { lookup: { ...lookup, table: field.ref.table } } : {}),
  }
}

/** The columns of a type's files; throws NotUploadable for a type without an upload declaration. */
export function importSpecOf(type: CatalogueType): ImportSpec {
  const upload = type.upload
  if (!upload) throw new NotUploadable(`${type.slug} does not accept files`)
  const fromReport = upload.fromReport ?? []
  const fromReportColumns = new Set(fromReport.map((f) => f.column))
  const columns = type.fields
    .filter((f) => !f.compute && !fromReportColumns.has(columnOf(f) ?? ''))
    .map((f) => columnSpec(type, f, upload.lookups))
  const key = upload.naturalKey.map((name) => {
    const field = type.fields.find((f) => f.name === name)
    const column = field ? columnOf(field) : undefined
    if (!field || !column) throw new Error(`${type.slug}: the natural key names ${name}, which is no stored field`)
    // The header the holder sees for a column of the file; a column filled from the report by its label.
    // `required`: NOT NULL in the table, so the key compares it by plain equality (which a hash join can use).
    return { column, label: columns.find((c) => c.column === column)?.label ?? field.label, required: field.required === true }
  })
  const lastYear = upload.lastYear ? { header: upload.lastYear.header, factor: upload.lastYear.factor } : undefined
  return { slug: type.slug, reportType: upload.reportType, table: type.table, columns, fromReport, key, ...(lastYear ? { lastYear } : {}), sideHeaders: lastYear ? [lastYear.header] : [] }
}

/** The types that accept files, each with the columns of its files. */
export const UPLOADS: readonly ImportSpec[] = catalogueTypes.filter((t) => t.upload).map(importSpecOf)

/** The columns of the data files of a report type, or undefined: its files are documents kept as they are. */
export function importSpecForReport(reportType: string): ImportSpec | undefined {
  return UPLOADS.find((u) => u.reportType === reportType)
}

/** The columns of a data report's files; throws NotUploadable for a document report. */
export function uploadSpecOf(reportType: ReportType): ImportSpec {
  const spec = importSpecForReport(reportType)
  if (!spec) throw new NotUploadable(`the files of ${reportType} reports are documents`)
  return spec
}

/** What a report type's files hold: data rows (checked and published) or a document. */
export function reportContent(reportType: ReportType): 'data' | 'document' {
  return importSpecForReport(reportType) ? 'data' : 'document'
}

/** The extensions a report type's section takes: a data report's tables, or the document types the check takes. */
export function uploadExtensionsOf(reportType: ReportType): readonly string[] {
  return reportContent(reportType) === 'data' ? ['.xlsx', '.csv'] : ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.zip']
}

/** What the file picker offers (`accept=`): the section's extensions, and a data report's MIME types. */
export function acceptOf(reportType: ReportType): string {
  const mimeTypes = reportContent(reportType) === 'data' ? ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'] : []
  return [...uploadExtensionsOf(reportType), ...mimeTypes].join(',')
}

/** The picker's list in words, as a refusal names it: «XLSX или CSV». */
export function acceptedTypesOf(reportType: ReportType): string {
  const names = uploadExtensionsOf(reportType).map((e) => e.slice(1).toUpperCase())
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} или ${names.at(-1)}`
}

/** A section's types as the upload rules take them: the same list the picker offers and a refusal names. */
/** The types a place takes: the extensions the server accepts and the words its refusal and picker use. */
export interface AcceptedTypes {
  extensions: readonly string[]
  words: string
}

export function uploadTypesOf(reportType: ReportType): AcceptedTypes {
  return { extensions: uploadExtensionsOf(reportType), words: acceptedTypesOf(reportType) }
}

/** The import spec that publishes to a table; throws for a table no upload fills. */
export function importSpecOfTable(table: string): ImportSpec {
  const spec = UPLOADS.find((u) => u.table === table)
  if (!spec) throw new NotUploadable(`no upload publishes to ${table}`)
  return spec
}

/** Every downloadable template, from the uploadable types' declarations. */
export const UPLOAD_TEMPLATES: readonly TemplateSpec[] = catalogueTypes.flatMap((type) =>
  (type.upload?.templates ?? []).map((template) => ({
    ...template,
    filename: `${template.id}.xlsx`,
    spec: importSpecOf(type),
    ...(template.pointKind ? { units: unitsOf(template.pointKind) } : {}),
  })),
)

/** The value of a template download's `prefill` that asks for last year's rows (copy-forward, decision 2443). */
export const PREFILL_LAST_YEAR = 'last-year'

/** Whether a template can be pre-filled with last year's rows: its upload declares `lastYear` and it is a point kind's. */
export function copiesForward(template: TemplateSpec): boolean {
  return template.spec.lastYear !== undefined && template.pointKind !== undefined
}

/** The templates a report type's upload offers (none for a document report). */
export function templatesForReport(reportType: ReportType): TemplateSpec[] {
  return UPLOAD_TEMPLATES.filter((t) => t.spec.reportType === reportType)
}

/** Problems of the upload declarations ([] when sound): checked with the rest of the registry. */
export function checkUploads(types: readonly CatalogueType[] = catalogueTypes): string[] {
  const problems: string[] = []
  const reportTypes = new Set<string>()
  for (const type of types) {
    if (!type.upload) continue
    if (reportTypes.has(type.upload.reportType)) problems.push(`${type.slug}: report type ${type.upload.reportType} already fills another type`)
    reportTypes.add(type.upload.reportType)
    if (!type.upload.templates.length) problems.push(`${type.slug}: an uploadable type needs a template`)
    if (!type.upload.naturalKey.length) problems.push(`${type.slug}: an uploadable type needs a natural key`)
    try {
      const spec = importSpecOf(type)
      for (const template of type.upload.templates) {
        for (const key of Object.keys(template.example(2000))) {
          if (!spec.columns.some((c) => c.field === key)) problems.push(`${type.slug}: template ${template.id} has an example for no column: ${key}`)
        }
      }
    } catch (error) {
      problems.push(String((error as Error).message))
    }
    const lastYear = type.upload.lastYear
    if (lastYear) {
      // The year-on-year rule reads a reading's point, substance, value and unit (workers/src/files/check-row.ts).
      for (const name of ['measures_point', 'name', 'value', 'measure']) {
        if (!type.fields.some((f) => f.name === name)) problems.push(`${type.slug}: copy-forward needs a field ${name}`)
      }
      if (!Number.isFinite(lastYear.factor) || lastYear.factor <= 1) problems.push(`${type.slug}: the year-on-year factor must be a number above 1`)
      const same = (a: string) => a.trim().toLowerCase().replace(/ё/g, 'е')
      if (type.fields.some((f) => same(f.label) === same(lastYear.header) || same(f.name) === same(lastYear.header))) problems.push(`${type.slug}: the side column «${lastYear.header}» is named like a column of the file`)
    }
    for (const name of Object.keys(type.upload.lookups)) {
      if (!type.fields.some((f) => f.name === name && f.type === 'ref')) problems.push(`${type.slug}: lookup ${name} names no reference field`)
    }
  }
  return problems
}
