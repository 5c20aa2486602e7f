// Requests per minute and client address on the expensive doors: login (a password hash each), uploads (disk and a
// file check each; a check before sending per account, with a cap per address), decisions, and exports (every matching row of a list, read and written out, never cached). The client address is request.ip, so X-Forwarded-For counts only from TRUST_PROXY.
// Counted in each web process's memory: the login's own throttle (login-throttle.server.ts) is the shared one.
import fp from 'fastify-plugin'
import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import { GEO_FORMAT, isFileFormat, HttpError } from '@portal/workflow-domain/views.ts'
import { ExportRowBudget, refuseExportPastBudget } from '../exports/export-budget.server.ts'

export const RATE_LIMITED = 'Слишком много запросов. Повторите попытку позже.'

export type RateLimitedDoor = keyof Config['rateLimits']

/** The route option of a limited door: `config: { rateLimit: rateLimitOf(app.config, 'upload') }`. */
export function rateLimitOf(config: Config, door: RateLimitedDoor): { max: number; timeWindow: number; groupId: string } {
  return { max: config.rateLimits[door], timeWindow: 60_000, groupId: door }
}

/**
 * Doors counted per account (its user id; the address when nobody is logged in): a check before sending is
 * "limited per account like uploads" (issue 24), so colleagues behind one office address do not spend each other's
 * minute. Their addresses keep a cap of their own (`precheckAddressCap`).
 */
const PER_ACCOUNT_DOORS = new Set<RateLimitedDoor>(['precheck'])

const accountOf = (request: FastifyRequest): string => (request.user ? `account:${request.user.id}:` : normalizeIP(request.ip))

/** What a door counts a request under, before the door's name is added. */
const counterOf = (request: FastifyRequest, door: RateLimitedDoor): string => (PER_ACCOUNT_DOORS.has(door) ? accountOf(request) : normalizeIP(request.ip))

/** The route option of a door counted per account: `config: { rateLimit: rateLimitPerAccount(app.config, 'precheck') }`. */
export function rateLimitPerAccount(config: Config, door: RateLimitedDoor) {
  return { ...rateLimitOf(config, door), keyGenerator: (request: FastifyRequest) => counterOf(request, door) }
}

/**
 * The cap of all accounts of one address on the check before sending: the pages' onRequest hook, called first
 * thing by the API's handler (the plugin runs one limit per request, so this second one is asked and answered here). `applies`: whether the request is such a
 * check (the pages' catch-all routes). Its key is the same for the API's route (whose groupId the plugin appends) and
 * the page's.
 */
export function precheckAddressCap(app: FastifyInstance, applies: (request: FastifyRequest) => boolean = () => true) {
  const limit = app.createRateLimit({
    max: app.config.rateLimits.precheckAddress,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `${normalizeIP(request.ip)}precheckAddress${(request.routeOptions.config as { rateLimit?: { groupId?: string } }).rateLimit?.groupId ? '' : 'precheck'}`,
  })
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!applies(request)) return
    const counted = await limit(request)
    if (counted.isAllowed || !counted.isExceeded) return
    reply.header('retry-after', counted.ttlInSeconds)
    throw new HttpError(429, RATE_LIMITED)
  }
}

/**
 * The route option of routes whose door is known only per request: the pages' catch-all routes, where the door is the
 * Remix route that will run, whatever spelling of its address reached it. A request of no door is not counted. Its
 * key is the one a door's fixed routes count under (the address as the plugin keys it, then the groupId), so the
 * login page and `/auth/login/` keep one counter.
 */
export function rateLimitBy(config: Config, doorOf: (request: FastifyRequest) => RateLimitedDoor | null) {
  return {
    timeWindow: 60_000,
    allowList: (request: FastifyRequest) => doorOf(request) === null,
    max: (request: FastifyRequest) => config.rateLimits[doorOf(request) ?? 'login'],
    keyGenerator: (request: FastifyRequest) => {
      const door = doorOf(request)
      return door === null ? normalizeIP(request.ip) : `${counterOf(request, door)}${door}`
    },
  }
}

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void

/**
 * One counter per client address and door, whichever route of the door is asked. The plugin's own memory store keeps
 * a counter per route, so the reports page, its single-fetch twin (.data) and the API's decision door would each
 * allow the whole limit. Every limited route has a groupId (rateLimitOf), which is part of the key.
 */
export class DoorCounters {
  private readonly windows = new Map<string, { current: number; start: number; ttl: number }>()

  incr(key: string, answer: Answer, timeWindow: number): void {
    const now = Date.now()
    let window = this.windows.get(key)
    if (!window || window.start + timeWindow <= now) {
      if (this.windows.size >= MAX_COUNTERS) this.forgetEnded(now, timeWindow)
      window = { current: 0, start: now, ttl: timeWindow }
      this.windows.set(key, window)
    }
    window.current += 1
    window.ttl = timeWindow - (now - window.start)
    answer(null, { current: window.current, ttl: window.ttl })
  }

  read(key: string, answer: Answer, timeWindow: number): void {
    const now = Date.now()
    const window = this.windows.get(key)
    if (!window || window.start + timeWindow <= now) answer(null, { current: 0, ttl: 0 })
    else answer(null, { current: window.current, ttl: timeWindow - (now - window.start) })
  }

  /** The plugin asks each route for a store of its own: every route gets the same counters. */
  child(): DoorCounters {
    return this
  }

  /** Bounded memory under a flood of addresses: ended windows go first, then the oldest. */
  private forgetEnded(now: number, timeWindow: number): void {
    for (const [key, window] of this.windows) if (window.start + timeWindow <= now) this.windows.delete(key)
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_COUNTERS) break
      this.windows.delete(key)
    }
  }
}

const MAX_COUNTERS = 50_000

/** A list asked as a file or as GeoJSON: every matching row, whatever `limit` says. */
function exportDoor(request: FastifyRequest): RateLimitedDoor | null {
  const format = (request.query as Record<string, unknown> | null)?.format
  const formats = Array.isArray(format) ? format : [format]
  return formats.some((f) => typeof f === 'string' && (isFileFormat(f) || f === GEO_FORMAT)) ? 'export' : null
}

/** A GET route whose query declares `format` (the lists): counted on the export door when asked for a file. */
function declaresFormat(schema: unknown): boolean {
  const properties = (schema as { querystring?: { properties?: Record<string, unknown> } } | undefined)?.querystring?.properties
  return properties !== undefined && Object.hasOwn(properties, 'format')
}

async function registerRateLimits(app: FastifyInstance): Promise<void> {
  // Exports are limited by their count (the export door) and by the rows an address's exports wrote this minute.
  // An app without the portal's configuration (the plugin's own tests) has no row budget.
  app.decorate('exportRows', new ExportRowBudget((app.config as Config | undefined)?.exportRowsPerMinute ?? Number.POSITIVE_INFINITY))
  const exportBudget = async (request: FastifyRequest, reply: FastifyReply) => {
    if (exportDoor(request)) refuseExportPastBudget(request, reply)
  }
  // Before the plugin's own onRoute hook, which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!methods.includes('GET') || !declaresFormat(route.schema)) return
    route.onRequest = [...(route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]), exportBudget]
    if (route.config?.rateLimit) return
    route.config = { ...route.config, rateLimit: rateLimitBy(app.config, exportDoor) }
  })
  await app.register(rateLimit, {
    // Only the routes that ask for it (config.rateLimit).
    global: false,
    // Made once per registration of the plugin; every route's store (child) is that one.
    store: DoorCounters,
    // Retry-After is sent with the 429; the counters themselves are nobody's business.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: () => new HttpError(429, RATE_LIMITED),
  })
}

// Not encapsulated: the limits apply to routes registered anywhere after it.
export const rateLimits = fp(registerRateLimits, { name: 'portal-rate-limits', fastify: '5.x' })
