// Requests per minute and client address on the expensive doors: login (a password hash each), uploads (disk and a
// file check each) and decisions. The client address is request.ip, so X-Forwarded-For counts only from TRUST_PROXY.
// Counted in each web process's memory: the login's own throttle (login-throttle.server.ts) is the shared one.
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import { HttpError } from './errors.server.ts'

export const RATE_LIMITED = 'Слишком много запросов. Повторите попытку позже.'

export type RateLimitedDoor = keyof Config['rateLimits']

/** The route option of a limited door: `config: { rateLimit: rateLimitOf(app.config, 'upload') }`. */
export function rateLimitOf(config: Config, door: RateLimitedDoor): { max: number; timeWindow: number; groupId: string } {
  return { max: config.rateLimits[door], timeWindow: 60_000, groupId: door }
}

export async function rateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    // Only the routes that ask for it (config.rateLimit).
    global: false,
    // Retry-After is sent with the 429; the counters themselves are nobody's business.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: () => new HttpError(429, RATE_LIMITED),
  })
}

// Like fastify-plugin: the limits apply to routes registered anywhere after it.
;(rateLimits as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true
