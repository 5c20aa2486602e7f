// The charts and the map: their numbers against the readings in the database, the drawn SVG (limit line labelled
// 'ПДК', points coloured by their multiple of the limit, the data table), the map's filters, and the tile host in
// the Content-Security-Policy.
import type { AppLoadContext } from '@remix-run/node'
import { sql } from 'kysely'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { catalogueUseCases } from '@portal/workflow-domain/use-cases.server.ts'
import { ConfigError, loadConfig } from '@portal/workflow-server/service.server.ts'
import { pageSettingsOf } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { chartNumber, levelOf, linePath, niceStep, scalesOf, valueAxis, yearAxis, yearTicks } from '../app/features/charts/chart-geometry.ts'
import { LineChart } from '../app/features/charts/components/line-chart.tsx'
import { formatNumber } from '../app/utils/russian-format.ts'
import { listChartOf } from '../app/features/charts/server/list-chart.server.ts'
import { genericPage } from '../app/features/catalogue/server/generic-pages.server.ts'
import { mapView } from '../app/features/map/server/map-view.server.ts'
import { extentRing, placesFromGeoJson, projectionOf, scaleBar } from '../app/features/map/map-geometry.ts'
import { findType } from '@portal/workflow-domain/registry.ts'
import { catalogueTables } from '../../test-support/catalogue-tables.ts'
import { pageContext } from './support/load-context.ts'

const t = useTestApp({ MAP_TILES_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' })

function contextOf(): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, null, { dataDir: '.test-data/charts', env: { MAP_TILES_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' } })
}

type Reading = { measures_point_id: number; year: number; name: string; measure: string; value: number; mpc: number | null }

async function readingsOfPoint(id: number): Promise<Reading[]> {
  return (await t.database.db.selectFrom('measures_point_indications').select(['measures_point_id', 'year', 'name', 'measure', 'value', 'mpc']).where('measures_point_id', '=', id).execute()) as Reading[]
}

describe('charts', () => {
  it('writes numbers as the tables do: thousands apart, a decimal comma', () => {
    expect(chartNumber(12345.678)).toBe(formatNumber(12346))
    expect(chartNumber(12345.678)).toMatch(/^12\s346$/u)
    expect(chartNumber(1234.5)).toBe('1235')
    expect(chartNumber(0.0123456)).toBe('0,01235')
    expect(chartNumber(150000)).toMatch(/^150\s000$/u)
    expect(chartNumber(Number.POSITIVE_INFINITY)).toBe('—')
  })

  it('labels years evenly apart, each a multiple of its step, at most ten', () => {
    const span = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i)
    expect(yearTicks(span(2019, 2025))).toEqual(span(2019, 2025))
    expect(yearTicks(span(2010, 2023))).toEqual([2010, 2012, 2014, 2016, 2018, 2020, 2022])
    expect(yearTicks(span(1995, 2025))).toEqual([1995, 2000, 2005, 2010, 2015, 2020, 2025])
    expect(yearTicks(span(1900, 2100))).toEqual([1900, 1950, 2000, 2050, 2100])
    expect(yearTicks([2024])).toEqual([2024])
    expect(yearTicks([])).toEqual([])
    for (const years of [span(2001, 2024), span(1961, 2030)]) {
      const ticks = yearTicks(years)
      expect(ticks.length).toBeLessThanOrEqual(10)
      const gaps = new Set(ticks.slice(1).map((t, i) => t - ticks[i]))
      expect(gaps.size).toBe(1)
    }
  })

  it('writes the formulas of a chart as the tables do (NO₂, CO₂)', () => {
    const html = renderToString(
      createElement(LineChart, { title: 'Диоксид азота (NO2)', unit: 'т CO2-экв.', description: 'Опись', series: [{ name: 'CO2', points: [{ year: 2020, value: 12000 }, { year: 2021, value: 13000 }] }, { name: 'NO2', points: [{ year: 2020, value: 1 }] }] }),
    )
    expect(html).toContain('Диоксид азота (NO₂)')
    expect(html).toContain('т CO₂-экв.')
    expect(html).toContain('NO₂')
    expect(html).not.toMatch(/NO2|CO2/)
    expect(html).toMatch(/13\s000/u)
  })

  it('puts round ticks over every value, from zero, and breaks a line where a year has no value', () => {
    expect(niceStep(0, 2.4)).toBe(0.5)
    expect(valueAxis([0.07, 0.31])).toEqual({ min: 0, max: 0.4, ticks: [0, 0.1, 0.2, 0.3, 0.4] })
    expect(valueAxis([-3, 12]).min).toBeLessThanOrEqual(-3)
    expect(yearAxis([2012, 2010])).toEqual([2010, 2011, 2012])
    const scales = scalesOf({ width: 100, height: 100, left: 0, right: 0, top: 0, bottom: 0 }, [2010, 2011, 2012], { min: 0, max: 10 })
    expect(linePath([{ year: 2010, value: 0 }, { year: 2011, value: null }, { year: 2012, value: 10 }], scales)).toBe('M0,100M100,0')
  })

  it("draws a point's substances each with its yearly worst value against its limit", async () => {
    const point = await t.database.db.selectFrom('measures_points').select('id').where('kind', '=', 'ambient_air').orderBy('id').executeTakeFirstOrThrow()
    const rows = await readingsOfPoint(point.id)
    const read = await contextOf().catalogue.readingSeries(contextOf().useCaseContext, { point: point.id })
    if (!read.ok) throw new Error(`refused: ${read.refusal.reason}`)
    const series = read.value
    expect(series.map((s) => s.name)).toEqual([...new Set(rows.map((r) => r.name))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    for (const s of series) {
      for (const y of s.years) {
        const ofYear = rows.filter((r) => r.name === s.name && r.year === y.year)
        expect(y.value).toBeCloseTo(Math.max(...ofYear.map((r) => r.value)), 6)
        const limits = ofYear.map((r) => r.mpc).filter((m): m is number => m !== null && m > 0)
        expect(y.mpc).toBe(limits.length ? Math.min(...limits) : null)
      }
    }
  })

  it("labels the limit line 'ПДК', colours each point by its multiple and lists the numbers in a table", () => {
    const points = [
      { year: 2020, value: 0.1, limit: 0.2 },
      { year: 2021, value: 0.3, limit: 0.2 },
      { year: 2022, value: 0.9, limit: 0.2 },
      { year: 2023, value: 1.5, limit: 0.2 },
    ]
    const html = renderToString(createElement(LineChart, { title: 'Диоксид азота', unit: 'мг/м³', withLimit: true, description: 'по годам', series: [{ name: 'Диоксид азота', points }] }))
    expect(html).toContain('>ПДК</text>')
    expect(html).toContain('data-limit="ПДК"')
    const levels = [...html.matchAll(/<circle[^>]*data-level="([^"]+)"/g)].map((m) => m[1])
    expect(levels).toEqual(points.map((p) => levelOf(p.value / p.limit)))
    expect(levels).toEqual(['below-1', '1-2', '2-5', 'above-5'])
    expect(html).toMatch(/role="img"/)
    expect(html).toContain('<desc')
    expect((html.match(/<tr>/g) ?? []).length).toBe(points.length + 1)
  })

  it("sums a company's greenhouse gases per year by gas, over every year whatever the list's year", async () => {
    const company = await catalogueTables(t.database.db).selectFrom('greenhouse_gases').select('company_id').orderBy('company_id').executeTakeFirstOrThrow()
    const rows = await catalogueTables(t.database.db).selectFrom('greenhouse_gases').select(['year', 'co2', 'ch4']).where('company_id', '=', company.company_id).execute()
    const type = findType('greenhouse-gases')!
    const chart = await listChartOf(contextOf(), type, new URLSearchParams('year=2020'), { responsible__company: company.company_id, year: 2020 })
    expect(chart?.layout).toBe('each')
    const co2 = chart!.series.find((s) => s.name.startsWith('CO2'))!
    const years = [...new Set(rows.map((r) => r.year))].sort()
    expect(co2.points.map((p) => p.year)).toEqual(years)
    for (const p of co2.points) expect(p.value).toBeCloseTo(rows.filter((r) => r.year === p.year).reduce((sum, r) => sum + Number(r.co2), 0), 3)
  })

  it('charts the indicator chosen in the address as its yearly mean, and the first one for an unknown name', async () => {
    const { measures_point_id: point } = await catalogueTables(t.database.db).selectFrom('ecomon_snow_indicators').select('measures_point_id').orderBy('id').executeTakeFirstOrThrow()
    const address = `/measures-points/${point}/snow-indicators`
    const page = await genericPage(contextOf(), address, new URLSearchParams())
    if (page.view !== 'list') throw new Error('a list was expected')
    const picker = page.controls.find((c) => c.name === 'indicator')!
    expect(picker.value).toBe(picker.options![0].value)
    const chosen = picker.options![1].value
    const other = await genericPage(contextOf(), address, new URLSearchParams({ indicator: chosen }))
    if (other.view !== 'list') throw new Error('a list was expected')
    expect(other.chart?.series[0].name).toBe(other.controls.find((c) => c.name === 'indicator')!.options![1].label.split(',')[0])
    const rows = (await catalogueTables(t.database.db).selectFrom('ecomon_snow_indicators').selectAll().where('measures_point_id', '=', point).execute()) as unknown as Array<Record<string, number | null>>
    for (const p of other.chart!.series[0].points) {
      const values = rows.filter((r) => r.year === p.year && r[chosen] !== null).map((r) => Number(r[chosen]))
      expect(p.value).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 6)
    }
    const bad = await genericPage(contextOf(), address, new URLSearchParams({ indicator: 'nope;drop' }))
    if (bad.view !== 'list') throw new Error('a list was expected')
    expect(bad.controls.find((c) => c.name === 'indicator')!.value).toBe(picker.value)
  })
})

describe('the map', () => {
  it("colours each point by its worst multiple of the limit in the chosen year and keeps the filters", async () => {
    const view = await mapView(contextOf(), new URLSearchParams({ kind: 'surface_water', year: '2020' }))
    expect(view.map.points.length).toBeGreaterThan(0)
    expect(view.map.points.every((p) => p.kind === 'surface_water')).toBe(true)
    expect(view.controls.find((c) => c.name === 'year')!.value).toBe('2020')
    for (const p of view.map.points.slice(0, 5)) {
      const shares = (await readingsOfPoint(p.id)).filter((r) => r.year === 2020 && r.mpc).map((r) => r.value / r.mpc!)
      expect(p.worst).toBeCloseTo(Math.max(...shares), 3)
    }
    expect(view.map.tilesUrl).toBe('https://tiles.example.org/{z}/{x}/{y}.png')
  })

  it("gives each point its latest reading of the chosen year, or of the chosen substance, in the page's own data", async () => {
    const view = await mapView(contextOf(), new URLSearchParams({ kind: 'surface_water', year: '2020' }))
    for (const p of view.map.points.slice(0, 5)) {
      const { rows } = await sql<{ name: string; value: number; measure: string; sampled: string | null }>`
        SELECT name, value::float8 AS value, measure, to_char(sampled, 'YYYY-MM-DD') AS sampled FROM measures_point_indications
        WHERE measures_point_id = ${p.id} AND year = 2020 ORDER BY sampled DESC NULLS LAST, id DESC LIMIT 1`.execute(t.database.db)
      expect(p.latest).toEqual(rows[0])
    }
    const soot = await mapView(contextOf(), new URLSearchParams({ substance: 'Сажа', year: '' }))
    expect(soot.map.points.length).toBeGreaterThan(0)
    expect(soot.map.points.every((p) => p.latest?.name === 'Сажа')).toBe(true)
  })

  it("shows an area's points only, and a substance's points coloured by it alone", async () => {
    const area = await t.database.db.selectFrom('measures_points').select('area_id').where('area_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()
    const all = await t.database.db.selectFrom('measures_points').select('id').where('area_id', '=', area.area_id).execute()
    const view = await mapView(contextOf(), new URLSearchParams({ kind: 'nonsense' }), { area: area.area_id! })
    expect(view.map.points.map((p) => p.id).sort()).toEqual(all.map((p) => p.id).sort())
    const substance = await mapView(contextOf(), new URLSearchParams({ substance: 'Сажа', year: '' }))
    const air = await t.database.db.selectFrom('measures_points').select('id').where('kind', '=', 'ambient_air').execute()
    expect(substance.map.points).toHaveLength(air.length)
    const first = substance.map.points[0]
    const soot = (await readingsOfPoint(first.id)).filter((r) => r.name === 'Сажа').map((r) => r.value / r.mpc!)
    expect(first.worst).toBeCloseTo(Math.max(...soot), 3)
  })

  it("gives the live map the GeoJSON list of its points, with the page's area and kind, holding each point shown at its place", async () => {
    const area = await t.database.db.selectFrom('measures_points').select('area_id').where('area_id', 'is not', null).where('kind', '=', 'surface_water').orderBy('id').executeTakeFirstOrThrow()
    const view = await mapView(contextOf(), new URLSearchParams({ kind: 'surface_water', area: String(area.area_id), year: '2020' }))
    const asked = new URL(view.map.placesUrl, 'http://portal')
    expect(asked.pathname).toBe('/api/v1/measures-points/')
    expect(Object.fromEntries(asked.searchParams)).toEqual({ area: String(area.area_id), kind: 'surface_water', format: 'geojson' })
    const answer = await t.app.inject({ url: view.map.placesUrl })
    expect(answer.statusCode).toBe(200)
    // Merged, every point of the page stands where the page's own data puts it, with its worst multiple kept.
    expect(placesFromGeoJson(answer.json(), view.map.points)).toEqual(view.map.points)
    // A filter the list lacks (the year, a substance) stays the page's: it is not sent.
    const bySubstance = await mapView(contextOf(), new URLSearchParams({ substance: 'Сажа' }))
    expect(new URL(bySubstance.map.placesUrl, 'http://portal').search).toBe('?format=geojson')
  })

  it("allows the tiles' host in img-src and refuses a tile address that is not http(s)", async () => {
    const answer = await t.app.inject({ url: '/healthz' })
    const csp = String(answer.headers['content-security-policy'])
    expect(csp).toMatch(/img-src [^;]*https:\/\/tiles\.example\.org/)
    expect(loadConfig({}).mapTilesSource).toBe('https://*.tile.openstreetmap.org')
    expect(() => loadConfig({ MAP_TILES_URL: "javascript:alert(1)" })).toThrow(ConfigError)
    expect(() => loadConfig({ MAP_TILES_URL: "https://x.org/{z}/{x}/{y}.png; script-src *" })).toThrow(ConfigError)
  })
})

describe('the map without tiles', () => {
  const region: Array<[number, number]> = [[60, 62], [82, 62], [82, 73], [60, 73]]

  it("fits the picture to an area's points with a tenth around them, and to the region when there is none", () => {
    const ring = extentRing([{ latitude: 65, longitude: 70 }, { latitude: 65.5, longitude: 71 }], region)
    const lats = ring.map((p) => p[1])
    const lons = ring.map((p) => p[0])
    expect(Math.min(...lats)).toBeCloseTo(64.95, 5)
    expect(Math.max(...lats)).toBeCloseTo(65.55, 5)
    expect(Math.max(...lons) - Math.min(...lons)).toBeCloseTo(1.2, 5)
    expect(extentRing([], region)).toBe(region)
    // One point alone still has ten kilometres of ground around it.
    const alone = extentRing([{ latitude: 66, longitude: 74 }], region)
    expect((Math.max(...alone.map((p) => p[1])) - Math.min(...alone.map((p) => p[1]))) * 111.32).toBeCloseTo(10, 5)
  })

  it('draws a scale bar of a round length in kilometres, at most a quarter of the picture wide', () => {
    for (const ring of [region, extentRing([{ latitude: 65, longitude: 70 }, { latitude: 65.1, longitude: 70.2 }], region)]) {
      const projection = projectionOf(ring)
      const bar = scaleBar(projection)
      expect(bar.label).toMatch(/^(1|2|5)(0*|,\d+)? (км|м)$/)
      expect(bar.width).toBeLessThanOrEqual(projection.width / 4)
      expect(bar.width).toBeGreaterThan(projection.width / 10)
      expect(bar.width).toBeCloseTo(bar.km * projection.perKm, 0)
    }
  })
})
