// The catalogue's front door: its types, fields, labels, upload columns and formats, the vocabulary the pages, the
// workers and the tools read. Safe in the browser: nothing here reaches a server-only module.
// Other packages import this package through its doors only (package.json `exports`, import-directions.test.ts).
export {
  AREA_KINDS, COMPANY_KINDS, COMPANY_LIST_TITLES, GEOCHEMICAL_POINT_KINDS, POINT_CATEGORIES, POINT_KINDS,
  POINT_LIST_HEADINGS, POINT_REPORT_TYPES, catalogueTypes, findType, findTypeByTable, storedFields,
} from './catalogue/registry/index.ts'
export type {
  CatalogueType, CompanyKindCode, FieldDef, FilterDef, ParentKind, PointKindCode, ScopedPage,
} from './catalogue/registry/index.ts'
export {
  PREFILL_LAST_YEAR, UPLOADS, UPLOAD_TEMPLATES, acceptOf, acceptedTypesOf, copiesForward, importSpecForReport,
  importSpecOfTable, reportContent, templatesForReport, uploadSpecOf,
} from './catalogue/registry/uploads.ts'
export type { ColumnSpec, ImportSpec, TemplateSpec } from './catalogue/registry/uploads.ts'
export { yearFilter } from './catalogue/registry/fields.ts'
export { UNITS_BY_POINT_KIND, canonicalUnit, unitFitsKind, unitsOf } from './catalogue/registry/point-units.ts'
export {
  convertUnit, convertible, defaultLimitUnit, unitsConvertibleTo,
} from './catalogue/registry/unit-conversions.ts'
export { implausibleBound } from './catalogue/registry/plausible-values.ts'
export {
  CO2_EQUIVALENT_TOLERANCE, GLOBAL_WARMING_POTENTIALS, co2Equivalent, greenhouseCategories, greenhouseGases,
} from './catalogue/registry/greenhouse.ts'
export { pointReportTypes } from './catalogue/registry/point-reports.ts'
export { fillTemplate, formatNumber, showValue } from './catalogue/format.ts'
export { formatDate, formatDateTime, regionDay } from './text/region-dates.ts'
export { foldName } from './text/name-fold.ts'
export {
  FilterError, parseFilterValue, parseFilters, parseFiltersLenient, queryOfFilters,
} from './catalogue/filters.ts'
export type { AppliedFilters } from './catalogue/filters.ts'
export { REGIONAL_HOME, REGIONAL_SYSTEM, SECTION_MAX_LENGTH, sectionTiles, sectionTrail } from './catalogue/sections.ts'
export { substancesOf } from './catalogue/substances.ts'
export { hygienicLimit, type HygienicLimit } from './catalogue/hygienic-limits.ts'
export { REFERENCE_KINDS, REFERENCE_KIND_LIST, isReferenceKind, isRequired } from './admin/reference/reference-kinds.ts'
export type { ReferenceField, ReferenceKind, ReferenceValues } from './admin/reference/reference-kinds.ts'
export { limitAsOf, limitOn } from './admin/reference/reference-as-of.ts'
export type { RecordedChange } from './admin/reference/reference-as-of.ts'
export { DEMO_RANGES, HYGIENIC_LIMITS, demoMultiple } from './catalogue/hygienic-limits.ts'
// Reached by the server's routes and plugins (the split into packages, decision 3904).
export { filterParameter, orderingParameter } from './catalogue/filter-schema.ts'
export { pageSchema, recordSchema } from './catalogue/record-schema.ts'
export { companies } from './catalogue/registry/core.ts'
