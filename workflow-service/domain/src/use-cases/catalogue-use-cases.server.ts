// The catalogue's reads (and the one command on it, deleting a measuring point) as use-cases: each is
// `(context, input)`, its input checked by one TypeBox schema, its answer plain data or a refusal (a bad filter, an
// unknown type, a record that is not there), never an HTTP error. The pages get them from their load context (never a
// database handle); the API's catalogue, company, measuring point, search, reference and initialization routes call
// the same ones.
import { Type } from 'typebox'
import { CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { can } from '../auth/permissions.ts'
import { type UseCaseContext, useCase } from './use-case.ts'
import { sharedReads } from '@portal/workflow-platform/database.server.ts'
import { Id, Literals, MAX_ID, MAX_PAGE_SIZE, Text, Year } from '../vocabulary/params.ts'
import { substanceLimits } from '../admin/reference/reference-queries.server.ts'
import { mapPoints, readingSeries, readingYears, substanceNames, yearlyValues } from '../catalogue/chart-series.server.ts'
import { type CompanyFilters, findCompany, listCompanies } from '../catalogue/companies.server.ts'
import { companiesExport, recordsExport } from '../catalogue/export-records.server.ts'
import { FilterError, parseFilters, parseFilterValue } from '../catalogue/filters.ts'
import { recordsGeoJson } from '../catalogue/geojson.server.ts'
import { exceedanceChoices, exceedancesPerYear, listExceedances } from '../catalogue/exceedances.server.ts'
import { readingSource } from '../workflow/publication/reading-source.server.ts'
import { categoryTotals } from '../catalogue/greenhouse-report.server.ts'
import { deleteMeasuresPoint } from '../catalogue/measures-point-deletion.server.ts'
import { parseOrdering } from '../catalogue/ordering.ts'
import { pointCategories } from '../catalogue/point-categories.server.ts'
import { controlIndicatorYears, listControlIndicators } from '../catalogue/point-control-indicators.server.ts'
import { findRecord, listRecords, yearsOf } from '../catalogue/query.server.ts'
import { administrativeRegions, headCompanies, references, regionFilterList } from '../catalogue/references.server.ts'
import { areas as areasType, companies as companiesType } from '../catalogue/registry/core.ts'
import { yearFilter } from '../catalogue/registry/fields.ts'
import { catalogueTypes, findType } from '../catalogue/registry/index.ts'
import type { CatalogueType, ParentKind } from '../catalogue/registry/types.ts'
import { waterResourceIdsOf } from '../catalogue/water-system-points.server.ts'
import { normaliseQuery, siteSearch } from '../search/site-search.server.ts'
import { Refused, refused } from '../workflow/refusal.ts'
import { REPORT_STATUS_CODES } from '../workflow/reports/report-status-table.ts'

export type { UseCaseContext }

const Slug = Type.String({ minLength: 1, maxLength: 100 })
const FilterValue = Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Array(Type.Number()), Type.Array(Type.String())])
const Filters = Type.Record(Type.String(), FilterValue)
/** A list's query parameters as the client sent them: each declared filter parses its own (`catalogue/filters.ts`). */
const RawQuery = Type.Record(Type.String(), Type.Unknown())
// The ids and years are the API's own (vocabulary/params.ts): one id range and one year range for every door.
const Limit = Type.Integer({ minimum: 0, maximum: MAX_PAGE_SIZE })
const Offset = Type.Integer({ minimum: 0, maximum: MAX_ID })
const ExceedanceQuery = { year: Type.Optional(Year), area: Type.Optional(Id), company: Type.Optional(Id), substance: Type.Optional(Type.String({ maxLength: 500 })) }
const Parent = Type.Union([Type.Literal('company'), Type.Literal('area'), Type.Literal('measures_point'), Type.Literal('water_system')])
const COMPANY_KINDS = ['lem', 'lem_industry', 'gas_emissions'] as const
const CompanyKind = Literals(COMPANY_KINDS)
const CompanyQuery = {
  kind: Type.Optional(CompanyKind),
  /** A comma-separated list of kinds, as the API takes it. */
  kindIn: Type.Optional(Text({ maxLength: 200 })),
  search: Type.Optional(Text({ maxLength: 200 })),
  reportStatus: Type.Optional(Literals(REPORT_STATUS_CODES)),
  ordering: Type.Optional(Type.String({ maxLength: 2000 })),
}

/** The shortest site search query (after trimming and joining spaces). */
export const MIN_QUERY = 2

/**
 * A value parsed from the client's text, or the refusal naming the parameter that does not parse. The parsers
 * (`catalogue/filters.ts`, `ordering.ts`) throw `FilterError` from deep inside a filter list; it is caught here, once,
 * and returned as the use-case's refusal.
 */
function parsed<T>(parse: () => T): T | Refused {
  try {
    return parse()
  } catch (error) {
    if (error instanceof FilterError) return refused({ reason: 'invalid-input', parameter: error.parameter, detail: error.message })
    throw error
  }
}

function typeOf(slug: string): CatalogueType | Refused {
  return findType(slug) ?? refused({ reason: 'invalid-input', parameter: 'type', detail: `type: нет такого раздела каталога (${slug})` })
}

/** The filters and ordering of a list request, or the refusal naming the bad parameter. */
function listRequestOf(type: CatalogueType, query: Record<string, unknown>) {
  return parsed(() => ({ filters: parseFilters(type, query), ordering: parseOrdering(type, typeof query.ordering === 'string' ? query.ordering : undefined) }))
}

/** A list request of a type by its slug: the type, its filters and ordering, or the refusal of the first bad one. */
function typedListRequestOf(slug: string, query: Record<string, unknown>) {
  const type = typeOf(slug)
  if (type instanceof Refused) return type
  const request = listRequestOf(type, query)
  return request instanceof Refused ? request : { type, ...request }
}

/**
 * The report-status filter is the Department's review list (issue 22 item 11): which companies had reports declined
 * is not the public's or another holder's to learn. Anyone else asking with it is refused (403), not answered the
 * unfiltered list, so a client never mistakes one for the other. It is the company list's one permission check.
 */
function reviewFilterRefusal(context: UseCaseContext, reportStatus: string | undefined): Refused | null {
  return reportStatus !== undefined && !can(context.actor, 'decide:report:any') ? refused({ reason: 'forbidden' }) : null
}

/**
 * The search by name on the company and area lists is the Department's and the Administrator's (`use:search-lists`,
 * spec portal-and-workflow.md §6; decisions 1331, 2521): anyone else's `search` is ignored here, so the pages and the
 * API answer them the same list, the whole one. It is checked after parsing, so a malformed search is refused for
 * everyone alike. The site search (`search`) is not a list and stays public.
 */
const SEARCH_LISTS: ReadonlySet<string> = new Set([companiesType.slug, areasType.slug])
function withoutOthersSearch<F extends { search?: unknown }>(context: UseCaseContext, slug: string, filters: F): F {
  if (filters.search === undefined || !SEARCH_LISTS.has(slug) || can(context.actor, 'use:search-lists')) return filters
  const { search: _ignored, ...rest } = filters
  return rest as F
}

/** The company list's filters as the company queries take them, or the refusal of a bad one (an unknown kind in kindIn by name). */
function companyRequestOf(context: UseCaseContext, input: { kind?: CompanyFilters['kind']; kindIn?: string; search?: string; reportStatus?: CompanyFilters['reportStatus']; ordering?: string }) {
  const forbidden = reviewFilterRefusal(context, input.reportStatus)
  if (forbidden) return forbidden
  const kinds = input.kindIn?.split(',').map((v) => v.trim()).filter(Boolean) ?? []
  const unknown = kinds.filter((v) => !(COMPANY_KINDS as readonly string[]).includes(v))
  if (unknown.length > 0) return refused({ reason: 'invalid-input', parameter: 'kind__in', detail: `kind__in: неизвестное значение ${unknown.join(', ')}` })
  const ordering = parsed(() => parseOrdering(companiesType, input.ordering))
  if (ordering instanceof Refused) return ordering
  const filters: CompanyFilters = { kind: input.kind, kindIn: kinds.length ? (kinds as CompanyFilters['kindIn']) : undefined, search: input.search, reportStatus: input.reportStatus }
  return { filters: withoutOthersSearch(context, companiesType.slug, filters), ordering }
}

/** The column a scoped list's filter reads (through a referenced table when the filter says so). */
function scopeCheck(type: CatalogueType, filterName: string, id: number | RawBuilder<number>) {
  const filter = type.filters.find((f) => f.name === filterName)!
  const where = filter.through
    ? sql`${sql.ref(filter.through.fk)} IN (SELECT id FROM ${sql.table(filter.through.table)} WHERE ${sql.ref(filter.column)} = ${id})`
    : sql`${sql.ref(filter.column)} = ${id}`
  return sql`EXISTS (SELECT 1 FROM ${sql.table(type.table)} WHERE ${where})`
}

interface ScopedChecks {
  candidates: Array<{ slug: string; suffix: string }>
  /** One statement of every candidate's EXISTS, the record's id its only parameter ($1); null when there is none. */
  text: string | null
}

/**
 * The scoped lists' check of a parent kind, made once: building and compiling its twenty EXISTS for every card cost a
 * card on a cache miss more CPU than PostgreSQL spent on them (decision 2781). The text holds the registry's names
 * and the candidates' numbers only; the id goes as the parameter.
 */
const scopedChecks = new Map<ParentKind, ScopedChecks>()
function scopedChecksOf(db: Kysely<Database>, parent: ParentKind): ScopedChecks {
  let checks = scopedChecks.get(parent)
  if (checks) return checks
  const candidates = catalogueTypes.flatMap((type) =>
    (type.pages?.scoped ?? []).filter((s) => s.parent === parent && s.suffix !== 'reports').map((scoped) => ({ type, scoped })),
  )
  let text: string | null = null
  if (candidates.length) {
    const id = sql.raw<number>('$1')
    const parts = candidates.map(({ type, scoped }, i) => sql`SELECT ${sql.lit(i)}::int AS i WHERE ${scopeCheck(type, scoped.filter, id)}`)
    const compiled = sql`${sql.join(parts, sql` UNION ALL `)}`.compile(db)
    // A value in the text would be a parameter numbered before the id's $1: refused, not sent wrong.
    if (compiled.parameters.length) throw new Error('the scoped lists check holds parameters besides the id')
    text = compiled.sql
  }
  checks = { candidates: candidates.map(({ type, scoped }) => ({ slug: type.slug, suffix: scoped.suffix })), text }
  scopedChecks.set(parent, checks)
  return checks
}

export function catalogueUseCases(db: Kysely<Database>) {
  // The reads of a page's loader, started together, share a connection and a socket write (decision 3810); the
  // exports (read in batches, long) and the one command keep connections of their own.
  const reads = sharedReads(db)
  return {
    /** The years a type has records for in a scope, newest first. */
    years: useCase(Type.Object({ type: Slug, filters: Filters }), async (context, input) => {
      const type = typeOf(input.type)
      return type instanceof Refused ? type : yearsOf(reads, type, withoutOthersSearch(context, input.type, input.filters))
    }),
    /** The scoped lists (type slug and suffix) of a parent record that hold any data for it. */
    scopedListsWithData: useCase(Type.Object({ parent: Parent, id: Id }), async (_c, input) => {
      const { candidates, text } = scopedChecksOf(db, input.parent as ParentKind)
      if (text === null) return []
      const { rows } = await reads.executeQuery<{ i: number }>(CompiledQuery.raw(text, [input.id]))
      const present = new Set(rows.map((r) => r.i))
      return candidates.filter((_, i) => present.has(i))
    }),
    /** The rows of a small generated reference list (greenhouse categories, soil types), by id. */
    referenceRows: useCase(Type.Object({ type: Slug }), async (_c, input) => {
      const type = typeOf(input.type)
      if (type instanceof Refused) return type
      if (!type.reference) return refused({ reason: 'invalid-input', parameter: 'type', detail: 'type: это не справочник' })
      const { rows } = await sql<{ id: number; name: string }>`SELECT id, name FROM ${sql.table(type.table)} ORDER BY id`.execute(reads)
      return rows
    }),
    /** The point categories present among the points of an area (or of all points). */
    pointCategories: useCase(Type.Object({ area: Type.Optional(Id) }), async (_c, input) => {
      const { rows } = await sql<{ category: string }>`
        SELECT DISTINCT category FROM measures_points WHERE category IS NOT NULL ${input.area ? sql`AND area_id = ${input.area}` : sql``} ORDER BY category`.execute(reads)
      return rows.map((r) => r.category)
    }),
    controlIndicatorYears: useCase(Type.Object({ point: Id }), (_c, input) => controlIndicatorYears(reads, input.point)),
    /** The water bodies a water system controls. */
    waterResourcesOfSystem: useCase(Type.Object({ system: Id }), (_c, input) => waterResourceIdsOf(reads, input.system)),
    /** A point's substances over the years: each year's worst value and the limit (the readings chart). */
    readingSeries: useCase(Type.Object({ point: Id }), (_c, input) => readingSeries(reads, input.point)),
    /** Substances' ПДК today and every change of it the log recorded, by name (what limit a reading was judged by). */
    substanceLimits: useCase(Type.Object({ names: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 1000 }) }), (_c, input) => substanceLimits(reads, input.names)),
    /** Per year, the count of a type's records with filters and the sum or mean of their numeric fields (the list charts, the greenhouse tiles). */
    yearlyValues: useCase(
      Type.Object({ type: Slug, filters: Filters, fields: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 }), aggregate: Type.Union([Type.Literal('sum'), Type.Literal('avg')]) }),
      async (_c, input) => {
        const type = typeOf(input.type)
        return type instanceof Refused ? type : yearlyValues(reads, type, input.filters, input.fields, input.aggregate)
      },
    ),
    /** The measuring points on a map with their worst multiple of the limit in a year. */
    mapPoints: useCase(
      Type.Object({
        area: Type.Optional(Id),
        areaKind: Type.Optional(Type.String({ maxLength: 100 })),
        kind: Type.Optional(Type.String({ maxLength: 100 })),
        year: Type.Optional(Year),
        substance: Type.Optional(Type.String({ maxLength: 500 })),
      }),
      (_c, input) => mapPoints(reads, input),
    ),
    /** The names of the substances measured anywhere, in name order: the map's substance filter. */
    substanceNames: useCase(Type.Object({}), () => substanceNames(reads)),
    /** The years with readings (of one substance), newest first: the map's year filter. */
    readingYears: useCase(Type.Object({ substance: Type.Optional(Type.String({ maxLength: 500 })) }), (_c, input) => readingYears(reads, input.substance)),

    // The reads of both doors: the query parameters as sent, parsed here so a bad one is a refusal naming it. A page
    // passes the filters it kept (a bad one dropped, the scope added) written back as parameters (`queryOfFilters`).
    /** One page of a type's list with the declared filters and ordering taken from the query. */
    list: useCase(Type.Object({ type: Slug, query: RawQuery, limit: Limit, offset: Offset }), async (context, input) => {
      const request = typedListRequestOf(input.type, input.query)
      if (request instanceof Refused) return request
      const { type, filters, ordering } = request
      return listRecords(reads, type, withoutOthersSearch(context, type.slug, filters), input.limit, input.offset, ordering)
    }),
    /** Every record of the list as its exported table: the filters checked now, the rows read as the file is written. */
    listExport: useCase(Type.Object({ type: Slug, query: RawQuery }), async (context, input) => {
      const request = typedListRequestOf(input.type, input.query)
      if (request instanceof Refused) return request
      const { type, filters, ordering } = request
      return recordsExport(db, type, withoutOthersSearch(context, type.slug, filters), ordering)
    }),
    /** Published readings above their ПДК, the worst multiple first (the Department's list of exceedances). */
    exceedances: useCase(Type.Object({ ...ExceedanceQuery, limit: Limit, offset: Offset }), (_c, { limit, offset, ...filters }) => listExceedances(reads, filters, limit, offset)),
    /** How many readings exceeded their ПДК each year, with the other filters. */
    exceedancesPerYear: useCase(Type.Object({ area: Type.Optional(Id), company: Type.Optional(Id), substance: Type.Optional(Type.String({ maxLength: 500 })) }), (_c, input) => exceedancesPerYear(reads, input)),
    /** Where a public reading comes from: the publication (company, report, file, row, agreement) or the catalogue's own data. */
    readingSource: useCase(Type.Object({ id: Id }), async (_c, input) => (await readingSource(reads, input.id)) ?? refused({ reason: 'record-not-found', title: 'Показание', id: input.id })),
    /** The years, companies, areas and substances that have exceedances (the page's selects). */
    exceedanceChoices: useCase(Type.Object({ company: Type.Optional(Id) }), (_c, input) => exceedanceChoices(reads, input)),
    /** Every record of the list with coordinates as GeoJSON features; a type without a geometry has no such format. */
    listGeoJson: useCase(Type.Object({ type: Slug, query: RawQuery }), async (_c, input) => {
      const type = typeOf(input.type)
      if (type instanceof Refused) return type
      const geometry = type.geometry
      if (!geometry) return refused({ reason: 'invalid-input', parameter: 'format', detail: `format: у записей раздела «${type.title}» нет координат` })
      const request = listRequestOf(type, input.query)
      if (request instanceof Refused) return request
      const { filters, ordering } = request
      return recordsGeoJson(db, { ...type, geometry }, filters, ordering)
    }),
    /** One record; with `kind` (areas, points: catalogue.md §7) a record of another kind is not the one asked for. A page shows the refusal as its 404. */
    card: useCase(Type.Object({ type: Slug, id: Id, kind: Type.Optional(Type.String({ maxLength: 2000 })) }), async (_c, input) => {
      const type = typeOf(input.type)
      if (type instanceof Refused) return type
      const kindFilter = type.filters.find((f) => f.name === 'kind' && f.kind === 'enum')
      const kind = kindFilter && input.kind !== undefined ? parsed(() => parseFilterValue(kindFilter, input.kind!)) : undefined
      if (kind instanceof Refused) return kind
      const found = await findRecord(reads, type, input.id)
      if (!found || (kind !== undefined && found.kind !== kind)) return refused({ reason: 'record-not-found', title: type.title, id: input.id })
      return found
    }),

    /** The company list: kind, kinds, name search, report status, ordering. */
    companies: useCase(Type.Object({ ...CompanyQuery, limit: Limit, offset: Offset }), async (context, input) => {
      const request = companyRequestOf(context, input)
      return request instanceof Refused ? request : listCompanies(reads, request.filters, input.limit, input.offset, request.ordering)
    }),
    companiesExport: useCase(Type.Object(CompanyQuery), async (context, input) => {
      const request = companyRequestOf(context, input)
      return request instanceof Refused ? request : companiesExport(db, request.filters, request.ordering)
    }),
    /** One company; with `kind`, a company of another kind is not the one asked for. */
    company: useCase(Type.Object({ id: Id, kind: Type.Optional(CompanyKind) }), async (_c, input) => {
      const company = await findCompany(reads, input.id)
      if (!company || (input.kind !== undefined && company.kind !== input.kind)) return refused({ reason: 'company-not-found' })
      return company
    }),
    headCompanies: useCase(Type.Object({}), () => headCompanies(reads)),

    /** A water-object point's sediment and surface-water control indicators as one list, the year as typed (checked like every catalogue year filter). */
    controlIndicators: useCase(Type.Object({ point: Id, year: Type.Optional(Type.String({ maxLength: 2000 })), limit: Limit, offset: Offset }), async (_c, input) => {
      const year = input.year === undefined ? undefined : parsed(() => parseFilterValue(yearFilter(), input.year!) as number | undefined)
      if (year instanceof Refused) return year
      const point = await reads.selectFrom('measures_points').select('id').where('id', '=', input.point).executeTakeFirst()
      if (!point) return refused({ reason: 'point-not-found' })
      return listControlIndicators(reads, point.id, { year }, input.limit, input.offset)
    }),
    /** Deletes a measuring point unless it holds data of agreed or pending reports. Department and Administrator. */
    deletePoint: useCase(Type.Object({ id: Id }), async (context, input) => {
      if (!can(context.actor, 'delete:measures-point:any')) return refused({ reason: 'forbidden' })
      const result = await deleteMeasuresPoint(db, input.id)
      if (result.status === 'not-found') return refused({ reason: 'point-not-found' })
      if (result.status === 'refused') return refused({ reason: 'point-deletion-refused', why: result.reason })
      return null
    }),

    /** The site search (the header's page and the API): companies, areas, points and substances by name (ё and е alike); the query normalised here, too short a query refused. */
    search: useCase(Type.Object({ q: Type.String({ maxLength: 200 }), limit: Type.Integer({ minimum: 1, maximum: 50 }) }), async (_c, input) => {
      const query = normaliseQuery(input.q)
      if (query.length < MIN_QUERY) return refused({ reason: 'invalid-input', parameter: 'q', detail: `q: введите не меньше ${MIN_QUERY} символов` })
      return siteSearch(reads, query, input.limit)
    }),

    /** The reference lists of the filters and every table's years. */
    references: useCase(Type.Object({}), () => references(reads)),
    /** The administrative districts; `filter`: the district filter's options instead (catalogue.md §3 'Reference lists'). One read for the API and the area pages. */
    administrativeRegions: useCase(Type.Object({ filter: Type.Boolean() }), (_c, input) => (input.filter ? regionFilterList(reads) : administrativeRegions(reads))),
    /** The point category lists (geochemical, geobotanical, radionuclides, hydrological). */
    pointCategoryLists: useCase(Type.Object({}), () => pointCategories(reads)),
    /** Greenhouse emissions per category, the year and company as typed: one read for the API and the greenhouse pages. */
    greenhouseCategoryReport: useCase(Type.Object({ year: Type.Optional(Type.String({ maxLength: 10 })), company: Type.Optional(Type.String({ maxLength: 12 })) }), async (_c, input) => {
      const year = parsed(() => parseFilterValue({ name: 'year', kind: 'year', column: 'year' }, input.year ?? '') as number | undefined)
      if (year instanceof Refused) return year
      const company = parsed(() => parseFilterValue({ name: 'company', kind: 'id', column: 'company_id' }, input.company ?? '') as number | undefined)
      if (company instanceof Refused) return company
      return categoryTotals(reads, { year, company })
    }),
  }
}

export type CatalogueUseCases = ReturnType<typeof catalogueUseCases>
