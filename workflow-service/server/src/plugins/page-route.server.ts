// Which page route Remix will run for a request, found the way Remix finds it: a per-route rule (a rate limit, the
// query parameters a page declares) belongs to the route, not to one spelling of its address. Fastify's router sees
// `/monitoring/Login`, `/monitoring/LOGIN.data` or `/monitoring/companies/2/Reports/` as other paths than the ones a
// rule was registered on, while Remix matches them case-insensitively, decodes them and strips `.data`.
import { type AgnosticRouteObject, generatePath, matchRoutes } from '@remix-run/router'
import type { ServerBuild } from '@remix-run/node'

/** The route id Remix will run for this URL (its deepest match), or null when none matches. */
export type PageRouteOf = (url: URL) => string | null

/** The route Remix will run for a URL and that page's own spelling of the URL's path (see pageAddressMatcher). */
export interface PageAddress {
  route: string
  /** The path written as the route declares it: its letter case, its parameters percent-encoded once, no dot segments. */
  pathname: string
}

/**
 * Remix's own matcher (the same @remix-run/router version, the build's route tree and basename) applied to the path
 * its request handler matches: a `?_data` request matches its path as it is; a single-fetch request (`….data`)
 * matches the path without `.data` (`/_root.data` is the home page). A POST runs the action of the deepest match.
 * The page's own spelling of the path is the route's pattern filled with the matched parameters, keeping whether the
 * path ended in a slash and in `.data`: every spelling Remix reads as one page (`/monitoring/COMPANIES/`,
 * `/monitoring/%63ompanies/`) has one, so the public cache keeps and renders one page for them all (decision 2310).
 */
export function pageAddressMatcher(build: ServerBuild): (url: URL) => PageAddress | null {
  const routes = routeTree(build)
  const basename = build.basename
  const base = (basename ?? '/').replace(/\/+$/, '')
  return (url) => {
    let pathname = url.pathname
    const data = !url.searchParams.has('_data') && pathname.endsWith('.data')
    if (data) pathname = pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/')
    const matches = matchRoutes(routes, pathname, basename)
    if (!matches || matches.length === 0) return null
    const last = matches[matches.length - 1]
    const pattern = matches.map((m) => m.route.path ?? '').filter((p) => p !== '' && p !== '/').join('/')
    const params: Record<string, string> = {}
    for (const [name, value] of Object.entries(last.params)) {
      if (value === undefined) continue
      // Remix hands its loaders decoded values; encoded once again, every spelling of a value is one path.
      params[name] = name === '*' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value)
    }
    const generated = generatePath(`/${pattern}`, params).replace(/\/+$/, '')
    const slash = pathname.endsWith('/') ? '/' : ''
    let own = `${base}${generated}${slash}`
    if (own === '') own = '/'
    if (data) own = own === `${base}/` || own === base ? `${base}.data` : `${own}.data`
    return { route: String(last.route.id), pathname: own }
  }
}

/** The route id Remix will run for this URL (its deepest match), or null when none matches. */
export function pageRouteMatcher(build: ServerBuild): PageRouteOf {
  const addressOf = pageAddressMatcher(build)
  return (url) => addressOf(url)?.route ?? null
}

/** The build's flat route manifest as the tree the matcher takes (as Remix's createRoutes makes it). */
function routeTree(build: ServerBuild): AgnosticRouteObject[] {
  const byParent = new Map<string, ServerBuild['routes'][string][]>()
  for (const route of Object.values(build.routes)) {
    const parent = route.parentId ?? ''
    byParent.set(parent, [...(byParent.get(parent) ?? []), route])
  }
  const childrenOf = (parentId: string): AgnosticRouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
    )
  return childrenOf('')
}
