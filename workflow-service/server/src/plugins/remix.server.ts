// Mounts the built Remix app under /monitoring/: hashed assets with long cache headers, every other path to Remix.
import path from 'node:path'
import { type Readable, Transform } from 'node:stream'
import fastifyStatic from '@fastify/static'
import {
  type AppLoadContext,
  createReadableStreamFromReadable,
  createRequestHandler,
  type ServerBuild,
  writeReadableStreamToWritable,
} from '@remix-run/node'
import { precheckAddressCap, rateLimitBy, type RateLimitedDoor } from './rate-limits.server.ts'
import { pageAddressMatcher } from './page-route.server.ts'
import { keptQuery, pageCacheKey, QueryNamesByRoute, readingQuery, readsMore } from './page-query-reads.server.ts'
import { HttpError } from '@portal/workflow-domain/views.ts'
import { RETRY_AFTER_SECONDS } from '@portal/workflow-platform/faults.ts'
import { BASE_PATH } from '../http/base-path.ts'
import { tooLargeMessage } from '../http/multipart-upload.server.ts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { markPrivacy } from './auth-plugin.server.ts'
import { type CachedAnswer, etagOf, notModified, type PublicCache } from '../http/public-cache.server.ts'
import { isPublicRequest, sendCached } from './public-cache.plugin.server.ts'


export const PAGE_FORM_TYPES_ONLY = 'Форма страницы принимается только как application/x-www-form-urlencoded или multipart/form-data.'

export interface RemixPluginOptions {
  build: ServerBuild
  clientDir: string
  mode: 'production' | 'development'
  getLoadContext: (request: FastifyRequest, reply: FastifyReply) => AppLoadContext | Promise<AppLoadContext>
  /** Keeps pages the public sees until public data changes (see http/public-cache.server.ts). */
  cache?: PublicCache
  /** The largest file a page form may carry (an upload, a decision's attachment), in MB; url-encoded forms keep the app's limit. */
  maxUploadMb?: number
}

// A cached page holds these marks where the request's own CSP nonce and CSRF token were written.
const NONCE_MARK = '\u0000nonce\u0000'
const TOKEN_MARK = '\u0000csrf\u0000'
const REQUEST_MARK = '\u0000request\u0000'

// The stored page split at its marks, kept beside the cache entry so a hit only joins strings.
const templates = new WeakMap<CachedAnswer, string[]>()

function personalise(answer: CachedAnswer, nonce: string, token: string, requestId: string): string {
  let parts = templates.get(answer)
  if (!parts) {
    parts = answer.body.toString('utf8').split(/(\u0000nonce\u0000|\u0000csrf\u0000|\u0000request\u0000)/)
    templates.set(answer, parts)
  }
  return parts.map((part) => (part === NONCE_MARK ? nonce : part === TOKEN_MARK ? token : part === REQUEST_MARK ? requestId : part)).join('')
}

/**
 * The page with marks where this request's id, nonce and token were written, or null when it cannot be stored: the
 * id (which the balancer may choose) must stand exactly once, in the root's data, or marking it would change the
 * page's own text for every later visitor.
 */
function marked(page: string, nonce: string, token: string, requestId: string): string | null {
  const first = page.indexOf(requestId)
  if (first < 0 || page.indexOf(requestId, first + 1) >= 0) return null
  return page.replace(requestId, REQUEST_MARK).replaceAll(nonce, NONCE_MARK).replaceAll(token, TOKEN_MARK)
}

/** The headers a page answer is stored with: never a cookie, never a length (the personalised body differs). */
function storedHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [key, value] of response.headers.entries()) if (key !== 'set-cookie' && key !== 'content-length') headers[key] = value
  return headers
}

/** The most a multipart page form may carry: MAX_UPLOAD_MB for each of its files, and a megabyte of fields. */
export const PAGE_FORM_MAX_FILES = 20
function multipartLimit(maxUploadMb: number): number {
  return (maxUploadMb * PAGE_FORM_MAX_FILES + 1) * 1024 * 1024
}

/** The request stream, failing once more than `limit` bytes have come: Remix's form reader then stops. */
function capped(raw: Readable, limit: number): Readable {
  let size = 0
  return raw.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length
        if (size > limit) return callback(new HttpError(413, 'request body too large'))
        callback(null, chunk)
      },
    }),
  )
}

/** The URL Remix gets for this request (or for `asked`, a path and query in place of the request's). */
function remixUrlOf(request: FastifyRequest, asked?: string): URL {
  const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`
  const url = new URL(asked ?? request.raw.url ?? '/', origin)
  // The home page's single-fetch data is asked at /monitoring.data, outside the basename '/monitoring/': Remix
  // strips '.data' and matches '/monitoring/' when the path is /monitoring/.data.
  if (url.pathname === `${BASE_PATH}.data`) url.pathname = `${BASE_PATH}/.data`
  return url
}

/**
 * The page routes whose actions are limited per minute and address, by Remix route id (remix-app/app/routes.ts): the
 * login form of a browser without JavaScript (the limit of POST /auth/login/), and the reports page's actions (the
 * Department's decision with its attachment, a holder's saves and deletes: the decisions' limit).
 */
const LIMITED_PAGE_ROUTES = new Map<string, RateLimitedDoor>([
  ['auth/login', 'login'],
  ['reports/company-reports', 'decision'],
  // A check before sending costs what an upload's check costs: its own minute per account (decision 2441).
  ['reports/precheck', 'precheck'],
])

/** Remix runs an action for these methods; the others (GET, HEAD, OPTIONS) run loaders at most. */
const ACTION_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function toWebRequest(request: FastifyRequest, reply: FastifyReply, maxBody: number, asked?: string): Request {
  const url = remixUrlOf(request, asked)
  const controller = new AbortController()
  reply.raw.on('close', () => controller.abort())
  const headers = new Headers()
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(key, v)
    else headers.set(key, String(value))
  }
  // A GET or HEAD carries no body to Remix: no stream is made for it (a page miss made and dropped one).
  if (request.method === 'GET' || request.method === 'HEAD') return new Request(url.href, { method: request.method, headers, signal: controller.signal })
  // A url-encoded body was buffered (so the CSRF hook could read its hidden field): Remix gets the same bytes. A
  // multipart one is streamed, counted on the way, so a body without a length still stops at the page forms' limit.
  const body = Buffer.isBuffer(request.body) ? request.body : createReadableStreamFromReadable(capped(request.raw, maxBody))
  return new Request(url.href, { method: request.method, headers, signal: controller.signal, body, duplex: 'half' } as RequestInit)
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status)
  for (const [key, value] of response.headers.entries()) {
    if (key === 'set-cookie') continue
    reply.header(key, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  // Remix answers skip onSend: the same privacy rule as every other answer.
  markPrivacy(reply.request, reply)
  reply.hijack()
  reply.raw.writeHead(response.status, reply.getHeaders() as Record<string, string | string[]>)
  if (response.body) await writeReadableStreamToWritable(response.body, reply.raw)
  else reply.raw.end()
}

export const NO_DATA_REQUESTS = 'Неверный запрос: параметр _data не поддерживается.'

/** Whether the query holds `_data`, as Remix reads it (any value, the empty one included). */
function asksOldDataRequest(url: string): boolean {
  const at = url.indexOf('?')
  return at >= 0 && new URLSearchParams(url.slice(at + 1)).has('_data')
}

export async function remixPlugin(app: FastifyInstance, options: RemixPluginOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.resolve(options.clientDir),
    prefix: `${BASE_PATH}/`,
    wildcard: false,
    cacheControl: false,
    index: false,
    // @fastify/static hands the Fastify reply here.
    setHeaders(reply: unknown, filePath: string) {
      // Vite puts content-hashed files under assets/: they never change, so browsers keep them for a year.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      ;(reply as FastifyReply).header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
    },
  })

  // A missing built file (an old hashed name after a deploy, a mistyped path) is a short 404 here, before Remix
  // would render a whole page for it: the existing files have routes of their own (wildcard: false), found first.
  app.get(`${BASE_PATH}/assets/*`, async (_request, reply) => reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found'))

  const remixHandle = createRequestHandler(options.build, options.mode)
  // A page that failed because the database or Redis did not answer (entry.server's handleError notes it) is a 503
  // that says when to try again, as the API's answers are (decision 3502).
  const handle = async (request: Request, context: AppLoadContext): Promise<Response> => {
    const response = await remixHandle(request, context)
    if (response.status !== 500 || !(context as { faults?: { unreachable: boolean } }).faults?.unreachable) return response
    const headers = new Headers(response.headers)
    headers.set('retry-after', String(RETRY_AFTER_SECONDS))
    return new Response(response.body, { status: 503, headers })
  }

  // A url-encoded form post is buffered as raw bytes (no parsing; small and bounded by the app's body limit): the auth
  // plugin's CSRF check reads the hidden field csrfmiddlewaretoken before Remix, then Remix parses the same bytes.
  // A multipart one (it may carry files) is not buffered: the CSRF check reads its first field off the stream, and
  // Remix gets the whole body as a stream, so a file goes to storage as it arrives (page-uploads.server.ts).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    // A page form is url-encoded or multipart, as a browser sends it; JSON, text or bytes are no form (Remix would fail
    // on them with a 500): 415 with the Russian message, before the body is read.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(new HttpError(415, PAGE_FORM_TYPES_ONLY), undefined))
    const maxBody = multipartLimit(options.maxUploadMb ?? 0)
    scope.addContentTypeParser('multipart/form-data', (request, _payload, done) => {
      // Refused before a byte is read when the request says it is larger than any page form may be.
      const declared = Number(request.headers['content-length'] ?? 0)
      if (declared > maxBody) return done(new HttpError(413, tooLargeMessage(options.maxUploadMb ?? 0)), undefined)
      done(null, undefined)
    })
    const cache = options.cache
    const addressOf = pageAddressMatcher(options.build)
    const routeOf = (url: URL) => addressOf(url)?.route ?? null
    const queryNames = new QueryNamesByRoute()
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      // The pages load their data by single fetch (`….data`), never by `?_data=<route id>`: such a request is a
      // stranger's, which Remix would log twice at error level with a stack. It is a 400 and one warn line.
      if (asksOldDataRequest(request.url)) {
        request.log.warn({ url: request.url.slice(0, 300) }, 'a ?_data request, which the pages never make: answered 400')
        return reply.code(400).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NO_DATA_REQUESTS)
      }
      const context = await options.getLoadContext(request, reply)
      const nonce = String(context.cspNonce ?? '')
      const token = String(context.csrfToken ?? '')
      // A public page is keyed by its own spelling of the path (decision 2310) and the query parameters its route's
      // renders read (decision 2232): `?bust=…`, which no loader reads, or `/monitoring/COMPANIES/`, neither renders
      // afresh nor makes an entry.
      const address = cache && cache.enabled && isPublicRequest(request) && nonce && token ? addressOf(remixUrlOf(request)) : null
      const at = request.url.indexOf('?')
      const query = at < 0 ? '' : request.url.slice(at + 1)
      const key = address !== null ? pageCacheKey(`${address.pathname}?${query}`, queryNames.of(address.route)) : null
      const serve = (answer: CachedAnswer) => {
        // A 304 keeps the browser's stored CSP, whose nonce is the one its stored page carries.
        if (notModified(request.headers['if-none-match'], answer.etag)) reply.removeHeader('content-security-policy')
        return sendCached(request, reply, answer, Buffer.from(personalise(answer, nonce, token, String(request.id))), 'hit')
      }
      if (!key || !cache || address === null) return sendWebResponse(reply, await handle(toWebRequest(request, reply, maxBody), context))
      const { route, pathname } = address
      const cached = cache.get(key)
      if (cached) return serve(cached)
      const generation = cache.generation
      // Concurrent misses of one page wait for the first rendering instead of all rendering it.
      const claim = await cache.claim(key)
      if ('answer' in claim) return serve(claim.answer)
      try {
        // The page is rendered at its own path with only the parameters its route reads, so what is stored for
        // everyone carries nobody's `?bust=…` or spelling into its links. A parameter the route had not read before
        // is left out of the first render; when that render reads it, the page is rendered again with it (once per
        // name and web process). The whole render, streamed body included, notes which parameters it reads.
        let names = queryNames.of(route)
        for (;;) {
          const kept = keptQuery(query, names)
          const asked = kept.length > 0 ? `${pathname}?${new URLSearchParams(kept).toString()}` : pathname
          const { value: rendered, reads } = await readingQuery(async () => {
            const response = await handle(toWebRequest(request, reply, maxBody, asked), context)
            const cacheable = response.status === 200 && !response.headers.has('set-cookie') && response.body
            return { response, page: cacheable ? await response.text() : null }
          })
          const { response, page } = rendered
          const widened = queryNames.widen(route, reads)
          if (readsMore(query, names, widened)) {
            if (page === null) await response.body?.cancel()
            names = widened
            continue
          }
          if (page === null) return await sendWebResponse(reply, response)
          // Stored under the key of the names read so far, this render's included: a later request agreeing on them
          // all gets what this render made of them.
          const storeKey = pageCacheKey(`${pathname}?${query}`, widened)
          // A public page: rendered once, stored with marks in place of this request's nonce and token.
          const template = marked(page, nonce, token, String(request.id))
          if (template === null) return sendCached(request, reply, { status: 200, headers: storedHeaders(response), body: Buffer.from(page), etag: etagOf(page) }, Buffer.from(page), 'miss')
          const answer = { status: 200, headers: storedHeaders(response), body: Buffer.from(template), etag: etagOf(template) }
          cache.set(storeKey, answer, generation)
          return sendCached(request, reply, answer, Buffer.from(page), 'miss')
        }
      } finally {
        claim.done()
      }
    }
    // A limited action is counted by the Remix route that will run it, not by the path Fastify's router saw: every
    // spelling Remix accepts (letter case, `.data`, a trailing slash, percent-encoding, dot segments) is the same
    // door, and one counter per door and address is shared with the door's API routes (decision 2230).
    const doors = new WeakMap<FastifyRequest, RateLimitedDoor | null>()
    const doorOf = (request: FastifyRequest): RateLimitedDoor | null => {
      let door = doors.get(request)
      if (door === undefined) {
        const id = ACTION_METHODS.has(request.method) ? routeOf(remixUrlOf(request)) : null
        door = (id !== null && LIMITED_PAGE_ROUTES.get(id)) || null
        doors.set(request, door)
      }
      return door
    }
    // Page forms carry their CSRF token in the hidden field csrfmiddlewaretoken (checked by the auth plugin); a
    // multipart one may carry a file, so its body gets UPLOAD_TIMEOUT_SECONDS (plugins/body-timeout.server.ts).
    const config = { csrf: 'form' as const, uploadBody: true, rateLimit: rateLimitBy(app.config, doorOf) }
    // The cap of one address's accounts on the check before sending (the plugin runs one limit per request).
    const onRequest = precheckAddressCap(app, (request) => doorOf(request) === 'precheck')
    scope.all(BASE_PATH, { config, onRequest }, handler)
    // Remix's single fetch asks the data of the home page (the basename itself) at /monitoring.data.
    scope.all(`${BASE_PATH}.data`, { config, onRequest }, handler)
    scope.all(`${BASE_PATH}/*`, { config, onRequest }, handler)
  })
}
