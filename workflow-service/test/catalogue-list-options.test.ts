import { describe, expect, it } from 'vitest'
import { parseFilters } from '../domain/src/catalogue/filters.ts'
import { listRecords } from '../domain/src/catalogue/query.server.ts'
import { catalogueTypes, findType } from '../domain/src/catalogue/registry/index.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

async function get(url: string) {
  const res = await t.app.inject({ url })
  return { status: res.statusCode, body: res.json() }
}

describe('answers serialised from their schemas', () => {
  it.each(catalogueTypes.map((type) => [type.slug, type] as const))('keeps every value of %s as the database gives it', async (slug, type) => {
    const direct = await listRecords(t.database.db, type, {}, 50, 0)
    const api = await get(`/api/v1/${slug}/?limit=50`)
    expect(api.status).toBe(200)
    // Report templates are answered as the list itself (the spec's «Returns a list»), every other type as a page.
    expect(type.answer === 'array' ? api.body : api.body.results).toEqual(JSON.parse(JSON.stringify(direct.results)))
  })
})

describe('ordering', () => {
  it('sorts a list by a field, descending with a minus, then by the next field', async () => {
    const byName = await get('/api/v1/areas/?ordering=-name&limit=50')
    const names = byName.body.results.map((a: { name: string }) => a.name)
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)))
    const readings = await get('/api/v1/measures-point-indications/?ordering=year,-value&limit=200')
    const rows = readings.body.results as Array<{ year: number; value: number }>
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i].year).toBeGreaterThanOrEqual(rows[i - 1].year)
      if (rows[i].year === rows[i - 1].year) expect(rows[i].value).toBeLessThanOrEqual(rows[i - 1].value)
    }
  })

  it('sorts companies by their own fields', async () => {
    const res = await get('/api/v1/companies/?ordering=-inn&limit=100')
    expect(res.status).toBe(200)
    const inns = res.body.results.map((c: { inn: string | null }) => c.inn).filter((v: string | null) => v !== null)
    expect(inns).toEqual([...inns].sort().reverse())
  })

  it('refuses a field that is not the type’s own or cannot be sorted, naming ordering', async () => {
    for (const bad of ['password', 'company', 'name;drop table areas', '-', 'area.name']) {
      const res = await get(`/api/v1/areas/?ordering=${encodeURIComponent(bad)}`)
      if (bad === '-') continue
      expect(res.status, bad).toBe(400)
      expect(res.body.parameter).toBe('ordering')
    }
    const companies = await get('/api/v1/companies/?ordering=head_company')
    expect(companies.status).toBe(400)
    expect(companies.body.parameter).toBe('ordering')
  })
})

describe('a date range on readings', () => {
  it('keeps readings sampled within the range, bounds included', async () => {
    const sampled = await get('/api/v1/measures-point-indications/?ordering=sampled&limit=1000')
    const dates = (sampled.body.results as Array<{ sampled: string | null }>).map((r) => r.sampled).filter(Boolean) as string[]
    expect(dates.length).toBeGreaterThan(2)
    const from = dates[Math.floor(dates.length / 3)]
    const to = dates[Math.floor((2 * dates.length) / 3)]
    const range = await get(`/api/v1/measures-point-indications/?sampled__gte=${from}&sampled__lte=${to}&limit=1000`)
    expect(range.status).toBe(200)
    expect(range.body.count).toBeGreaterThan(0)
    for (const r of range.body.results as Array<{ sampled: string }>) {
      expect(r.sampled >= from && r.sampled <= to, r.sampled).toBe(true)
    }
    const type = findType('measures-point-indications')!
    const all = await listRecords(t.database.db, type, parseFilters(type, { sampled__gte: from, sampled__lte: to }), 1, 0)
    expect(range.body.count).toBe(all.count)
  })

  it('refuses a date that does not exist or is not a date', async () => {
    for (const bad of ['2024-02-30', '2024-13-01', '24-01-01', 'yesterday', '2024-01-01T00:00']) {
      const res = await get(`/api/v1/measures-point-indications/?sampled__gte=${encodeURIComponent(bad)}`)
      expect(res.status, bad).toBe(400)
      expect(res.body.parameter).toBe('sampled__gte')
    }
  })
})

describe('a bounding box on points', () => {
  it('keeps the points inside the box and only them', async () => {
    const all = await get('/api/v1/measures-points/?limit=1000')
    const points = (all.body.results as Array<{ latitude: number | null; longitude: number | null }>).filter((p) => p.latitude !== null && p.longitude !== null)
    const lats = points.map((p) => p.latitude!).sort((a, b) => a - b)
    const lons = points.map((p) => p.longitude!).sort((a, b) => a - b)
    const box = [lons[Math.floor(lons.length / 4)], lats[Math.floor(lats.length / 4)], lons[Math.floor((3 * lons.length) / 4)], lats[Math.floor((3 * lats.length) / 4)]]
    const inside = await get(`/api/v1/measures-points/?in_bbox=${box.join(',')}&limit=1000`)
    expect(inside.status).toBe(200)
    expect(inside.body.count).toBeGreaterThan(0)
    expect(inside.body.count).toBeLessThan(all.body.count)
    for (const p of inside.body.results as Array<{ latitude: number; longitude: number }>) {
      expect(p.longitude >= box[0] && p.longitude <= box[2] && p.latitude >= box[1] && p.latitude <= box[3]).toBe(true)
    }
  })

  it('refuses a box that is not four numbers in range with minimums first', async () => {
    for (const bad of ['1,2,3', '1,2,3,x', '70,60,60,70', '-200,60,70,70', '60,-95,70,70', '60,60,70,70,80', ',,,']) {
      const res = await get(`/api/v1/measures-points/?in_bbox=${encodeURIComponent(bad)}`)
      expect(res.status, bad).toBe(400)
      expect(res.body.parameter).toBe('in_bbox')
    }
  })
})
