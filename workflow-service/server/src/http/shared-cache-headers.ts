// What shared caches (a CDN, the balancer, a browser) may do with the public's answers, declared once: anonymous
// catalogue answers and pages may be kept for SHARED_CACHE_MAX_AGE_SECONDS and served stale while being fetched again
// for SHARED_CACHE_STALE_SECONDS more, so a change of public data reaches every shared cache within their sum (the
// portal's own cache drops its copies at the commit; a shared cache is told nothing and lets them age out).
import { BASE_PATH } from './base-path.ts'

export const SHARED_CACHE_MAX_AGE_SECONDS = 30
export const SHARED_CACHE_STALE_SECONDS = 30

export const PUBLIC_CACHE_CONTROL = `public, max-age=${SHARED_CACHE_MAX_AGE_SECONDS}, stale-while-revalidate=${SHARED_CACHE_STALE_SECONDS}`

/** The routes (by their pattern) whose anonymous GET answers are public: the API, SensorThings and the pages. */
export const SHARED_CACHE_ROUTE_PREFIXES = ['/api/v1/', '/api/sta/', BASE_PATH]

/** The routes whose anonymous GET answers any site's page may read (CORS): the open data APIs. */
export const CORS_ROUTE_PREFIXES = ['/api/v1/', '/api/sta/']

const keptOut = new WeakSet<object>()

/** Keeps this request's answer out of shared caches (an answer read from tables that tell no cache, decision 1820). */
export function keepOutOfSharedCaches(request: object): void {
  keptOut.add(request)
}

export function isKeptOutOfSharedCaches(request: object): boolean {
  return keptOut.has(request)
}

export function underPrefix(routeUrl: string | undefined, prefixes: readonly string[]): boolean {
  return routeUrl !== undefined && prefixes.some((prefix) => routeUrl.startsWith(prefix))
}
