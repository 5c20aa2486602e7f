import { describe, expect, it } from 'vitest'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

describe('company list API', () => {
  it('answers a page with count, next, previous and results', async () => {
    const res = await t.app.inject({ url: '/api/v1/companies/?limit=5' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.count).toBe(36)
    expect(body.results).toHaveLength(5)
    expect(body.previous).toBeNull()
    expect(body.next).toContain('offset=5')
    expect(body.results[0]).toHaveProperty('head_company')
  })

  it('follows next to the following page without repeating rows', async () => {
    const first = (await t.app.inject({ url: '/api/v1/companies/?limit=10' })).json()
    const second = (await t.app.inject({ url: '/api/v1/companies/?limit=10&offset=10' })).json()
    const ids = new Set([...first.results, ...second.results].map((c: { id: number }) => c.id))
    expect(ids.size).toBe(20)
    expect(second.previous).toContain('offset=0')
  })

  it('filters by kind and by a comma list of kinds', async () => {
    const one = (await t.app.inject({ url: '/api/v1/companies/?kind=gas_emissions&limit=100' })).json()
    expect(one.count).toBe(12)
    expect(one.results.every((c: { kind: string }) => c.kind === 'gas_emissions')).toBe(true)
    const two = (await t.app.inject({ url: '/api/v1/companies/?kind__in=lem,lem_industry&limit=100' })).json()
    expect(two.count).toBe(24)
  })

  it('searches names case-insensitively in Cyrillic', async () => {
    // The company list's search is the Department's and the Administrator's (search-lists.test.ts).
    const res = (await t.app.inject({ url: `/api/v1/companies/?search=${encodeURIComponent('ПОЛЯРНАЯ')}`, headers: (await loginAs(t.app, 'department')).headers })).json()
    expect(res.count).toBeGreaterThan(0)
    expect(res.results.every((c: { name: string }) => c.name.toLowerCase().includes('полярная'))).toBe(true)
  })

  it('treats % and _ in a search as plain characters', async () => {
    const { headers } = await loginAs(t.app, 'department')
    for (const text of ['%', '_', "'", '\\']) {
      const res = await t.app.inject({ url: `/api/v1/companies/?search=${encodeURIComponent(text)}`, headers })
      expect(res.statusCode).toBe(200)
      expect(res.json().count).toBe(0)
    }
  })

  it('refuses a NUL in a search with a 400 naming it, not a 500', async () => {
    const res = await t.app.inject({ url: `/api/v1/companies/?search=${encodeURIComponent('поляр\u0000ная')}` })
    expect(res.statusCode).toBe(400)
    expect(res.json().parameter).toBe('search')
  })

  it('answers 400 naming the parameter for a bad limit, offset or kind', async () => {
    for (const [query, parameter] of [
      ['limit=-1', 'limit'],
      ['limit=100000', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-5', 'offset'],
      ['kind=oil', 'kind'],
      ['kind__in=lem,oil', 'kind__in'],
    ]) {
      const res = await t.app.inject({ url: `/api/v1/companies/?${query}` })
      expect(res.statusCode, query).toBe(400)
      expect(res.json().parameter, query).toBe(parameter)
      expect(res.json().detail, query).toContain(parameter)
    }
  })
})

describe('company detail API', () => {
  it('answers every field of the company with its head company', async () => {
    const list = (await t.app.inject({ url: '/api/v1/companies/?limit=1' })).json()
    const res = await t.app.inject({ url: `/api/v1/companies/${list.results[0].id}/` })
    expect(res.statusCode).toBe(200)
    for (const field of ['id', 'name', 'kind', 'legal_address', 'post_address', 'contacts', 'ceo', 'inn', 'ogrn', 'okved', 'okato', 'operate_region', 'license_holder', 'vink', 'krk_code', 'region_code', 'head_company']) {
      expect(res.json()).toHaveProperty(field)
    }
  })

  it('answers a JSON 404 for a missing company and 400 for a non-numeric id', async () => {
    const missing = await t.app.inject({ url: '/api/v1/companies/999999/' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().detail).toBeTruthy()
    const bad = await t.app.inject({ url: '/api/v1/companies/abc/' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().parameter).toBe('id')
  })
})

describe('health check', () => {
  it('says the node is alive, and ready with its database reachable', async () => {
    const res = await t.app.inject({ url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', role: 'web' })
    expect((await t.app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ready', database: 'ok' })
  })

  it('redirects the root to /monitoring/', async () => {
    const res = await t.app.inject({ url: '/' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/monitoring/')
  })
})
