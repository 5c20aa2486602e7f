// The catalogue registry: every type declared once. Tables, API, pages, demo data and (uploads.ts) templates and
// file checks are derived from `catalogueTypes`; see docs/catalogue-registry.md for the contract.
import { areaIndicatorTypes } from './area-indicators.ts'
import { coreTypes } from './core.ts'
import { greenhouseTypes } from './greenhouse.ts'
import { observationTypes } from './observations.ts'
import { pointReportTypes } from './point-reports.ts'
import { referenceTypes } from './references.ts'
import { otherRegionalTypes, regionalIndicatorTypes } from './regional-indicators.ts'
import { columnOf, type CatalogueType, type FieldDef } from './types.ts'
import { waterTypes } from './water.ts'

export * from './types.ts'
export * from './labels.ts'

export const catalogueTypes: readonly CatalogueType[] = [
  ...coreTypes,
  ...referenceTypes,
  ...greenhouseTypes,
  ...waterTypes,
  ...pointReportTypes,
  ...areaIndicatorTypes,
  ...regionalIndicatorTypes,
  ...otherRegionalTypes,
  ...observationTypes,
]

const bySlug = new Map(catalogueTypes.map((t) => [t.slug, t]))
const byTable = new Map(catalogueTypes.map((t) => [t.table, t]))

/** The type answered at /api/v1/<slug>/, or undefined. */
export function findType(slug: string): CatalogueType | undefined {
  return bySlug.get(slug)
}

export function findTypeByTable(table: string): CatalogueType | undefined {
  return byTable.get(table)
}

/** Every stored field (with a column) of a type, in declaration order. */
export function storedFields(type: CatalogueType): Array<FieldDef & { column: string }> {
  return type.fields.flatMap((f) => {
    const column = columnOf(f)
    return column ? [{ ...f, column }] : []
  })
}

/** Problems of the declarations (duplicate slugs, tables or fields, filters on unknown columns); [] when sound. */
export function checkRegistry(types: readonly CatalogueType[] = catalogueTypes): string[] {
  const problems: string[] = []
  const seen = (what: string, values: string[]) => {
    const set = new Set<string>()
    for (const v of values) {
      if (set.has(v)) problems.push(`duplicate ${what}: ${v}`)
      set.add(v)
    }
  }
  seen('slug', types.map((t) => t.slug))
  seen('table', types.map((t) => t.table))
  for (const type of types) {
    seen(`field of ${type.slug}`, type.fields.map((f) => f.name))
    const columns = new Set(['id', ...storedFields(type).map((f) => f.column)])
    for (const filter of type.filters) {
      if (filter.through || filter.reverse) continue
      if (!columns.has(filter.column)) problems.push(`${type.slug}: filter ${filter.name} on unknown column ${filter.column}`)
    }
    for (const [column] of type.order) if (!columns.has(column)) problems.push(`${type.slug}: order by unknown column ${column}`)
    for (const f of type.fields) {
      if (f.type === 'ref' && !f.ref) problems.push(`${type.slug}.${f.name}: ref without target`)
      if (f.type === 'enum' && !f.options) problems.push(`${type.slug}.${f.name}: enum without options`)
    }
    if (type.seed?.eachOf && !type.fields.some((f) => f.name === type.seed?.eachOf && f.type === 'ref')) {
      problems.push(`${type.slug}: seed.eachOf names no reference field`)
    }
  }
  return problems
}
