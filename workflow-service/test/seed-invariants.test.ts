// The demo data holds its own invariants: what the spec says of a record is true of every seeded one.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { specItems } from '../../scripts/spec-items.ts'
import { storedFields } from '../domain/src/catalogue/registry/index.ts'
import { measuresPoints } from '../domain/src/catalogue/registry/core.ts'
import { co2Equivalent, GLOBAL_WARMING_POTENTIALS } from '../domain/src/catalogue/registry/greenhouse.ts'
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts'

// A fresh copy of the database the demo data was loaded into (the same `npm run seed` does).
let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database?.destroy())

/** The point fields the spec lists («Measuring point: id, name, …»), as stored columns of the registry's declaration. */
function specPointColumns(): Array<{ field: string; column: string }> {
  const items = specItems('catalogue.md').fieldItems.filter((i) => i.entity === 'Measuring point').flatMap((i) => i.item.split(/[^a-z_]+/))
  return storedFields(measuresPoints)
    .filter((f) => items.includes(f.name))
    .map((f) => ({ field: f.name, column: f.column }))
}

/** Fields that belong to every point of some kinds: each such point has them (the others may not). */
const EVERY_POINT_OF: Record<string, readonly string[] | 'all' | 'licence-area'> = {
  name: 'all',
  nomenclature: 'all',
  kind: 'all',
  area: 'all',
  location_description: 'all',
  periodicity: 'all',
  latitude: 'all',
  longitude: 'all',
  landscape_description: 'all',
  gathering_date: 'all',
  gathering_location: 'all',
  point_number: 'all',
  nature_zone: 'all',
  nature_subzone: 'all',
  license: 'licence-area',
  pdk: ['ambient_air', 'surface_water', 'groundwater', 'snow_cover', 'soils', 'sediment_layers'],
  obuv: ['ambient_air', 'surface_water', 'groundwater'],
  odk: ['soils', 'sediment_layers', 'soil_sampling_point_geochemistry', 'soil_sampling_point_radionuclides'],
  avg_by_region: ['ambient_air', 'surface_water', 'groundwater', 'snow_cover', 'soils', 'sediment_layers'],
  water_resource: ['surface_water', 'groundwater', 'surface_water_sampling_point', 'control_water_object_state_point', 'hydrological_point'],
  well_purpose: ['groundwater'],
  aquifer: ['groundwater'],
  aquifer_purpose: ['groundwater'],
  groundwater_depth: ['groundwater'],
  groundwater_depth_max: ['groundwater'],
  flora_type: ['plant_sampling'],
  controlled_target: ['control_water_object_state_point'],
  controlled_water_resource: ['control_water_object_state_point'],
}

describe('the demo data holds its own invariants', () => {
  it('fills every measuring point field the spec shows on some point, and on every point it belongs to', async () => {
    const columns = specPointColumns()
    // The spec's list, as the registry stores it: nothing of it is left out of this test.
    expect(columns.map((c) => c.field)).toEqual(expect.arrayContaining(Object.keys(EVERY_POINT_OF)))
    const filled = (column: string) => sql<boolean>`(${sql.ref(`p.${column}`)} IS NOT NULL AND ${sql.ref(`p.${column}`)}::text <> '')`
    const emptyEverywhere: string[] = []
    const missing: string[] = []
    for (const { field, column } of columns) {
      const { rows } = await sql<{ filled: number; total: number }>`SELECT count(*) FILTER (WHERE ${filled(column)})::int AS filled, count(*)::int AS total FROM measures_points p`.execute(database.db)
      if (rows[0].filled === 0) emptyEverywhere.push(`${field}: empty on all ${rows[0].total} points`)
      const scope = EVERY_POINT_OF[field]
      if (!scope) continue
      const where = scope === 'all' ? sql`TRUE` : scope === 'licence-area' ? sql`a.kind = 'licence_area'` : sql`p.kind = ANY(${[...scope]}::text[])`
      const { rows: gaps } = await sql<{ kind: string; n: number }>`
        SELECT p.kind, count(*)::int AS n FROM measures_points p LEFT JOIN areas a ON a.id = p.area_id
        WHERE ${where} AND NOT ${filled(column)} GROUP BY p.kind ORDER BY p.kind`.execute(database.db)
      for (const gap of gaps) missing.push(`${field}: empty on ${gap.n} points of kind ${gap.kind}`)
    }
    expect(emptyEverywhere).toEqual([])
    expect(missing).toEqual([])
  })

  it('never gives a greenhouse record a CO2-equivalent total below its CO2: the total is the gases times their potentials', async () => {
    const gases = Object.keys(GLOBAL_WARMING_POTENTIALS)
    const { rows } = await sql<Record<string, number>>`
      SELECT id, total::float8 AS total, ${sql.join(gases.map((g) => sql`${sql.ref(g)}::float8 AS ${sql.ref(g)}`))} FROM greenhouse_gases`.execute(database.db)
    expect(rows.length).toBeGreaterThan(0)
    const below = rows.filter((r) => r.total < r.co2)
    expect(below.map((r) => r.id)).toEqual([])
    const wrong = rows.filter((r) => Math.abs(r.total - co2Equivalent(r)) > 0.001)
    expect(wrong.map((r) => ({ id: r.id, total: r.total, expected: co2Equivalent(r) }))).toEqual([])
  })
})
