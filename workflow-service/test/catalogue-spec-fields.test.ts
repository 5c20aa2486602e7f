// Spec §3 fields in the answers, §7 parameters applied and validated, and demo data that fills every section.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { catalogueTypes } from '../domain/src/catalogue/registry/index.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

async function get(url: string) {
  const res = await t.app.inject({ url })
  return { status: res.statusCode, body: res.json() as Record<string, any> }
}

async function first(slug: string, query = ''): Promise<Record<string, any>> {
  const { status, body } = await get(`/api/v1/${slug}/?limit=1${query}`)
  expect(status, slug).toBe(200)
  expect(body.results.length, `${slug} has demo rows`).toBe(1)
  return body.results[0]
}

const LAYERS = ['herbs', 'shrubs', 'mosses', 'lichens'].flatMap((l) => ['type', 'cover', 'riches', 'vitality', 'height'].map((x) => `${l}_${x}`))

/** §3 fields that were missing, per endpoint. */
const SPEC_FIELDS: Record<string, string[]> = {
  'ecomon-fito-indicators': ['year', 'sampled', 'photos', ...LAYERS, 'negative_impact_rate', 'negative_impact_level', 'synanthropic_invasive_rate', 'synanthropic_invasive_level', 'measures_point'],
  'ecomon-waters-control-indicators': [
    'measures_point', 'year', 'sampled', 'act_file', 'protocol_file', 'acidity_level', 'biological_oxygen', 'nitrite', 'nitrate_ion', 'phosphate_ion', 'sulphate_ion',
    'chloride_ion', 'ammonium_ion', 'petrochemical', 'phenols', 'anionic_surfactants', 'methanol', 'manganese', 'plumbum', 'copper', 'zinc', 'nickel', 'iron',
    'chromium', 'mercury', 'radioactivity_rate', 'toxicity_rate', 'complex_pollution_rate', 'high_pollution_rate', 'extreme_pollution_rate', 'complex_pollution_level',
    'dissolved_oxygen_level', 'biological_oxygen_level', 'radioactivity_level', 'toxicity_level', 'conclusions', 'model',
  ],
  'ecomon-sediment-control-indicators': [
    'measures_point', 'year', 'sampled', 'act_file', 'protocol_file', 'acidity_level', 'dissolved_oxygen', 'sulphate_ion', 'chloride_ion', 'petrochemical',
    'anionic_surfactants', 'iron', 'copper', 'plumbum', 'zinc', 'manganese', 'nickel', 'chromium', 'potassium', 'radium', 'thorium', 'cesium',
    'natural_radionuclides_rate', 'toxicity_rate', 'total_pollution_rate', 'complex_pollution_level', 'petrochemical_level', 'radioactivity_level', 'toxicity_level', 'model',
  ],
  'ecomon-water-legacy-indicators': ['water_pollution_index', 'pollution_level', 'complex_pollution_rate', 'extreme_pollution_rate', 'high_pollution_rate'],
  'ecomon-waters-indicators': ['photos', 'complex_pollution_rate', 'high_pollution_rate', 'extreme_pollution_rate', 'complex_pollution_level', 'high_pollution_level', 'extreme_pollution_level'],
  'ecomon-sediment-indicators': ['total_pollution_level', 'petrochemical_pollution_level', 'pollution_level'],
  'ecomon-soils-radionuclides-indicators': ['photos', 'mechanical_consist', 'soil_type', 'radioactivity_pollution_level'],
  'exposure-levels': ['waste_accumulation_objects', 'waste_accumulation_area'],
  'observation-ichthyo-evolutions': ['sampled', 'photos', 'evolution_grade', 'environmental_level', 'year', 'observation_systems'],
  'observation-flora-evolutions': ['sampled', 'photos', 'evolution_grade', 'environmental_level', 'year', 'observation_systems'],
  'water-systems': ['founded', 'purpose', 'tasks', 'water_resources', 'map', 'measures_points'],
}

/** §7: lists asked for by measuring point or by area. */
const BY_POINT_OR_AREA = [
  'ecomon-soils-readionuclides-legacy-indicators',
  'ecomon-sediment-indicators',
  'ecomon-sediment-legacy-indicators',
  'ecomon-snow-indicators',
  'ecomon-snow-legacy-indicators',
  'ecomon-soils-geochemistry-indicators',
  'ecomon-soils-legacy-indicators',
]

describe('catalogue fields and parameters of the spec', () => {
  it('answers every §3 field that was missing, in lists and on cards, with values in the demo data', async () => {
    for (const [slug, fields] of Object.entries(SPEC_FIELDS)) {
      const item = await first(slug)
      for (const field of fields) expect(item, `${slug}.${field}`).toHaveProperty(field)
      const card = await get(`/api/v1/${slug}/${item.id}/`)
      expect(card.status).toBe(200)
      for (const field of fields) expect(card.body, `${slug}/{id}.${field}`).toHaveProperty(field)
    }
    // The demo data fills them, not only the keys.
    const fito = await first('ecomon-fito-indicators')
    for (const field of LAYERS) expect(fito[field], field).not.toBeNull()
  })

  it('tells the two control indicator lists apart by their model', async () => {
    expect((await first('ecomon-waters-control-indicators')).model).toBe('EcoMonWatersControlIndicators')
    expect((await first('ecomon-sediment-control-indicators')).model).toBe('EcoMonSedimentControlIndicators')
  })

  it("lists a water system's measuring points with nomenclature, name and kind", async () => {
    const { body } = await get('/api/v1/water-systems/?limit=50')
    const withPoints = body.results.filter((s: any) => s.measures_points.length > 0)
    expect(withPoints.length).toBeGreaterThan(0)
    const system = withPoints[0]
    expect(Object.keys(system.measures_points[0]).sort()).toEqual(['id', 'kind', 'name', 'nomenclature'])
    // They are the points on the water bodies the system names.
    const { rows } = await sql<{ id: number }>`
      SELECT p.id FROM measures_points p JOIN water_resources wr ON wr.id = p.water_resource_id
      WHERE wr.name = ANY(${system.water_resources}::text[]) ORDER BY p.nomenclature, p.id`.execute(t.database.db)
    expect(system.measures_points.map((p: any) => p.id)).toEqual(rows.map((r) => r.id))
  })

  it('names the area of an evolution observation as its first observation system', async () => {
    const item = await first('observation-flora-evolutions')
    expect(item.observation_systems[0].area).toEqual(item.area)
  })

  it('applies the area filter of the seven point-or-area lists and refuses a bad one naming it', async () => {
    for (const slug of BY_POINT_OR_AREA) {
      const bad = await get(`/api/v1/${slug}/?area=abc`)
      expect(bad.status, slug).toBe(400)
      expect(bad.body.parameter).toBe('area')
      const any = await first(slug)
      const areaId = any.measures_point.area.id as number
      const { body } = await get(`/api/v1/${slug}/?area=${areaId}&limit=100`)
      expect(body.count).toBeGreaterThan(0)
      for (const row of body.results) expect(row.measures_point.area.id).toBe(areaId)
      const all = await get(`/api/v1/${slug}/?limit=1`)
      expect(body.count, `${slug}: the filter narrows the list`).toBeLessThan(all.body.count)
    }
  })

  it('applies and validates kind on the cards of companies, areas and measuring points', async () => {
    for (const slug of ['companies', 'areas', 'measures-points']) {
      const record = await first(slug)
      expect((await get(`/api/v1/${slug}/${record.id}/?kind=${record.kind}`)).status, slug).toBe(200)
      const other = await first(slug, `&kind__in=${encodeURIComponent(otherKinds[slug].filter((k) => k !== record.kind).join(','))}`)
      expect((await get(`/api/v1/${slug}/${record.id}/?kind=${other.kind}`)).status, `${slug} of another kind`).toBe(404)
      const bad = await get(`/api/v1/${slug}/${record.id}/?kind=nothing`)
      expect(bad.status, slug).toBe(400)
      expect(bad.body.parameter).toBe('kind')
    }
  })

  it('links environmental indicators to licence areas, so an area and its company both list them', async () => {
    const item = await first('environmental-indicators')
    expect(item.area).not.toBeNull()
    const byArea = await get(`/api/v1/environmental-indicators/?area=${item.area.id}`)
    expect(byArea.body.count).toBeGreaterThan(0)
    const { rows } = await sql<{ n: number; linked: number }>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE area_id IS NOT NULL)::int AS linked FROM environmental_indicators`.execute(t.database.db)
    expect(rows[0].linked).toBe(rows[0].n)
    expect(byArea.body.results[0].company.id).toBe(item.company.id)
  })

  it('has demo rows for every catalogue type', async () => {
    for (const type of catalogueTypes) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(type.table)}`.execute(t.database.db)
      expect(rows[0].n, type.slug).toBeGreaterThan(0)
    }
  })

  it('writes grammatical Russian and totals that add up in the demo data', async () => {
    const { rows: areas } = await sql<{ description: string; corner_points: string }>`SELECT description, corner_points FROM areas WHERE kind = 'licence_area'`.execute(t.database.db)
    for (const a of areas) {
      expect(a.description).not.toMatch(/в пределах (тундра|лесотундра|северная тайга)/)
      const [, n] = /^(\d+) /.exec(a.corner_points) ?? []
      const forms = Number(n) % 10 >= 2 && Number(n) % 10 <= 4 && (Number(n) % 100 < 12 || Number(n) % 100 > 14) ? 'угловые точки' : 'угловых точек'
      expect(a.corner_points).toBe(`${n} ${forms}`)
    }
    const { body } = await get('/api/v1/ecomon-regional-report-areas/?limit=100')
    for (const r of body.results) {
      expect(r.complex_areas_total).toBeLessThanOrEqual(r.explored_areas_total)
      expect(r.indicators.measure_points_total).toBe(r.indicators.measure_points_ambient_air + r.indicators.measure_points_surface_water + r.indicators.measure_points_soils)
    }
    const costs = await first('environmental-indicators')
    const parts = ['disturbed_lands_costs', 'sludge_depot_costs', 'associated_gas_costs', 'accident_prevention_costs', 'monitoring_costs', 'management_systems_costs', 'education_costs', 'misc_costs']
    expect(costs.total_costs).toBeCloseTo(parts.reduce((sum, p) => sum + costs[p], 0), 2)
  })

  it('names no parameter in the message of a ZIP asked for without an area or a company', async () => {
    const { headers } = await loginAs(t.app, 'department')
    const res = await t.app.inject({ url: `/api/v1/import-files/zip/?year=2025`, headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).not.toMatch(/area_name|company|report_type/)
    expect(res.json().detail).toMatch(/^Участок: /)
  })
})

const otherKinds: Record<string, string[]> = {
  companies: ['lem', 'lem_industry', 'gas_emissions'],
  areas: ['licence_area', 'polygon_region_monitoring', 'polygon_YaNAO_monitoring'],
  'measures-points': ['ambient_air', 'surface_water', 'soils', 'geobotanical_sites'],
}
