// The API's side of the public cache: an anonymous GET under /api/v1/ answered 200 without a cookie is the same for
// every visitor, so it is kept (with its ETag) until public data changes. Pages are cached by the Remix plugin.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { declaredParams, declaredQuery } from '../http/declared-query.ts'
import { type CachedAnswer, etagOf, notModified, type PublicCache } from '../http/public-cache.server.ts'
import { keepOutOfSharedCaches } from '../http/shared-cache-headers.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The cache key and generation of a request whose answer may be stored (set by the public cache). */
    publicCacheMiss: { key: string; generation: number; done: () => void } | null
  }
}

/** An anonymous GET or HEAD: the only requests whose answers are the same for everyone. */
export function isPublicRequest(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && request.user === null
}

/**
 * Keeps this request's answer out of the cache, and out of shared caches: for an anonymous answer read from tables that
 * do not tell the caches of their changes (the workflow's read models, decision 1820). Waiting requests of the same
 * address compute their own.
 */
export function keepOutOfPublicCache(request: FastifyRequest): void {
  keepOutOfSharedCaches(request)
  request.publicCacheMiss?.done()
  request.publicCacheMiss = null
}

/** Sends a cached answer (or 304 when the client holds the same version). */
export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, body: Buffer = answer.body, state: 'hit' | 'miss' = 'hit'): FastifyReply {
  reply.header('etag', answer.etag)
  reply.header('x-cache', state)
  if (notModified(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
  reply.code(answer.status)
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value)
  return reply.send(body)
}

/**
 * The key of an API answer: the route, its path parameters and only the query parameters its querystring schema
 * declares, sorted by name, each spelt as the route reads it (declared-query.ts). An undeclared parameter (`?bust=…`)
 * or another spelling of a number (`?limit=05`, `/companies/007/`) changes nothing the route reads, so it makes no
 * new entry that would push out everybody's; null for a request no route takes (its 404 is never kept).
 */
export function apiCacheKey(request: FastifyRequest): string | null {
  const route = request.routeOptions.url
  if (route === undefined) return null
  return JSON.stringify([route, declaredParams(request), declaredQuery(request)])
}

async function registerPublicApiCache(app: FastifyInstance, options: { cache: PublicCache; prefix: string }): Promise<void> {
  const { cache, prefix } = options
  app.decorateRequest('publicCacheMiss', null)
  // After the auth plugin's onRequest hook (registered before this one), which sets request.user.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(prefix) || !isPublicRequest(request) || !cache.enabled) return
    const key = apiCacheKey(request)
    if (key === null) return
    const answer = cache.get(key)
    if (answer) return sendCached(request, reply, answer)
    // Concurrent misses of one address wait for the first one's answer rather than all asking the database.
    const generation = cache.generation
    const claim = await cache.claim(key)
    if ('answer' in claim) return sendCached(request, reply, claim.answer)
    request.publicCacheMiss = { key, generation, done: claim.done }
  })
  // Whatever the answer (an error, a client gone), the waiting requests are released.
  app.addHook('onResponse', async (request) => request.publicCacheMiss?.done())
  app.addHook('onRequestAbort', async (request) => request.publicCacheMiss?.done())
  app.addHook('onSend', async (request, reply, payload) => {
    const miss = request.publicCacheMiss
    if (!miss || reply.statusCode !== 200 || reply.hasHeader('set-cookie')) return payload
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload)
    const etag = etagOf(body)
    const contentType = reply.getHeader('content-type')
    cache.set(miss.key, { status: 200, headers: contentType ? { 'content-type': String(contentType) } : {}, body, etag }, miss.generation)
    miss.done()
    reply.header('etag', etag)
    reply.header('x-cache', 'miss')
    if (notModified(request.headers['if-none-match'], etag)) {
      reply.code(304)
      return ''
    }
    return payload
  })
}

// Not encapsulated: the hooks apply to the whole app.
export const publicApiCache = fp(registerPublicApiCache, { name: 'portal-public-api-cache', fastify: '5.x' })
