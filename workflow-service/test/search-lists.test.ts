// The search by name on the company and licence area lists is the Department's and the Administrator's
// (`use:search-lists`, spec portal-and-workflow.md §6, decisions 1331 and 2521): the catalogue's use-cases ignore
// anyone else's `search`, so the API answers them the list as the pages do. The site search stays public.
import { describe, expect, it } from 'vitest'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()
const NOTHING = encodeURIComponent('нет такого названия')

async function get(url: string, username?: string) {
  const headers = username ? (await loginAs(t.app, username)).headers : {}
  return t.app.inject({ url, headers })
}

describe('the search lists at the API door', () => {
  it('ignores the search of the public and of a licence holder on the company and area lists, lists and files alike', async () => {
    for (const list of ['/api/v1/companies/', '/api/v1/companies/?kind=lem_industry', '/api/v1/areas/', '/api/v1/areas/?kind=licence_area']) {
      const join = list.includes('?') ? '&' : '?'
      const everything = (await get(list)).json().count as number
      const wholeFile = (await get(`${list}${join}format=csv`)).body
      expect(everything, list).toBeGreaterThan(0)
      for (const user of [undefined, 'holder1']) {
        const attempt = await get(`${list}${join}search=${NOTHING}`, user)
        expect(attempt.statusCode, list).toBe(200)
        expect(attempt.json().count, `${list} as ${user ?? 'the public'}`).toBe(everything)
        const file = await get(`${list}${join}search=${NOTHING}&format=csv`, user)
        expect(file.statusCode, list).toBe(200)
        expect(file.body === wholeFile, `${list} as a file`).toBe(true)
      }
    }
  })

  it('searches for the Department and the Administrator', async () => {
    for (const user of ['department', 'admin']) {
      expect((await get(`/api/v1/companies/?search=${NOTHING}`, user)).json().count).toBe(0)
      expect((await get(`/api/v1/areas/?search=${NOTHING}`, user)).json().count).toBe(0)
      const found = (await get(`/api/v1/companies/?search=${encodeURIComponent('ПОЛЯРНАЯ')}`, user)).json()
      expect(found.count).toBeGreaterThan(0)
      expect(found.results.every((c: { name: string }) => c.name.toLowerCase().includes('полярная'))).toBe(true)
    }
  })

  it('still refuses a malformed search of anyone with a 400 naming it', async () => {
    const res = await get(`/api/v1/companies/?search=${encodeURIComponent('поляр\u0000ная')}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().parameter).toBe('search')
    const long = await get(`/api/v1/areas/?search=${'я'.repeat(201)}`)
    expect(long.statusCode).toBe(400)
    expect(long.json().parameter).toBe('search')
  })

  it('keeps the site search public: the public finds a company by part of its name', async () => {
    const res = await get(`/api/v1/search/?q=${encodeURIComponent('полярная')}`)
    expect(res.statusCode).toBe(200)
    expect(JSON.stringify(res.json()).toLowerCase()).toContain('полярная')
  })

  it('searches other lists for everybody: measuring points and scientific research are not search lists', async () => {
    const all = (await get('/api/v1/measures-points/')).json().count as number
    expect((await get(`/api/v1/measures-points/?search=${NOTHING}`)).json().count).toBeLessThan(all)
  })
})
