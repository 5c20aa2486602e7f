// A water-object point's merged control indicators, the demo files that records link to, and the readings index.
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

async function get(url: string) {
  const res = await t.app.inject({ url })
  return { status: res.statusCode, body: res.json() }
}

/** A point that holds both sediment and surface-water control indicators in the demo data. */
async function pointWithBoth(): Promise<number> {
  const row = await t.database.db
    .selectFrom('measures_points as p')
    .select('p.id')
    .where('p.kind', '=', 'control_water_object_state_point')
    .where((eb) => eb.exists(eb.selectFrom('ecomon_sediment_control_indicators as s' as never).select('s.id' as never).whereRef('s.measures_point_id' as never, '=', 'p.id' as never)))
    .where((eb) => eb.exists(eb.selectFrom('ecomon_waters_control_indicators as w' as never).select('w.id' as never).whereRef('w.measures_point_id' as never, '=', 'p.id' as never)))
    .orderBy('p.id')
    .executeTakeFirstOrThrow()
  return row.id
}

describe('the control indicators of a point', () => {
  it('merges the sediment and surface-water records of the point, each with its model, newest year first', async () => {
    const id = await pointWithBoth()
    const sediment = await get(`/api/v1/ecomon-sediment-control-indicators/?measures_point=${id}&limit=1000`)
    const waters = await get(`/api/v1/ecomon-waters-control-indicators/?measures_point=${id}&limit=1000`)
    const merged = await get(`/api/v1/measures-points/${id}/control-indicators/?limit=1000`)
    expect(merged.status).toBe(200)
    expect(Object.keys(merged.body).sort()).toEqual(['count', 'next', 'previous', 'results'])
    expect(merged.body.count).toBe(sediment.body.count + waters.body.count)
    const keys = (items: Array<{ id: number; model?: string }>, model: string) => items.map((r) => `${model}:${r.id}`).sort()
    expect(merged.body.results.map((r: { id: number; model: string }) => `${r.model}:${r.id}`).sort()).toEqual(
      [...keys(sediment.body.results, 'EcoMonSedimentControlIndicators'), ...keys(waters.body.results, 'EcoMonWatersControlIndicators')].sort(),
    )
    const years = merged.body.results.map((r: { year: number }) => r.year)
    expect(years).toEqual([...years].sort((a, b) => b - a))
    const sedimentItem = merged.body.results.find((r: { model: string }) => r.model === 'EcoMonSedimentControlIndicators')
    expect(sedimentItem).toMatchObject({ title: 'Контроль донных отложений', href: `/sediment-control-indicators/${sedimentItem.id}` })
    const watersItem = merged.body.results.find((r: { model: string }) => r.model === 'EcoMonWatersControlIndicators')
    expect(watersItem).toMatchObject({ title: 'Контроль поверхностных вод', href: `/waters-control-indicators/${watersItem.id}` })
  })

  it('keeps only the year asked for and pages with limit and offset', async () => {
    const id = await pointWithBoth()
    const all = await get(`/api/v1/measures-points/${id}/control-indicators/?limit=1000`)
    const year = all.body.results[0].year as number
    const filtered = await get(`/api/v1/measures-points/${id}/control-indicators/?year=${year}`)
    expect(filtered.body.count).toBe(all.body.results.filter((r: { year: number }) => r.year === year).length)
    expect(filtered.body.results.every((r: { year: number }) => r.year === year)).toBe(true)
    const second = await get(`/api/v1/measures-points/${id}/control-indicators/?limit=1&offset=1`)
    expect(second.body.results).toEqual([all.body.results[1]])
    expect(second.body.previous).toContain('offset=0')
  })

  it('refuses a malformed year or id with a 400 naming it, and answers a JSON 404 for a missing point', async () => {
    const id = await pointWithBoth()
    for (const year of ['abc', '20x0', '99999']) {
      const bad = await get(`/api/v1/measures-points/${id}/control-indicators/?year=${year}`)
      expect(bad.status, year).toBe(400)
      expect(bad.body.parameter).toBe('year')
    }
    const badId = await get('/api/v1/measures-points/abc/control-indicators/')
    expect(badId.status).toBe(400)
    expect(badId.body.parameter).toBe('id')
    const badLimit = await get(`/api/v1/measures-points/${id}/control-indicators/?limit=0`)
    expect(badLimit.status).toBe(400)
    expect(badLimit.body.parameter).toBe('limit')
    const missing = await get('/api/v1/measures-points/2147483647/control-indicators/')
    expect(missing.status).toBe(404)
    expect(missing.body.detail).toBe('Пункт наблюдения не найден.')
  })

  it('answers an empty list for a point without control indicators', async () => {
    const other = await t.database.db.selectFrom('measures_points').select('id').where('kind', '=', 'ambient_air').orderBy('id').executeTakeFirstOrThrow()
    const page = await get(`/api/v1/measures-points/${other.id}/control-indicators/`)
    expect(page.body).toMatchObject({ count: 0, results: [], next: null, previous: null })
  })
})

describe('demo files', () => {
  it('serves the PDF a demo record links to, with its file name', async () => {
    const record = (await get('/api/v1/ecomon-sediment-control-indicators/?limit=1')).body.results[0]
    expect(record.act_file).toBe('/files/demo/ecomon-sediment-control-indicators/act_file.pdf')
    const res = await t.app.inject({ url: record.act_file })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toContain('filename="act_file.pdf"')
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(res.rawPayload.subarray(-6).toString()).toBe('%%EOF\n')
  })

  it('serves photos as JPEG pictures', async () => {
    const record = (await get('/api/v1/waters-resource-inspection-results/?limit=1')).body.results[0]
    const res = await t.app.inject({ url: record.photos })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
  })

  it('reads nothing outside the demo folder and answers 404 for a file that is not there', async () => {
    for (const url of ['/files/demo/..%2F..%2Fetc/passwd', '/files/demo/x/..%2F..%2Fsecret.pdf', '/files/demo/x/notes.txt']) {
      const res = await t.app.inject({ url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().parameter, url).toMatch(/^(type|file)$/)
    }
    const missing = await t.app.inject({ url: '/files/demo/ecomon-sediment-control-indicators/nothing.pdf' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().detail).toBe('Файл не найден.')
  })
})

describe('the readings list index', () => {
  it('orders a year of readings as the list does, so a page of one year needs no sort of the whole year', async () => {
    const { rows } = await t.database.db
      .selectFrom('pg_indexes' as never)
      .select('indexdef' as never)
      .where('indexname' as never, '=', 'measures_point_indications_year_name_idx' as never)
      .execute()
      .then((r) => ({ rows: r as Array<{ indexdef: string }> }))
    expect(rows[0]?.indexdef).toContain('(year DESC NULLS LAST, name, id)')
  })
})

describe('points on a list of water bodies', () => {
  it('keeps the points on any of the water bodies named and refuses an id list that is not one', async () => {
    const waters = await t.database.db.selectFrom('water_resources').select('id').orderBy('id').limit(2).execute()
    const ids = waters.map((w) => w.id)
    const page = await get(`/api/v1/measures-points/?water_resource__in=${ids.join(',')}&limit=1000`)
    expect(page.status).toBe(200)
    expect(page.body.count).toBeGreaterThan(0)
    expect(page.body.results.every((p: { water_resource: { id: number } | null }) => p.water_resource && ids.includes(p.water_resource.id))).toBe(true)
    const bad = await get('/api/v1/measures-points/?water_resource__in=1,abc')
    expect(bad.status).toBe(400)
    expect(bad.body.parameter).toBe('water_resource__in')
  })
})

describe('ambient-air reports of an area', () => {
  it('keeps the reports of the points of that area and refuses an area that is not an id', async () => {
    const point = (await get('/api/v1/measures-points/?kind=ambient_air&limit=1')).body.results[0]
    const page = await get(`/api/v1/ambient-air-reports/?area=${point.area.id}&limit=1000`)
    expect(page.status).toBe(200)
    expect(page.body.count).toBeGreaterThan(0)
    const points = (await get(`/api/v1/measures-points/?area=${point.area.id}&kind=ambient_air&limit=1000`)).body.results.map((p: { id: number }) => p.id)
    expect(page.body.results.every((r: { measures_point: { id: number } }) => points.includes(r.measures_point.id))).toBe(true)
    const bad = await get('/api/v1/ambient-air-reports/?area=abc')
    expect(bad.status).toBe(400)
    expect(bad.body.parameter).toBe('area')
  })
})
