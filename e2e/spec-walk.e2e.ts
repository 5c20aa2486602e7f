// Every sample address of docs/catalogue-coverage.md over HTTP from the built portal, as each role: the rendered page
// is never the 404 where the spec promises a page, never a 5xx, never carries a raw NUL byte; a role the table does
// not name gets 403 or the login page. Demo records are found through the public API.
import type { APIRequestContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { findTypeByTable } from '@portal/workflow-domain/registry.ts'
import { codes, coverageTable, ROLES, type Role, roleGetsPage } from '../remix-app/test/support/coverage-table.ts'
import { useBrowser } from './support/browser.ts'
import { logIn } from './support/log-in.ts'

const b = useBrowser()

async function api<T = { results: Array<Record<string, unknown>> }>(path: string): Promise<T> {
  const answer = await fetch(`${b.baseUrl}/api/v1/${path}`)
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`)
  return (await answer.json()) as T
}

const firstId = async (path: string) => {
  const { results } = await api(path)
  if (!results[0]) throw new Error(`no demo record for ${path}`)
  return results[0]
}

const SECTION_QUERY: Record<string, { regional: string; yanao: string }> = {
  geobotanical: { regional: 'category__in=geobotanical', yanao: 'category__in=geobotanical' },
  radionuclides: { regional: 'category__in=radionuclides', yanao: 'category__in=radionuclides' },
  geochemical: { regional: 'category__in=geochemical', yanao: 'category__in=geochemical' },
  hydrological: { regional: 'kind=hydrological_point', yanao: 'category__in=hydrological' },
  hygrobiology: { regional: 'kind=hygrobiology_point', yanao: 'kind=hygrobiology_point' },
}

const cache = new Map<string, string>()

/** The demo record a token of the table stands for (see the table's legend). */
async function resolve(token: string, holderCompany: number): Promise<string> {
  if (cache.has(token)) return cache.get(token)!
  const [name, arg] = token.split(':')
  const areaOfKind = async (kind: string) => String((await firstId(`areas/?kind=${kind}&limit=1`)).id)
  const slugOf = (table: string) => findTypeByTable(table)?.slug ?? table
  let value: string
  switch (name) {
    case 'polygon': value = await areaOfKind('polygon_region_monitoring'); break
    case 'yanao': value = await areaOfKind('polygon_YaNAO_monitoring'); break
    case 'area': value = await areaOfKind('licence_area'); break
    case 'point': value = String((await firstId(`measures-points/?area=${await resolve('area', holderCompany)}&limit=1`)).id); break
    case 'wpoint': value = String((await firstId('measures-points/?kind=control_water_object_state_point&limit=1')).id); break
    case 'company_lem': value = String((await firstId('companies/?kind=lem&limit=1')).id); break
    case 'company_industry': value = String((await firstId('companies/?kind=lem_industry&limit=1')).id); break
    case 'company_gas': value = String((await firstId('companies/?kind=gas_emissions&limit=1')).id); break
    case 'holder_company': value = String(holderCompany); break
    case 'holder_area': value = String((await firstId(`areas/?company=${holderCompany}&kind=licence_area&limit=1`)).id); break
    case 'gas_year': value = String((await firstId('greenhouse-gases/?limit=1')).year); break
    case 'rec': value = String((await firstId(`${slugOf(arg)}/?limit=1`)).id); break
    case 'rpoint':
    case 'ypoint': {
      const polygon = await resolve(name === 'rpoint' ? 'polygon' : 'yanao', holderCompany)
      const point = await firstId(`measures-points/?area=${polygon}&${SECTION_QUERY[arg][name === 'rpoint' ? 'regional' : 'yanao']}&limit=1`)
      value = `${point.id}/${point.kind}`
      break
    }
    case 'rwith': {
      const { results } = await api(`${slugOf(arg)}/?limit=100`)
      value = ''
      for (const row of results) {
        const point = await api<{ id: number; kind: string; area: { kind: string } | null }>(`measures-points/${(row.measures_point as { id: number }).id}/`)
        if (point.area?.kind === 'polygon_region_monitoring') {
          value = `${point.id}/${point.kind}`
          break
        }
      }
      if (!value) throw new Error(`no regional point with ${arg}`)
      break
    }
    case 'ywith': value = String(((await firstId(`${slugOf(arg)}/?limit=1`)).measures_point as { id: number }).id); break
    default: throw new Error(`unknown token {${token}}`)
  }
  cache.set(token, value)
  return value
}

async function requestAs(role: Role): Promise<{ request: APIRequestContext; page: Page | null }> {
  if (role === 'public') {
    const context = await b.browser.newContext()
    return { request: context.request, page: null }
  }
  const page = await logIn(b, role)
  return { request: page.request, page }
}

describe('every address of §2 over HTTP', () => {
  it('answers each role as the coverage table says, with no 404 where a page is promised, no 5xx and no raw NUL', { timeout: 900_000 }, async () => {
    const initialization = await (async () => {
      const { request, page } = await requestAs('holder1')
      const info = (await (await request.get(`${b.baseUrl}/api/v1/initialization/`)).json()) as { user?: { company?: number | { id: number } } }
      await page?.close()
      return info
    })()
    const company = initialization.user?.company
    const holderCompany = typeof company === 'object' && company ? company.id : Number(company)
    const rows = coverageTable('Addresses')
    const problems: string[] = []
    let walked = 0
    for (const role of ROLES) {
      const { request, page } = await requestAs(role)
      for (const [, samples, roles] of rows) {
        for (const sample of codes(samples)) {
          let address = sample
          for (const [token] of sample.matchAll(/\{([^}]+)\}/g)) address = address.replace(token, await resolve(token.slice(1, -1), holderCompany))
          const answer = await request.get(`${b.baseUrl}/monitoring${address}`, { maxRedirects: 0 })
          walked++
          const status = answer.status()
          const location = answer.headers().location ?? ''
          const body = await answer.body()
          if (body.includes(0)) problems.push(`${address} as ${role}: raw NUL in the page`)
          if (status >= 500) problems.push(`${address} as ${role}: ${status}`)
          else if (roles === 'not-found') {
            if (status !== 404) problems.push(`${address} as ${role}: ${status}, the 404 page expected`)
          } else if (status === 404 || location.endsWith('/404')) problems.push(`${address} as ${role}: 404`)
          else if (roleGetsPage(roles, role) && status !== 200) problems.push(`${address} as ${role}: ${status} ${location}`)
          else if (!roleGetsPage(roles, role) && !(status === 403 || (status === 302 && location.includes('/login')))) problems.push(`${address} as ${role}: ${status}, a refusal expected`)
        }
      }
      await page?.close()
    }
    expect(problems).toEqual([])
    expect(walked).toBeGreaterThan(600)
  })
})
