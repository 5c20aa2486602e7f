// The shape of a catalogue declaration: one object per type, from which the table, API, pages and templates are derived.
import type { ReportType } from '@portal/migrations/database.ts'

/** How a value is stored, validated and shown. */
export type ValueType = 'text' | 'number' | 'date' | 'link' | 'list' | 'boolean' | 'enum' | 'ref'

/** A reference to another table, answered as a nested object (`company{id,name}`) by one join, never N+1. */
export interface RefDef {
  table: string
  /** Columns of the referenced table put into the nested object (always includes id). */
  embed: string[]
  /** Slug of the catalogue type of the referenced record (links on cards and breadcrumbs). */
  type?: string
  /** References of the referenced table nested further (`measures_point{area{id,name}}`). */
  nested?: Array<{ name: string; column: string; ref: RefDef }>
}

/** Hints for the generic demo-data generator. */
export interface SeedHint {
  min?: number
  max?: number
  /** Values to pick from (text fields). */
  pick?: readonly string[]
  /** A fixed value. */
  value?: unknown
  /** Leave the value empty in about this share of rows (0..1). */
  empty?: number
  /** A total: the sum of these fields of the same row (a total never disagrees with its parts). */
  sumOf?: readonly string[]
  /** A weighted total: each of these fields of the same row times its weight (CO2-equivalent of the gases). */
  weightedSumOf?: Readonly<Record<string, number>>
}

export interface FieldDef {
  /** Field name of the API answer. */
  name: string
  /** Russian label on the detail card and as the template column header. */
  label: string
  type: ValueType
  unit?: string
  /** Title of the detail card group; fields without a group go to the first group. */
  group?: string
  /** A whole number (integer column); only with type number. */
  integer?: boolean
  /** A calendar date without time (date column, shown dd.mm.yyyy); otherwise a timestamp shown dd.mm.yyyy hh:mm. */
  dateOnly?: boolean
  /** Enumerations: stored value → Russian label. */
  options?: Record<string, string>
  /** Database column; default the field name (`<name>_id` for references). */
  column?: string
  /** NOT NULL in the table and required in an uploaded file. */
  required?: boolean
  ref?: RefDef
  /** The API nests the value in this object (`indicators: {...}`). */
  nest?: string
  /** Not stored: computed from the row when answering. */
  compute?: (row: Record<string, unknown>) => unknown
  /**
   * Not stored: the records of another table that belong to this one, answered as a list of objects by one
   * correlated subquery (`measures_points: [{id, nomenclature, name, kind}]`). `where` is SQL over `r` (the other
   * table) and `t` (this table); `order` a column of `r`.
   */
  related?: { table: string; embed: string[]; where: string; order: string }
  /** A list whose items are objects of references (`[{ area: {id, name, kind} }]`). */
  itemRefs?: Record<string, RefDef>
  /** Not shown on the detail card (ids, technical fields). */
  hidden?: boolean
  /** The limit concentration (ПДК) a value of this field is judged against: pages colour it by its multiple. */
  limit?: number
  seed?: SeedHint
}

export type FilterKind =
  | 'id'
  | 'id-list'
  | 'year'
  | 'enum'
  | 'enum-list'
  | 'search'
  | 'boolean'
  | 'isnull'
  | 'text'
  /** A calendar date (YYYY-MM-DD): rows on or after it. */
  | 'date-gte'
  /** A calendar date (YYYY-MM-DD): rows on or before it. */
  | 'date-lte'
  /** `minLon,minLat,maxLon,maxLat` in degrees over the `latitude` and `longitude` columns. */
  | 'bbox'

export interface FilterDef {
  /** Query parameter name (`area`, `kind__in`, `year`…). */
  name: string
  kind: FilterKind
  /** Column of the type's table the filter applies to (search: the searched columns). */
  column: string
  /** Allowed values of enum filters. */
  options?: readonly string[]
  /** Russian label of the filter control on the list page. */
  label?: string
  /** The column belongs to a referenced table: `<fk> IN (SELECT id FROM <table> WHERE <column> …)`. */
  through?: { table: string; fk: string }
  /** isnull over a reverse relation: rows of `<reverse>` whose `<column>` points at this row exist or not. */
  reverse?: string
}

/** Which parent record a list can be scoped to on a page (`/areas/{id}/exposure-levels`). */
export type ParentKind = 'area' | 'company' | 'measures_point' | 'water_system'

export interface ScopedPage {
  parent: ParentKind
  /** Path suffix after the parent's path: `/areas/{id}/<suffix>`. */
  suffix: string
  /** The filter that takes the parent's id. */
  filter: string
  title?: string
  /** Headed with the parent's name and the chosen filters' values («Парниковые газы: ООО …, 2023 год, …», catalogue.md §2.8). */
  headedByChoices?: true
}

export interface SeedPlan {
  /** One group of rows per record of this table (filtered), or `none` for a flat count. */
  per: 'area' | 'company' | 'measures_point' | 'water_system' | 'none'
  /** Only parents matching these column values (`{ kind: ['licence_area'] }`). */
  where?: Record<string, readonly string[]>
  /** Years to generate (one row per parent and year); default none. */
  years?: readonly number[]
  /** Keep only this share of parent × year combinations (0..1, deterministic). */
  density?: number
  /** Rows per parent (and year). */
  count?: number
  /** One row per record of this reference field's table (per parent and year), instead of `count`. */
  eachOf?: string
  /** For `per: none`: fixed rows to insert (name and other fixed columns). */
  rows?: ReadonlyArray<Record<string, unknown>>
}

/** How a reference field is written in an uploaded file: by a column of the referenced record, never by its id. */
export interface UploadLookup {
  /** The referenced record's column a file names it by (`nomenclature`, `name`). */
  by: string
  /** Said after the column header in the template: «Пункт наблюдения (номенклатура)». */
  hint: string
  /** Explained on the template's notes sheet. */
  explanation: string
  /** Only records of the report's own licence area (or, for a company report, of its areas) are found. */
  withinReport?: boolean
  /** Named in the refusal when the record is not found («пункт наблюдения не найден на участке …»). */
  notFound: string
  /** A column of the record the row checks need besides its id (the point's `kind`, for the unit check). */
  carry?: 'kind'
}

/** One downloadable template of an uploadable type: the same columns, its own example row. */
export interface UploadTemplate {
  /** Also the download name: `<id>.xlsx`. */
  id: string
  /** Listed in the reference section. */
  name: string
  /** The file name offered on download. */
  downloadName: string
  /** The example row of a report year, by field name: shown on the template's «Пояснения», never as a data row. */
  example: (year: number) => Record<string, string | number>
  /** The point kind the example is for: the template lists the units allowed for it. */
  pointKind?: string
}

export interface UploadDeclaration {
  /** The report whose data files fill this table (a report type has at most one uploadable type). */
  reportType: ReportType
  /** Columns filled from the report rather than from the file (a greenhouse report's company). */
  fromReport?: Array<{ column: string; source: 'company_id' | 'area_id' }>
  /** Reference fields, by field name: how a file writes them. Every stored reference must have one. */
  lookups: Record<string, UploadLookup>
  /**
   * The fields (names) that say which reading a row is: two rows with the same values in them are the same reading,
   * whatever their other values. The file check refuses a row whose key stands in another file of the report, in the
   * same file or among the published rows; the table holds a unique index on these columns (NULLs equal), so a
   * publication can never show one key twice. Decision 2120.
   */
  naturalKey: readonly string[]
  templates: UploadTemplate[]
  /**
   * Copy-forward (decisions 2422, 2443): a target's template of a year, asked for, comes pre-filled with the points and
   * substances of last year's published readings and their mean in a side column headed `header`, which the file
   * check reads past; a new value more than `factor` times above or below that mean is a warning. Only a type whose
   * rows are readings (a point, a substance, a value and its unit) can declare it.
   */
  lastYear?: { header: string; factor: number }
}

/**
 * Where a record lies, for `format=geojson` (decision 2430): its own latitude and longitude columns, or the measuring
 * points that belong to it (`where` is static SQL of the registry over `p`, the point, and `t`, this record).
 */
export type GeometryDef = { kind: 'point'; latitude: string; longitude: string } | { kind: 'points'; where: string }

export interface CatalogueType {
  /** The API path: `/api/v1/<slug>/`. Unique. */
  slug: string
  table: string
  /** Title of the list page. */
  title: string
  /** Heading of one record: a template over its fields, `{name}` or `Прогноз {year}`. */
  itemTitle: string
  /** `core`: the table comes from the hand-written core migration; `generated`: from the registry generator. */
  origin: 'core' | 'generated'
  /** Core tables: filter columns the core migration already indexes (the generator indexes the others). */
  coreIndexed?: string[]
  fields: FieldDef[]
  filters: FilterDef[]
  /** Order of lists: columns of the table, then id. */
  order: Array<[string, 'asc' | 'desc']>
  /**
   * Page paths under /monitoring/ (`list`: '/water-systems'; `detail`: '/water-systems' → '/water-systems/{id}').
   * `listTitle`: the heading of the list page when the spec names it otherwise than the type (cards name their list by it).
   */
  pages?: { list?: string; listTitle?: string; detail?: string; scoped?: ScopedPage[] }
  /** Fields shown under each row of the list page. */
  listFields?: string[]
  /** Records of this type come from the data files of a report: the templates, file checks and upload pages derive from it. */
  upload?: UploadDeclaration
  seed?: SeedPlan
  /** A reference list (id, name) also answered by /api/v1/references/. */
  reference?: string
  /** The list also answers `format=geojson` (RFC 7946), placed by this. */
  geometry?: GeometryDef
  /**
   * The API answers the list as a JSON array rather than a page (the spec's «Returns a list» of
   * `/api/v1/report-templates/`): every matching record up to the largest page, `limit`/`offset` still narrowing it.
   */
  answer?: 'array'
}

export function defineType(type: CatalogueType): CatalogueType {
  return type
}

/** The database column of a stored field (undefined for computed fields). */
export function columnOf(field: FieldDef): string | undefined {
  if (field.compute || field.related) return undefined
  if (field.column) return field.column
  return field.type === 'ref' ? `${field.name}_id` : field.name
}
