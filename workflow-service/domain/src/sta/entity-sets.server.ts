// The SensorThings entity sets as views of the catalogue's own tables (no copy of its data or of its rules: what the
// catalogue publishes is what they show): a measuring point is a Thing, its place a Location and a FeatureOfInterest,
// a kind of point a Sensor, a substance of the reference list an ObservedProperty, a point × substance that has
// published readings a Datastream, and each published reading an Observation (decision 3702).
import { type RawBuilder, sql } from 'kysely'

export type SetName = 'Things' | 'Locations' | 'Datastreams' | 'Sensors' | 'ObservedProperties' | 'Observations' | 'FeaturesOfInterest'

export type PropertyType = 'id' | 'string' | 'number' | 'json' | 'geometry' | 'time' | 'null'

export interface PropertyDef {
  type: PropertyType
  /** The view's column it is read from (for `time`: the reading's day; for `geometry`: `lon`, `lat`). */
  column: string
  /** The JSON value of the answer from the view's row. */
  value: (row: Row) => unknown
  /** May be named in `$orderby`. */
  sortable?: boolean
}

export interface Navigation {
  target: SetName
  many: boolean
  /** The target's columns equal to the source's: [targetColumn, sourceColumn]. */
  pairs: Array<[string, string]>
}

export interface EntitySet {
  name: SetName
  /** The view: a SELECT whose columns the properties and navigations name (static text, never input). */
  view: RawBuilder<unknown>
  properties: Record<string, PropertyDef>
  navigation: Record<string, Navigation>
  /** The view's condition of one id (a Datastream's id is its point's and substance's together). */
  byId: (id: number) => RawBuilder<unknown>
}

export type Row = Record<string, unknown>

/** A Datastream's id: its point's id and its substance's id in one number. */
export const DATASTREAM_ID_FACTOR = 100000
/** The region's offset from UTC (Asia/Yekaterinburg keeps +05:00 the year round): a sampling day starts at 00:00 there. */
export const REGION_OFFSET = '+05:00'

const OBSERVATION_TYPE = 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement'

const column = (name: string, type: PropertyType = 'string', sortable = true): PropertyDef => ({ type, column: name, value: (row) => row[name] ?? null, sortable })
const json = (name: string): PropertyDef => ({ type: 'json', column: name, value: (row) => row[name] ?? {} })
const constant = (value: string): PropertyDef => ({ type: 'string', column: '', value: () => value })
const point = (row: Row) => ({ type: 'Point', coordinates: [Number(row.lon), Number(row.lat)] })
const idOf = (row: Row) => Number(row.id)

/** WGS 84 degrees, as the catalogue's GeoJSON takes them (geojson.server.ts): other points have no place. */
const HAS_PLACE = sql`p.latitude BETWEEN -90 AND 90 AND p.longitude BETWEEN -180 AND 180`
const KIND_TITLE = sql`coalesce(pk.name, p.kind)`

const PLACES = sql`SELECT p.id, p.name, coalesce(nullif(p.location_description, ''), p.name) AS description, p.longitude AS lon, p.latitude AS lat
  FROM measures_points p WHERE ${HAS_PLACE}`

const placeProperties = (geometry: 'location' | 'feature'): Record<string, PropertyDef> => ({
  id: { type: 'id', column: 'id', value: idOf, sortable: true },
  name: column('name'),
  description: column('description'),
  encodingType: constant('application/geo+json'),
  [geometry]: { type: 'geometry', column: 'lon', value: point },
})

export const ENTITY_SETS: Record<SetName, EntitySet> = {
  Things: {
    name: 'Things',
    view: sql`SELECT p.id, p.name, coalesce(nullif(p.location_description, ''), ${KIND_TITLE} || ': ' || p.name) AS description,
        jsonb_strip_nulls(jsonb_build_object('nomenclature', p.nomenclature, 'kind', p.kind, 'kindTitle', pk.name, 'category', p.category,
          'areaId', p.area_id, 'waterResourceId', p.water_resource_id, 'pointNumber', p.point_number)) AS properties
      FROM measures_points p LEFT JOIN point_kinds pk ON pk.code = p.kind`,
    properties: { id: { type: 'id', column: 'id', value: idOf, sortable: true }, name: column('name'), description: column('description'), properties: json('properties') },
    navigation: {
      Locations: { target: 'Locations', many: true, pairs: [['id', 'id']] },
      Datastreams: { target: 'Datastreams', many: true, pairs: [['thing_id', 'id']] },
    },
    byId: (id) => sql`e.id = ${id}`,
  },
  Locations: {
    name: 'Locations',
    view: PLACES,
    properties: placeProperties('location'),
    navigation: { Things: { target: 'Things', many: true, pairs: [['id', 'id']] } },
    byId: (id) => sql`e.id = ${id}`,
  },
  FeaturesOfInterest: {
    name: 'FeaturesOfInterest',
    view: PLACES,
    properties: placeProperties('feature'),
    navigation: { Observations: { target: 'Observations', many: true, pairs: [['foi_id', 'id']] } },
    byId: (id) => sql`e.id = ${id}`,
  },
  Sensors: {
    name: 'Sensors',
    view: sql`SELECT pk.id, pk.name, 'Наблюдения: ' || pk.name AS description, pk.code AS metadata FROM point_kinds pk`,
    properties: { id: { type: 'id', column: 'id', value: idOf, sortable: true }, name: column('name'), description: column('description'), encodingType: constant('text/plain'), metadata: column('metadata') },
    navigation: { Datastreams: { target: 'Datastreams', many: true, pairs: [['sensor_id', 'id']] } },
    byId: (id) => sql`e.id = ${id}`,
  },
  ObservedProperties: {
    name: 'ObservedProperties',
    view: sql`SELECT s.id, s.name, s.name || ', ' || u.name AS description, 'urn:yanao-eco:substance:' || s.id AS definition,
        jsonb_strip_nulls(jsonb_build_object('unit', u.name, 'mpc', s.mpc::float8, 'mpcMax', s.mpc_max::float8)) AS properties
      FROM substances s JOIN units u ON u.id = s.unit_id`,
    properties: { id: { type: 'id', column: 'id', value: idOf, sortable: true }, name: column('name'), definition: column('definition'), description: column('description'), properties: json('properties') },
    navigation: { Datastreams: { target: 'Datastreams', many: true, pairs: [['observed_property_id', 'id']] } },
    byId: (id) => sql`e.id = ${id}`,
  },
  Datastreams: {
    name: 'Datastreams',
    // A point × substance of the reference list whose unit the point's readings are in (values are stored in the
    // limit's unit, decision 2130), found through the index of the readings by point, substance and unit.
    view: sql`SELECT p.id::int8 * ${sql.lit(DATASTREAM_ID_FACTOR)} + s.id AS id, p.name || ': ' || s.name AS name,
        s.name || ', ' || u.name || ' — ' || ${KIND_TITLE} || ', ' || p.name AS description, u.name AS unit,
        jsonb_strip_nulls(jsonb_build_object('substance', s.name, 'mpc', s.mpc::float8, 'mpcMax', s.mpc_max::float8)) AS properties,
        p.id AS thing_id, s.id AS observed_property_id, pk.id AS sensor_id
      FROM measures_points p CROSS JOIN substances s JOIN units u ON u.id = s.unit_id LEFT JOIN point_kinds pk ON pk.code = p.kind
      WHERE EXISTS (SELECT 1 FROM measures_point_indications i WHERE i.measures_point_id = p.id AND i.name = s.name AND i.measure = u.name)`,
    properties: {
      id: { type: 'id', column: 'id', value: idOf, sortable: true },
      name: column('name'),
      description: column('description'),
      observationType: constant(OBSERVATION_TYPE),
      unitOfMeasurement: { type: 'json', column: 'unit', value: (row) => ({ name: row.unit, symbol: row.unit, definition: '' }) },
      properties: json('properties'),
    },
    navigation: {
      Thing: { target: 'Things', many: false, pairs: [['id', 'thing_id']] },
      Sensor: { target: 'Sensors', many: false, pairs: [['id', 'sensor_id']] },
      ObservedProperty: { target: 'ObservedProperties', many: false, pairs: [['id', 'observed_property_id']] },
      Observations: { target: 'Observations', many: true, pairs: [['point_id', 'thing_id'], ['substance_id', 'observed_property_id']] },
    },
    byId: (id) => sql`e.thing_id = ${Math.floor(id / DATASTREAM_ID_FACTOR)} AND e.observed_property_id = ${id % DATASTREAM_ID_FACTOR}`,
  },
  Observations: {
    name: 'Observations',
    view: sql`SELECT i.id, to_char(i.sampled, 'YYYY-MM-DD') AS day, i.sampled, i.year, i.value AS result,
        jsonb_strip_nulls(jsonb_build_object('year', i.year, 'mpc', i.mpc, 'mpcMax', i.mpc_max)) AS parameters,
        i.measures_point_id::int8 * ${sql.lit(DATASTREAM_ID_FACTOR)} + s.id AS datastream_id, i.measures_point_id AS point_id, s.id AS substance_id,
        i.measures_point_id AS foi_id
      FROM measures_point_indications i JOIN units u ON u.name = i.measure JOIN substances s ON s.name = i.name AND s.unit_id = u.id`,
    properties: {
      id: { type: 'id', column: 'id', value: idOf, sortable: true },
      phenomenonTime: { type: 'time', column: 'sampled', value: phenomenonTimeOf, sortable: true },
      resultTime: { type: 'null', column: '', value: () => null },
      result: { type: 'number', column: 'result', value: (row) => Number(row.result), sortable: true },
      parameters: json('parameters'),
    },
    navigation: {
      Datastream: { target: 'Datastreams', many: false, pairs: [['thing_id', 'point_id'], ['observed_property_id', 'substance_id']] },
      FeatureOfInterest: { target: 'FeaturesOfInterest', many: false, pairs: [['id', 'foi_id']] },
    },
    byId: (id) => sql`e.id = ${id}`,
  },
}

/**
 * The sampling moment: the day of sampling from 00:00 in the region (no time of day is recorded), or the whole year
 * as an interval for a reading with no day.
 */
function phenomenonTimeOf(row: Row): string {
  if (typeof row.day === 'string') return `${row.day}T00:00:00${REGION_OFFSET}`
  const year = Number(row.year)
  return `${year}-01-01T00:00:00${REGION_OFFSET}/${year + 1}-01-01T00:00:00${REGION_OFFSET}`
}

/** The entity set named in a path, by its name or (after a navigation) its singular. */
export function entitySet(name: string): EntitySet | undefined {
  return Object.hasOwn(ENTITY_SETS, name) ? ENTITY_SETS[name as SetName] : undefined
}
