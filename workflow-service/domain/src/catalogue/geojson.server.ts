// A catalogue list as GeoJSON (RFC 7946, decision 2430): the same filters and order as its JSON pages, each record a
// Feature whose properties are the record as the JSON list answers it and whose geometry is declared in the registry
// (`geometry`): a Point from the record's own coordinates, or a MultiPoint of the measuring points that belong to it.
// Records with no valid coordinates are left out (the JSON list still has them). Read in cursor batches.
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { readInBatches } from '../exports/read-in-batches.server.ts'
import type { Feature, WriteFeatures } from '../exports/row-writers.ts'
import type { OrderTerm } from './ordering.ts'
import type { AppliedFilters } from './filters.ts'
import { listSql, shapeRow } from './query.server.ts'
import type { CatalogueType, GeometryDef } from './registry/types.ts'

/** The column the geometry's coordinates are read into; never a field name of the registry. */
const GEOMETRY_COLUMN = '__geometry'

/**
 * WGS 84 degrees on the globe. NaN and ±Infinity (which a double precision column can hold) are outside any range
 * in PostgreSQL's order, so they are left out too.
 */
const valid = (alias: string, g: { latitude: string; longitude: string }) =>
  sql`${sql.ref(`${alias}.${g.latitude}`)} BETWEEN -90 AND 90 AND ${sql.ref(`${alias}.${g.longitude}`)} BETWEEN -180 AND 180`

const POINT_COLUMNS = { latitude: 'latitude', longitude: 'longitude' }

/** The geometry's coordinates as JSON (lon, lat: RFC 7946 §3.1.1) and the condition that a record has some. */
function geometrySql(geometry: GeometryDef): { column: RawBuilder<unknown>; where: RawBuilder<unknown> } {
  if (geometry.kind === 'point') {
    return {
      column: sql`json_build_array(${sql.ref(`t.${geometry.longitude}`)}, ${sql.ref(`t.${geometry.latitude}`)}) AS ${sql.id(GEOMETRY_COLUMN)}`,
      where: valid('t', geometry),
    }
  }
  // The declaration's SQL is static text of the registry, never input.
  const points = sql`FROM measures_points AS p WHERE (${sql.raw(geometry.where)}) AND ${valid('p', POINT_COLUMNS)}`
  return {
    column: sql`(SELECT json_agg(json_build_array(p.longitude, p.latitude) ORDER BY p.nomenclature, p.id) ${points}) AS ${sql.id(GEOMETRY_COLUMN)}`,
    where: sql`EXISTS (SELECT 1 ${points})`,
  }
}

export function toFeature(type: CatalogueType, row: Record<string, unknown>): Feature {
  const { [GEOMETRY_COLUMN]: coordinates, ...record } = row
  const properties = shapeRow(type, record)
  const geometry: Feature['geometry'] =
    type.geometry?.kind === 'point'
      ? { type: 'Point', coordinates: coordinates as [number, number] }
      : { type: 'MultiPoint', coordinates: coordinates as Array<[number, number]> }
  return { type: 'Feature', id: properties.id as number, geometry, properties }
}

/** Every record of the filter with coordinates, as features, read as the answer is written. */
export function recordsGeoJson(db: Kysely<Database>, type: CatalogueType & { geometry: GeometryDef }, filters: AppliedFilters, ordering: readonly OrderTerm[]) {
  const geometry = geometrySql(type.geometry)
  const query = listSql(type, filters, ordering, { columns: [geometry.column], where: [geometry.where] })
  return {
    produce: (write: WriteFeatures) => readInBatches<Record<string, unknown>>(db, query, (rows) => write(rows.map((row) => toFeature(type, row)))),
  }
}
