// Public answers a shared cache and a browser on another site may use: anonymous catalogue answers and pages say
// `public` with a short max-age, the public GET API answers CORS, and nothing a signed-in user gets is either.
import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RouteEntry } from '../server/src/plugins/route-table.server.ts'
import { PUBLIC_CACHE_CONTROL, SHARED_CACHE_MAX_AGE_SECONDS, SHARED_CACHE_STALE_SECONDS } from '../server/src/http/shared-cache-headers.ts'
import { anonymousCsrf, loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

/** A Remix build of one page, as the portal serves its pages (with the request's CSRF token in the context). */
const build = {
  mode: 'production',
  basename: '/monitoring/',
  publicPath: '/monitoring/',
  assetsBuildDirectory: 'build/client',
  isSpaMode: false,
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true, v3_routeConfig: true },
  entry: { module: { default: (_request: Request, status: number, headers: Headers) => new Response('page', { status, headers }) } },
  routes: { root: { id: 'root', path: '', module: { default: () => null, loader: ({ context }: { context: AppLoadContext }) => String(context.csrfToken).length } } },
  assets: { entry: { imports: [], module: '' }, routes: {}, url: '/monitoring/manifest.js', version: 'test' },
} as unknown as ServerBuild

const t = useTestApp({}, { remix: { build, clientDir: 'build/client' } })
const ELSEWHERE = 'https://notebook.example.org'

/** A path of the route with every parameter filled by a value that names no record (the route still answers). */
function pathOf(route: RouteEntry): string {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? '1' : 'x')).replace('*', 'x')
}

describe('public answers a shared cache may keep', () => {
  it('declares one short lifetime: max-age and stale-while-revalidate, a minute at most together', () => {
    expect(PUBLIC_CACHE_CONTROL).toBe(`public, max-age=${SHARED_CACHE_MAX_AGE_SECONDS}, stale-while-revalidate=${SHARED_CACHE_STALE_SECONDS}`)
    expect(SHARED_CACHE_MAX_AGE_SECONDS + SHARED_CACHE_STALE_SECONDS).toBeLessThanOrEqual(60)
  })

  it('lets a shared cache keep an anonymous catalogue answer, differing by cookie', async () => {
    for (const url of ['/api/v1/areas/?limit=1', '/api/v1/measures-points/?limit=2', '/api/v1/exceedances/', '/api/v1/search/?q=сера']) {
      const res = await t.app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL)
      expect(String(res.headers.vary), url).toMatch(/cookie/i)
    }
  })

  it('lets a shared cache keep an anonymous page, but not the one that sets the visitor its cookie', async () => {
    const first = await t.app.inject({ url: '/monitoring/' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['set-cookie']).toBeDefined()
    expect(first.headers['cache-control']).toBe('private, no-store')
    const { cookie } = await anonymousCsrf(t.app)
    const again = await t.app.inject({ url: '/monitoring/', headers: { cookie } })
    expect(again.statusCode).toBe(200)
    expect(again.headers['set-cookie']).toBeUndefined()
    expect(again.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL)
    expect(String(again.headers.vary)).toMatch(/cookie/i)
  })

  it('keeps refusals, missing records, files and answers the portal never caches out of shared caches', async () => {
    for (const url of ['/api/v1/areas/?limit=0', '/api/v1/nothing-here/', '/api/v1/areas/2000000000/', '/api/v1/areas/?format=csv', '/api/v1/companies/?report_status=agreed', '/healthz']) {
      const res = await t.app.inject({ url })
      expect(String(res.headers['cache-control'] ?? ''), `${url} ${res.statusCode}`).not.toMatch(/public/)
    }
  })

  it('never marks an answer to a signed-in user public, on any route of the table', async () => {
    const gets = t.app.routeTable.filter((r) => r.method === 'GET')
    expect(gets.length).toBeGreaterThan(40)
    const leaks: string[] = []
    for (const login of ['department', 'admin', 'holder1'] as const) {
      const { headers } = await loginAs(t.app, login)
      for (const route of gets) {
        const url = pathOf(route)
        const res = await t.app.inject({ url, headers: { cookie: headers.cookie, origin: ELSEWHERE } })
        const control = String(res.headers['cache-control'] ?? '')
        if (control.includes('public') && !control.includes('immutable')) leaks.push(`${login} ${url}: ${control}`)
        if (res.headers['access-control-allow-origin'] !== undefined) leaks.push(`${login} ${url}: CORS ${res.headers['access-control-allow-origin']}`)
      }
    }
    expect(leaks).toEqual([])
  })
})

describe('CORS for the public GET API', () => {
  let session: Record<string, string>
  beforeAll(async () => {
    session = (await loginAs(t.app, 'department')).headers
  })

  it('lets a page of any site read an anonymous GET answer, without credentials', async () => {
    const res = await t.app.inject({ url: '/api/v1/areas/?limit=1', headers: { origin: ELSEWHERE } })
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(res.headers['access-control-allow-credentials']).toBeUndefined()
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/etag/i)
    // A refusal is readable too, so the page can show what was wrong.
    const refused = await t.app.inject({ url: '/api/v1/areas/?limit=0', headers: { origin: ELSEWHERE } })
    expect(refused.statusCode).toBe(400)
    expect(refused.headers['access-control-allow-origin']).toBe('*')
  })

  it('answers the preflight of a GET, and no preflight of an unsafe method', async () => {
    const preflight = (method: string) =>
      t.app.inject({ method: 'OPTIONS', url: '/api/v1/measures-points/?limit=1', headers: { origin: ELSEWHERE, 'access-control-request-method': method, 'access-control-request-headers': 'if-none-match' } })
    const get = await preflight('GET')
    expect(get.statusCode).toBe(204)
    expect(get.headers['access-control-allow-origin']).toBe('*')
    expect(String(get.headers['access-control-allow-methods'])).toBe('GET, HEAD')
    expect(String(get.headers['access-control-allow-headers']).toLowerCase()).toContain('if-none-match')
    expect(get.headers['access-control-allow-credentials']).toBeUndefined()
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await preflight(method)
      expect(res.headers['access-control-allow-origin'], method).toBeUndefined()
      expect(res.headers['access-control-allow-methods'], method).toBeUndefined()
    }
  })

  it('keeps unsafe methods, signed-in answers and pages same-origin', async () => {
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: { origin: ELSEWHERE, 'content-type': 'application/json' }, payload: '{}' })
    expect(post.headers['access-control-allow-origin']).toBeUndefined()
    const signedIn = await t.app.inject({ url: '/api/v1/areas/?limit=1', headers: { cookie: session.cookie, origin: ELSEWHERE } })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.headers['access-control-allow-origin']).toBeUndefined()
    const page = await t.app.inject({ url: '/monitoring/', headers: { origin: ELSEWHERE } })
    expect(page.headers['access-control-allow-origin']).toBeUndefined()
  })
})
