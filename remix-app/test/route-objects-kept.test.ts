// The route objects and route matches a page render needs are made once per build and per path, not on every render
// (decision 2780, patches/ applied on install): what the server's builds of the packages, which Node loads, do.
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

// The CommonJS builds, as the web process loads them (the server build imports these packages, Node requires them).
const require = createRequire(import.meta.url)
const router = require('@remix-run/router') as typeof import('@remix-run/router')
const { createStaticRouter, createStaticHandler } = require('react-router-dom/server') as typeof import('react-router-dom/server')
const { createEntryRouteModules } = require('@remix-run/server-runtime/dist/entry.js') as {
  createEntryRouteModules: (manifest: Record<string, { module: unknown }>) => Record<string, unknown>
}

const routes = [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'point', path: 'monitoring/measures-points/:id/:year?' },
      { id: 'companies', path: 'monitoring/companies' },
      { id: 'not-found', path: '*' },
    ],
  },
]

describe('route matching kept per tree and path', () => {
  it('answers the same matches for a path asked again, as copies a caller may change', () => {
    const first = router.matchRoutes(routes, '/monitoring/measures-points/7/2024')!
    expect(first.map((m) => m.route.id)).toEqual(['root', 'point'])
    expect(first[1].params).toEqual({ id: '7', year: '2024' })
    // One params object per answer, shared by its matches, as before.
    expect(first[0].params).toBe(first[1].params)
    ;(first[1].params as Record<string, string>).id = 'changed'
    first.push(first[0])

    const again = router.matchRoutes(routes, '/monitoring/measures-points/7/2024')!
    expect(again.map((m) => m.route.id)).toEqual(['root', 'point'])
    expect(again[1].params).toEqual({ id: '7', year: '2024' })
    expect(again).not.toBe(first)
  })

  it('does not match a path asked again against the routes again', () => {
    const tree = [{ id: 'item', path: '/things/:n' }]
    router.matchRoutes(tree, '/things/41')
    // Matching a path runs its routes' regular expressions (String.prototype.match in matchPath): counted while the
    // same path is asked again, it is never run, so losing the kept matches (patches/) fails here.
    const match = String.prototype.match
    let runs = 0
    String.prototype.match = function (this: string, matcher: never) {
      runs += 1
      return match.call(this, matcher)
    } as typeof String.prototype.match
    try {
      expect(router.matchRoutes(tree, '/things/41')![0].params.n).toBe('41')
      expect(runs).toBe(0)
      expect(router.matchRoutes(tree, '/things/42')![0].params.n).toBe('42')
      expect(runs).toBeGreaterThan(0)
    } finally {
      String.prototype.match = match
    }
  })

  it('keeps another path, a path no route takes and a partial match apart', () => {
    expect(router.matchRoutes(routes, '/monitoring/measures-points/8/')![1].params).toEqual({ id: '8', year: undefined })
    expect(router.matchRoutes(routes, '/monitoring/companies')!.map((m) => m.route.id)).toEqual(['root', 'companies'])
    expect(router.matchRoutes(routes, '/elsewhere/x')!.map((m) => m.route.id)).toEqual(['root', 'not-found'])
    expect(router.matchRoutes([{ id: 'only', path: '/a' }], '/b')).toBeNull()
    expect(router.matchRoutes([{ id: 'only', path: '/a' }], '/b')).toBeNull()
    expect(router.matchRoutes([{ id: 'only', path: '/a' }], '/a')![0].route.id).toBe('only')
  })

  it('forgets the oldest paths past its bound and still matches them', () => {
    const tree = [{ id: 'item', path: '/items/:n' }]
    for (let n = 0; n < 2500; n++) expect(router.matchRoutes(tree, `/items/${n}`)![0].params.n).toBe(String(n))
    expect(router.matchRoutes(tree, '/items/0')![0].params.n).toBe('0')
  })
})

describe('the render route objects kept per build', () => {
  it('makes the static router data routes once per route tree', async () => {
    const handler = createStaticHandler(routes)
    const context = await handler.query(new Request('http://localhost/monitoring/companies'))
    if (context instanceof Response) throw new Error('expected a context')
    const one = createStaticRouter(routes, context)
    const two = createStaticRouter(routes, context)
    expect(two.routes).toBe(one.routes)
    // The matches of each render point at those data routes.
    expect(one.state.matches.map((m) => m.route.id)).toEqual(['root', 'companies'])
    expect(one.state.matches[1].route).toBe(one.routes[0].children![1])
    expect(one.state.matches).not.toBe(two.state.matches)
    // Another tree gets its own.
    expect(createStaticRouter([...routes], context).routes).not.toBe(one.routes)
  })

  it('names a build route modules with one object per build', () => {
    const build = { root: { module: { a: 1 } }, point: { module: { b: 2 } } }
    const modules = createEntryRouteModules(build)
    expect(modules).toEqual({ root: { a: 1 }, point: { b: 2 } })
    expect(createEntryRouteModules(build)).toBe(modules)
    expect(createEntryRouteModules({ ...build })).not.toBe(modules)
  })
})
