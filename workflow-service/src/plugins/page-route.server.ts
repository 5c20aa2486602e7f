// Which page route Remix will run for a request, found the way Remix finds it: a per-route rule (a rate limit, the
// query parameters a page declares) belongs to the route, not to one spelling of its address. Fastify's router sees
// `/monitoring/Login`, `/monitoring/LOGIN.data` or `/monitoring/companies/2/Reports/` as other paths than the ones a
// rule was registered on, while Remix matches them case-insensitively, decodes them and strips `.data`.
import { type AgnosticRouteObject, matchRoutes } from '@remix-run/router'
import type { ServerBuild } from '@remix-run/node'

/** The route id Remix will run for this URL (its deepest match), or null when none matches. */
export type PageRouteOf = (url: URL) => string | null

/**
 * Remix's own matcher (the same @remix-run/router version, the build's route tree and basename) applied to the path
 * its request handler matches: a `?_data` request matches its path as it is; a single-fetch request (`….data`)
 * matches the path without `.data` (`/_root.data` is the home page). A POST runs the action of the deepest match.
 */
export function pageRouteMatcher(build: ServerBuild): PageRouteOf {
  const routes = routeTree(build)
  const basename = build.basename
  return (url) => {
    let pathname = url.pathname
    if (!url.searchParams.has('_data') && pathname.endsWith('.data')) pathname = pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/')
    const matches = matchRoutes(routes, pathname, basename)
    return matches && matches.length > 0 ? String(matches[matches.length - 1].route.id) : null
  }
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
