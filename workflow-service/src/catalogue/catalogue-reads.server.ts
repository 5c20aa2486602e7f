// The catalogue's reads as use-cases: each is `(context, input)`, its input checked by one TypeBox schema, its answer
// plain data. The pages get them from their load context (never a database handle); the API may call the same ones.
import { type Static, type TSchema, Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { UseCaseContext } from '../use-cases/use-case.ts'
import { badRequest } from '../plugins/errors.server.ts'
import { Id, MAX_ID, MAX_PAGE_SIZE, Year } from '../http/params.ts'
import { mapPoints, readingSeries, readingYears, substanceNames, yearlyValues } from './chart-series.server.ts'
import { categoryTotals } from './greenhouse-report.server.ts'
import { siteSearch } from '../search/site-search.server.ts'
import { controlIndicatorYears, listControlIndicators } from './point-control-indicators.server.ts'
import { findRecord, listRecords, yearsOf } from './query.server.ts'
import { regionFilterList } from './references.server.ts'
import { catalogueTypes, findType } from './registry/index.ts'
import type { CatalogueType, ParentKind } from './registry/types.ts'
import { waterResourceIdsOf } from './water-system-points.server.ts'

export type { UseCaseContext }

const Slug = Type.String({ minLength: 1, maxLength: 100 })
const FilterValue = Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Array(Type.Number()), Type.Array(Type.String())])
const Filters = Type.Record(Type.String(), FilterValue)
// The ids and years are the API's own (http/params.ts): one id range and one year range for every door.
const Limit = Type.Integer({ minimum: 0, maximum: MAX_PAGE_SIZE })
const Offset = Type.Integer({ minimum: 0, maximum: MAX_ID })
const Parent = Type.Union([Type.Literal('company'), Type.Literal('area'), Type.Literal('measures_point'), Type.Literal('water_system')])

/** A use-case whose input is checked against its schema before it runs; the first wrong field is named in the 400. */
function read<S extends TSchema, O>(schema: S, run: (context: UseCaseContext, input: Static<S>) => Promise<O>) {
  return (context: UseCaseContext, input: Static<S>): Promise<O> => {
    if (!Value.Check(schema, input)) {
      const error = Value.Errors(schema, input).First()
      const field = error?.path.replace(/^\//, '').split('/')[0] || 'input'
      throw badRequest(`${field}: ${error?.message ?? 'неверное значение'}`, field)
    }
    return run(context, input)
  }
}

function typeOf(slug: string): CatalogueType {
  const type = findType(slug)
  if (!type) throw badRequest(`type: нет такого раздела каталога (${slug})`, 'type')
  return type
}

/** The column a scoped list's filter reads (through a referenced table when the filter says so). */
function scopeCheck(type: CatalogueType, filterName: string, id: number) {
  const filter = type.filters.find((f) => f.name === filterName)!
  const where = filter.through
    ? sql`${sql.ref(filter.through.fk)} IN (SELECT id FROM ${sql.table(filter.through.table)} WHERE ${sql.ref(filter.column)} = ${id})`
    : sql`${sql.ref(filter.column)} = ${id}`
  return sql`EXISTS (SELECT 1 FROM ${sql.table(type.table)} WHERE ${where})`
}

export function catalogueReads(db: Kysely<Database>) {
  return {
    /** One page of a type's records with applied filters, and the count. */
    listRecords: read(Type.Object({ type: Slug, filters: Filters, limit: Limit, offset: Offset }), (_c, input) =>
      listRecords(db, typeOf(input.type), input.filters, input.limit, input.offset),
    ),
    /** One record of a type, or null. */
    findRecord: read(Type.Object({ type: Slug, id: Id }), async (_c, input) => (await findRecord(db, typeOf(input.type), input.id)) ?? null),
    /** The years a type has records for in a scope, newest first. */
    years: read(Type.Object({ type: Slug, filters: Filters }), (_c, input) => yearsOf(db, typeOf(input.type), input.filters)),
    /** The scoped lists (type slug and suffix) of a parent record that hold any data for it. */
    scopedListsWithData: read(Type.Object({ parent: Parent, id: Id }), async (_c, input) => {
      const candidates = catalogueTypes.flatMap((type) =>
        (type.pages?.scoped ?? []).filter((s) => s.parent === (input.parent as ParentKind) && s.suffix !== 'reports').map((scoped) => ({ type, scoped })),
      )
      if (!candidates.length) return []
      const checks = candidates.map(({ type, scoped }, i) => sql<{ i: number }>`SELECT ${i}::int AS i WHERE ${scopeCheck(type, scoped.filter, input.id)}`)
      const { rows } = await sql<{ i: number }>`${sql.join(checks, sql` UNION ALL `)}`.execute(db)
      const present = new Set(rows.map((r) => r.i))
      return candidates.filter((_, i) => present.has(i)).map(({ type, scoped }) => ({ slug: type.slug, suffix: scoped.suffix }))
    }),
    /** The rows of a small generated reference list (greenhouse categories, soil types), by id. */
    referenceRows: read(Type.Object({ type: Slug }), async (_c, input) => {
      const type = typeOf(input.type)
      if (!type.reference) throw badRequest('type: это не справочник', 'type')
      const { rows } = await sql<{ id: number; name: string }>`SELECT id, name FROM ${sql.table(type.table)} ORDER BY id`.execute(db)
      return rows
    }),
    /** The district filter's options (catalogue.md §3 'Reference lists'). */
    regionFilterOptions: read(Type.Object({}), () => regionFilterList(db)),
    /** The point categories present among the points of an area (or of all points). */
    pointCategories: read(Type.Object({ area: Type.Optional(Id) }), async (_c, input) => {
      const { rows } = await sql<{ category: string }>`
        SELECT DISTINCT category FROM measures_points WHERE category IS NOT NULL ${input.area ? sql`AND area_id = ${input.area}` : sql``} ORDER BY category`.execute(db)
      return rows.map((r) => r.category)
    }),
    /** Greenhouse emissions per category for a year, of every company or of one. */
    greenhouseCategoryTotals: read(Type.Object({ year: Type.Optional(Year), company: Type.Optional(Id) }), (_c, input) => categoryTotals(db, input)),
    /** A water-object point's sediment and surface-water control indicators as one list, and the years it has. */
    controlIndicators: read(Type.Object({ point: Id, year: Type.Optional(Year), limit: Limit, offset: Offset }), (_c, input) =>
      listControlIndicators(db, input.point, { year: input.year }, input.limit, input.offset),
    ),
    controlIndicatorYears: read(Type.Object({ point: Id }), (_c, input) => controlIndicatorYears(db, input.point)),
    /** The water bodies a water system controls. */
    waterResourcesOfSystem: read(Type.Object({ system: Id }), (_c, input) => waterResourceIdsOf(db, input.system)),
    /** A point's substances over the years: each year's worst value and the limit (the readings chart). */
    readingSeries: read(Type.Object({ point: Id }), (_c, input) => readingSeries(db, input.point)),
    /** Per year, the sum or mean of numeric fields of a type's records with filters (the list charts). */
    yearlyValues: read(
      Type.Object({ type: Slug, filters: Filters, fields: Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 20 }), aggregate: Type.Union([Type.Literal('sum'), Type.Literal('avg')]) }),
      (_c, input) => yearlyValues(db, typeOf(input.type), input.filters, input.fields, input.aggregate),
    ),
    /** The measuring points on a map with their worst multiple of the limit in a year. */
    mapPoints: read(
      Type.Object({
        area: Type.Optional(Id),
        areaKind: Type.Optional(Type.String({ maxLength: 100 })),
        kind: Type.Optional(Type.String({ maxLength: 100 })),
        year: Type.Optional(Year),
        substance: Type.Optional(Type.String({ maxLength: 500 })),
      }),
      (_c, input) => mapPoints(db, input),
    ),
    /** The years with readings (of one substance), newest first. */
    substanceNames: read(Type.Object({}), () => substanceNames(db)),
    /** The site search: companies, areas, points and substances by name (ё and е alike). */
    siteSearch: read(Type.Object({ q: Type.String({ minLength: 1, maxLength: 200 }), limit: Type.Integer({ minimum: 1, maximum: 50 }) }), (_c, input) => siteSearch(db, input.q, input.limit)),
    readingYears: read(Type.Object({ substance: Type.Optional(Type.String({ maxLength: 500 })) }), (_c, input) => readingYears(db, input.substance)),
  }
}

export type CatalogueReads = ReturnType<typeof catalogueReads>
