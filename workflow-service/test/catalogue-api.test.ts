import { describe, expect, it } from 'vitest'
import { catalogueTypes } from '../domain/src/catalogue/registry/index.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { catalogueTables } from '../../test-support/catalogue-tables.ts'

const t = useTestApp()

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers })
  return { status: res.statusCode, body: res.json() }
}

describe('every registry type', () => {
  it.each(catalogueTypes.filter((type) => type.answer !== 'array').map((type) => [type.slug, type] as const))('answers /api/v1/%s/ as a page and each record by id', async (slug, type) => {
    const list = await get(`/api/v1/${slug}/?limit=3`)
    expect(list.status, slug).toBe(200)
    expect(Object.keys(list.body).sort()).toEqual(['count', 'next', 'previous', 'results'])
    expect(list.body.count, `${slug} has demo data`).toBeGreaterThan(0)
    expect(list.body.results.length).toBe(Math.min(3, list.body.count))
    const first = list.body.results[0]
    for (const field of type.fields) {
      const holder = field.nest ? first[field.nest] : first
      expect(holder, `${slug}.${field.name}`).toHaveProperty(field.name)
    }
    const detail = await get(`/api/v1/${slug}/${first.id}/`)
    expect(detail.status).toBe(200)
    expect(detail.body).toEqual(first)
    const missing = await get(`/api/v1/${slug}/2147483647/`)
    expect(missing.status).toBe(404)
    expect(missing.body.detail).toBeTruthy()
  })

  it.each(catalogueTypes.filter((type) => type.filters.some((f) => f.kind === 'year')).map((type) => [type.slug] as const))(
    'filters %s by year and refuses a year that is not a year',
    async (slug) => {
      const all = await get(`/api/v1/${slug}/?limit=1`)
      const year = all.body.results[0].year
      const page = await get(`/api/v1/${slug}/?year=${year}&limit=1000`)
      expect(page.body.count).toBeGreaterThan(0)
      expect(page.body.results.every((r: { year: number }) => r.year === year)).toBe(true)
      for (const bad of ['abc', '20x0', '-1', '99999', '2020,2021']) {
        const res = await get(`/api/v1/${slug}/?year=${encodeURIComponent(bad)}`)
        expect(res.status, bad).toBe(400)
        expect(res.body.parameter).toBe('year')
      }
    },
  )
})

describe('the report templates', () => {
  it('answers /api/v1/report-templates/ with a list of every template, as the spec says, not a page', async () => {
    const list = await get('/api/v1/report-templates/')
    expect(list.status).toBe(200)
    expect(Array.isArray(list.body)).toBe(true)
    const stored = await catalogueTables(t.database.db).selectFrom('report_templates').select('id').orderBy('name').orderBy('id').execute()
    expect(stored.length).toBeGreaterThan(0)
    expect(list.body.map((item: { id: number }) => item.id)).toEqual(stored.map((row) => row.id))
    for (const item of list.body) expect(Object.keys(item)).toEqual(expect.arrayContaining(['id', 'name', 'init_filename', 'filepath', 'date', 'size']))
    const detail = await get(`/api/v1/report-templates/${list.body[0].id}/`)
    expect(detail.body).toEqual(list.body[0])
  })

  it('narrows the list by its search and by limit and offset, and refuses a bad one by name', async () => {
    const all = (await get('/api/v1/report-templates/')).body as Array<{ name: string }>
    const word = all[0].name.split(' ')[0]
    const found = await get(`/api/v1/report-templates/?search=${encodeURIComponent(word)}`)
    expect(Array.isArray(found.body)).toBe(true)
    expect(found.body.length).toBeGreaterThan(0)
    expect(found.body.every((item: { name: string }) => item.name.toLowerCase().includes(word.toLowerCase()))).toBe(true)
    expect((await get('/api/v1/report-templates/?limit=1&offset=1')).body).toEqual(all.slice(1, 2))
    for (const bad of ['limit=0', 'limit=1e400', 'offset=-1', 'limit=Infinity']) {
      const res = await get(`/api/v1/report-templates/?${bad}`)
      expect(res.status, bad).toBe(400)
      expect(res.body.detail, bad).toContain(bad.split('=')[0])
    }
  })
})

describe('paging', () => {
  it('pages with limit and offset, 20 by default, next and previous links keeping the filters', async () => {
    const first = await get('/api/v1/areas/?kind=licence_area')
    expect(first.body.results).toHaveLength(20)
    expect(first.body.next).toContain('kind=licence_area')
    expect(first.body.next).toContain('offset=20')
    const second = await get('/api/v1/areas/?kind=licence_area&offset=20')
    expect(second.body.previous).toContain('offset=0')
    const ids = new Set([...first.body.results, ...second.body.results].map((a: { id: number }) => a.id))
    expect(ids.size).toBe(first.body.results.length + second.body.results.length)
    const past = await get('/api/v1/areas/?offset=100000')
    expect(past.body.results).toEqual([])
    expect(past.body.next).toBeNull()
    expect(past.body.count).toBe(first.body.count + 10)
  })

  it('refuses a negative, zero, huge or non-numeric limit or offset with 400 naming it', async () => {
    for (const [query, parameter] of [['limit=0', 'limit'], ['limit=-5', 'limit'], ['limit=1001', 'limit'], ['limit=1e9', 'limit'], ['limit=x', 'limit'], ['offset=-1', 'offset'], ['offset=abc', 'offset']]) {
      const res = await get(`/api/v1/measures-points/?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.parameter, query).toBe(parameter)
    }
    const most = await get('/api/v1/measures-point-indications/?limit=1000')
    expect(most.body.results).toHaveLength(1000)
  })
})

describe('licence areas and polygons', () => {
  it('filters by kind, kind__in, company, administrative_region__in and search', async () => {
    const polygons = await get('/api/v1/areas/?kind=polygon_region_monitoring&limit=100')
    expect(polygons.body.count).toBe(6)
    const both = await get('/api/v1/areas/?kind__in=polygon_region_monitoring,polygon_YaNAO_monitoring&limit=100')
    expect(both.body.count).toBe(10)
    const area = polygons.body.results[0]
    expect(area.company).toBeNull()
    const licence = (await get('/api/v1/areas/?kind=licence_area&limit=1')).body.results[0]
    expect(licence.company).toEqual({ id: expect.any(Number), name: expect.any(String), vink: expect.any(Boolean), ogrn: expect.any(String) })
    const ofCompany = await get(`/api/v1/areas/?company=${licence.company.id}&limit=100`)
    expect(ofCompany.body.results.every((a: { company: { id: number } }) => a.company.id === licence.company.id)).toBe(true)
    const region = licence.administrative_region.id
    const inRegions = await get(`/api/v1/areas/?administrative_region__in=${region},999999&limit=1000`)
    expect(inRegions.body.count).toBeGreaterThan(0)
    expect(inRegions.body.results.every((a: { administrative_region: { id: number } }) => a.administrative_region.id === region)).toBe(true)
    // The search of the area list is the Department's and the Administrator's (search-lists.test.ts).
    const found = await get(`/api/v1/areas/?search=${encodeURIComponent('ПОЛИГОН «ЯМАЛ')}`, (await loginAs(t.app, 'department')).headers)
    expect(found.body.results.map((a: { name: string }) => a.name)).toEqual(['Полигон «Ямальский»'])
  })

  it('answers every Area field on the card', async () => {
    const licence = (await get('/api/v1/areas/?kind=licence_area&limit=1')).body.results[0]
    const card = await get(`/api/v1/areas/${licence.id}/?kind=licence_area`)
    for (const field of ['id', 'name', 'company', 'license', 'area', 'area_percent', 'administrative_region', 'description', 'expluatation_stage', 'expluatation_time', 'nature_region', 'nature_zone', 'founded_year', 'number', 'topography', 'anthropogenic', 'natural', 'hydrological', 'groundcover', 'geobotanical', 'corner_points', 'terrain', 'hydrographic', 'geocryological', 'biodiversity', 'climatic', 'specifics', 'kind', 'river_basin']) {
      expect(card.body).toHaveProperty(field)
    }
  })

  it('refuses unknown kinds and non-numeric ids with 400 naming the parameter', async () => {
    for (const [query, parameter] of [['kind=forest', 'kind'], ['kind__in=licence_area,forest', 'kind__in'], ['company=abc', 'company'], ['company=0', 'company'], ['administrative_region__in=1,x', 'administrative_region__in'], ['company=99999999999', 'company']]) {
      const res = await get(`/api/v1/areas/?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.parameter, query).toBe(parameter)
      expect(res.body.detail, query).toContain(parameter)
    }
    for (const id of ['abc', '1.5', '-1', '0', '99999999999']) {
      const bad = await get(`/api/v1/areas/${id}/`)
      expect(bad.status, id).toBe(400)
      expect(bad.body.parameter, id).toBe('id')
    }
    const polygon = (await get('/api/v1/areas/?kind=polygon_YaNAO_monitoring&limit=1')).body.results[0]
    expect((await get(`/api/v1/areas/${polygon.id}/?kind=polygon_YaNAO_monitoring`)).status).toBe(200)
    expect((await get(`/api/v1/measures-points/1/?kind=ambient_air`)).status).toBe(200)
    expect((await get(`/api/v1/areas/?search=${'я'.repeat(201)}`)).body.parameter).toBe('search')
  })
})

describe('measuring points', () => {
  it('filters by area, kind, kind__in, category__in and search, with the area nested', async () => {
    const area = (await get('/api/v1/areas/?kind=polygon_region_monitoring&limit=1')).body.results[0]
    const points = await get(`/api/v1/measures-points/?area=${area.id}&limit=100`)
    expect(points.body.count).toBe(11)
    expect(points.body.results[0].area).toEqual({ id: area.id, name: area.name, kind: area.kind })
    const geo = await get(`/api/v1/measures-points/?area=${area.id}&category__in=geochemical,radionuclides&limit=100`)
    expect(geo.body.results.every((p: { category: string }) => ['geochemical', 'radionuclides'].includes(p.category))).toBe(true)
    const kinds = await get('/api/v1/measures-points/?kind__in=snow_cover_sampling_point,hydrological_point&limit=1000')
    expect(new Set(kinds.body.results.map((p: { kind: string }) => p.kind))).toEqual(new Set(['snow_cover_sampling_point', 'hydrological_point']))
    const one = await get('/api/v1/measures-points/?kind=ambient_air&limit=1')
    expect(one.body.results[0].kind_title).toBe('Атмосферный воздух')
    expect(one.body.results[0].coordinates).toMatch(/°.*′.*″ с\.ш\., .*в\.д\./)
    const bad = await get('/api/v1/measures-points/?category__in=geochemical,space')
    expect(bad.status).toBe(400)
    expect(bad.body.parameter).toBe('category__in')
  })

  it('answers readings with the share of the limit and reports by point kind', async () => {
    const point = (await get('/api/v1/measures-points/?kind=ambient_air&limit=1')).body.results[0]
    const readings = await get(`/api/v1/measures-point-indications/?measures_point=${point.id}&year=2024`)
    expect(readings.body.count).toBeGreaterThan(0)
    const r = readings.body.results[0]
    expect(r.share).toBeCloseTo(r.value / r.mpc, 2)
    const reports = await get(`/api/v1/ambient-air-reports/?measures_point=${point.id}&year=2024`)
    expect(reports.body.count).toBe(1)
    expect(reports.body.results[0]).toMatchObject({ measures_point: { id: point.id, name: point.name }, year: 2024 })
    expect(reports.body.results[0].measures_point.area.id).toBe(point.area.id)
    expect(reports.body.results[0]).toHaveProperty('no2')
    expect(reports.body.results[0]).toHaveProperty('laboratory')
  })
})

describe('search', () => {
  it('is case-insensitive for Cyrillic and treats %, _, quotes and backslashes as plain text', async () => {
    const upper = await get(`/api/v1/scientific-researches/?search=${encodeURIComponent('МОНИТОРИНГ СОСТОЯНИЯ')}`)
    const lower = await get(`/api/v1/scientific-researches/?search=${encodeURIComponent('мониторинг состояния')}`)
    expect(upper.body.count).toBe(16)
    expect(lower.body.count).toBe(16)
    const department = (await loginAs(t.app, 'department')).headers
    for (const text of ['%', '_', "'", '"', '\\', "'; DROP TABLE areas; --", '😀']) {
      const res = await get(`/api/v1/areas/?search=${encodeURIComponent(text)}`, department)
      expect(res.status, text).toBe(200)
      expect(res.body.count, text).toBe(0)
    }
    // A control character is no text a person typed: refused, naming the parameter.
    const nul = await get(`/api/v1/areas/?search=${encodeURIComponent('a\u0000b')}`)
    expect(nul.status).toBe(400)
    expect(nul.body.parameter).toBe('search')
  })
})

describe('references', () => {
  it('answers the reference lists with a blank --- entry first, and the year lists', async () => {
    const refs = await get('/api/v1/references/')
    for (const list of ['administrative_regions', 'areas', 'polygons', 'water_resources', 'companies', 'head_companies', 'greenhouse_categories', 'soil_types']) {
      expect(refs.body[list][0], list).toEqual({ id: '', name: '---' })
      expect(refs.body[list].length, list).toBeGreaterThan(1)
    }
    expect(refs.body.exposure_levels_years[0]).toBe(2025)
    expect(refs.body.greenhouse_years.length).toBeGreaterThan(0)
  })

  it('answers the region list for filters: ЯНАО в целом first, the whole-region item last', async () => {
    const plain = await get('/api/v1/administrative-region/')
    expect(plain.body).toHaveLength(14)
    const filter = await get('/api/v1/administrative-region/?is_filter=true')
    expect(filter.body[0]).toEqual({ id: '', name: 'ЯНАО в целом' })
    expect(filter.body[1].name).toContain('ЯНАО в целом')
    expect(filter.body[1].id.split(',')).toHaveLength(14)
    expect(filter.body.at(-1).name).toBe('Ямало-Ненецкий автономный округ')
    expect((await get('/api/v1/administrative-region/?is_filter=maybe')).status).toBe(400)
  })

  it('answers head companies and soil types', async () => {
    const heads = await get('/api/v1/companies/head-companies/')
    expect(heads.body[0]).toEqual({ id: '', name: '---' })
    expect(heads.body).toHaveLength(7)
    const soils = await get('/api/v1/soil-type/')
    expect(soils.body.count).toBe(6)
  })

  it('answers section tiles, a subsection by title, and nothing for an unknown title', async () => {
    const root = await get('/api/v1/get-sections/')
    expect(root.body.results.map((s: { title: string }) => s.title)).toContain('Региональный экологический мониторинг')
    const regional = await get(`/api/v1/get-sections/?section=${encodeURIComponent('Региональный экологический мониторинг')}`)
    expect(regional.body.results.map((s: { title: string }) => s.title)).toEqual([
      'Региональный экологический мониторинг (2020-2025)',
      'Система экологического мониторинга ЯНАО (2010-2019)',
      'Научные исследования',
      'Состояние водных объектов',
    ])
    const none = await get('/api/v1/get-sections/?section=nothing')
    expect(none.body.results).toEqual([])
  })

  it('gives a license holder no root sections: their start page is their company', async () => {
    const holder = await loginAs(t.app, 'holder1')
    const root = await get('/api/v1/get-sections/', holder.headers)
    expect(root.body.results).toEqual([])
    const sub = await get(`/api/v1/get-sections/?section=${encodeURIComponent('Парниковые газы')}`, holder.headers)
    expect(sub.body.results.length).toBeGreaterThan(0)
  })

  it('sums greenhouse gases per category for a year and company, rounded to 3 decimals', async () => {
    const company = (await get('/api/v1/companies/?kind=gas_emissions&limit=1')).body.results[0]
    const rows = await get(`/api/v1/greenhouse-gases-categories/reports/?year=2024&company=${company.id}`)
    expect(rows.body).toHaveLength(6)
    expect(rows.body[0]).toHaveProperty('co2')
    // No value carries more than 3 decimals (catalogue.md §9).
    for (const row of rows.body) for (const gas of ['co2', 'ch4', 'n2o', 'total']) expect(String(Number(row[gas])), gas).toMatch(/^-?\d+(\.\d{1,3})?$/)
    expect((await get('/api/v1/greenhouse-gases-categories/reports/?year=abc')).status).toBe(400)
  })
})

describe('deleting a measuring point', () => {
  it('is refused to the public and to license holders, and allowed to the Department', async () => {
    // A point nothing refers to: one with readings or indicator records is refused (below).
    const area = await t.database.db.selectFrom('areas').select('id').orderBy('id').executeTakeFirstOrThrow()
    const point = await t.database.db.insertInto('measures_points').values({ name: 'Новый пункт', kind: 'soils', area_id: area.id }).returning('id').executeTakeFirstOrThrow()
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/v1/measures-points/${point.id}/` })
    expect([401, 403]).toContain(anonymous.statusCode)
    const holder = await loginAs(t.app, 'holder1')
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/v1/measures-points/${point.id}/`, headers: holder.headers })
    expect(refused.statusCode).toBe(403)
    const department = await loginAs(t.app, 'department')
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/measures-points/${point.id}/`, headers: department.headers })
    expect(deleted.statusCode).toBe(204)
    expect((await get(`/api/v1/measures-points/${point.id}/`)).status).toBe(404)
    const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/measures-points/${point.id}/`, headers: department.headers })
    expect(again.statusCode).toBe(404)
  })

  it('answers 400 with the spec text for a point that holds readings, and deletes nothing', async () => {
    const point = (await get('/api/v1/measures-point-indications/?limit=1')).body.results[0].measures_point
    const department = await loginAs(t.app, 'department')
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/measures-points/${point.id}/`, headers: department.headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBe('Ошибка удаления пункта наблюдения: имеются согласованные отчёты.')
    expect((await get(`/api/v1/measures-points/${point.id}/`)).status).toBe(200)
  })
})

describe('every declared filter', () => {
  /** The records of a list, answered as a page or (report templates) as the list itself. */
  const recordsOf = (body: { results?: unknown[] } | unknown[]) => (Array.isArray(body) ? body : body.results!) as any[]
  const cases = catalogueTypes.flatMap((type) => type.filters.map((filter) => [`${type.slug}?${filter.name}`, type, filter] as const))

  it.each(cases)('%s keeps only matching rows and refuses a malformed value with 400 naming it', async (_name, type, filter) => {
    const url = `/api/v1/${type.slug}/`
    const bad: Record<string, string | null> = {
      id: 'abc',
      'id-list': '1,abc',
      year: 'x',
      enum: 'no_such_value',
      'enum-list': 'no_such_value',
      boolean: 'maybe',
      isnull: 'maybe',
      search: null,
      text: null,
      'date-gte': '2024-02-30',
      'date-lte': 'x',
      bbox: '1,2,3',
    }
    const malformed = bad[filter.kind]
    if (malformed !== null) {
      const res = await get(`${url}?${filter.name}=${encodeURIComponent(malformed)}`)
      expect(res.status).toBe(400)
      expect(res.body.parameter).toBe(filter.name)
    }
    // A value taken from a record must find that record.
    const first = recordsOf((await get(`${url}?limit=1`)).body)[0]
    const field = type.fields.find((f) => (f.column ?? (f.type === 'ref' ? `${f.name}_id` : f.name)) === filter.column)
    let value: string | undefined
    if (filter.through || filter.reverse) value = filter.kind === 'isnull' ? 'false' : filter.options?.[0]
    else if (field?.type === 'ref') value = first[field.name] ? String(first[field.name].id) : undefined
    else if (field) value = first[field.name] === null ? undefined : String(first[field.name])
    if (filter.kind === 'search' && value) value = value.slice(1, 6).toUpperCase()
    // A box around the record's own position.
    if (filter.kind === 'bbox') value = first.latitude === null ? undefined : [first.longitude, first.latitude, first.longitude, first.latitude].join(',')
    if (value === undefined) return expect(first).toBeDefined()
    const page = await get(`${url}?${filter.name}=${encodeURIComponent(value)}&limit=1000`)
    expect(page.status).toBe(200)
    expect(recordsOf(page.body).length).toBeGreaterThan(0)
    if (!filter.through && !filter.reverse) expect(recordsOf(page.body).map((r: { id: number }) => r.id)).toContain(first.id)
  })
})
