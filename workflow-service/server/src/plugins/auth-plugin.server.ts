// Resolves request.user from the session cookie on every request and refuses unsafe requests without the CSRF token.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { allowUploadTime } from './body-timeout.server.ts'
import { forbidden, mayUploadFiles } from '@portal/workflow-domain/views.ts'
import {
  CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER, isValidAnonymousToken, issueAnonymousToken, sameToken, findSession,
  SESSION_COOKIE,
} from '@portal/workflow-domain/use-cases.server.ts'
import { boundaryOf, readFirstField } from '../auth/first-form-field.server.ts'
import { csrfCookie, readCookies } from '../auth/session-cookies.server.ts'
import { isKeptOutOfSharedCaches, PUBLIC_CACHE_CONTROL, SHARED_CACHE_ROUTE_PREFIXES, underPrefix } from '../http/shared-cache-headers.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The cookie token of the live session (null for the public); never logged. */
    sessionToken: string | null
    /** The live session's CSRF token (null for the public). */
    sessionCsrfToken: string | null
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const ASSETS_PATH = '/monitoring/assets/'
export const CSRF_REFUSED = 'CSRF-токен отсутствует или неверен. Обновите страницу и повторите действие.'

function pathOf(request: FastifyRequest): string {
  return (request.raw.url ?? '/').split('?')[0]
}

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https'
}

/** The token a request must carry: the session's own, or for the public the signed cookie's. */
function expectedToken(request: FastifyRequest, secret: string): string | null {
  if (request.sessionCsrfToken) return request.sessionCsrfToken
  const cookie = readCookies(request.headers.cookie)[CSRF_COOKIE]
  return isValidAnonymousToken(secret, cookie) ? cookie : null
}

/**
 * The token to put into a page's hidden field csrfmiddlewaretoken (and the answer of GET /auth/csrf/);
 * for the public without a valid cookie a fresh signed one is issued on this reply.
 */
export function csrfTokenFor(request: FastifyRequest, reply: FastifyReply): string {
  const secret = request.server.config.sessionSecret
  const existing = expectedToken(request, secret)
  if (existing) return existing
  const token = issueAnonymousToken(secret)
  // reply.header appends Set-Cookie values, and it also reaches the Remix answers that bypass onSend.
  reply.header('set-cookie', csrfCookie(token, isHttps(request)))
  return token
}

/** The hidden field of a url-encoded form posted to a page, parsed from the buffered body (small and bounded). */
async function formToken(request: FastifyRequest): Promise<string | undefined> {
  const type = request.headers['content-type'] ?? ''
  const body = request.body
  if (!Buffer.isBuffer(body) || !type.startsWith('application/x-www-form-urlencoded')) return undefined
  const value = new URLSearchParams(body.toString('utf8')).get(CSRF_FIELD)
  return value ?? undefined
}

/** The first part of a multipart page form may take this much: its headers and a token of a few dozen characters. */
const FIRST_PART_LIMIT = 8 * 1024

export function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\/form-data/i.test(request.headers['content-type'] ?? '')
}

/**
 * The token of a multipart page form: its first field csrfmiddlewaretoken, read off the stream before anything else
 * of the body (a file) is read; the body is not buffered and reaches Remix whole. A token after a file part, or no
 * token, is no token.
 */
async function firstFieldToken(request: FastifyRequest): Promise<string | undefined> {
  const boundary = boundaryOf(request.headers['content-type'] ?? '')
  if (!boundary) return undefined
  const field = await readFirstField(request.raw, boundary, FIRST_PART_LIMIT).catch(() => null)
  return field && field.name === CSRF_FIELD && !field.isFile ? field.value : undefined
}

/**
 * Cache-Control of an answer: private, no-store for a session or a cookie being set; otherwise Vary: Cookie, and an
 * anonymous GET of the API or of a page answered 200 (or 304) that set no Cache-Control of its own is public for a
 * short while (http/shared-cache-headers.ts).
 */
export function markPrivacy(request: FastifyRequest, reply: FastifyReply): void {
  // Hashed page assets are the same for everybody.
  if (String(reply.getHeader('cache-control') ?? '').includes('immutable')) return
  if (request.user || request.sessionToken || reply.hasHeader('set-cookie')) {
    reply.header('cache-control', 'private, no-store')
    return
  }
  const vary = reply.getHeader('vary')
  if (!String(vary ?? '').toLowerCase().includes('cookie')) reply.header('vary', vary ? `${String(vary)}, Cookie` : 'Cookie')
  if (mayBeShared(request, reply)) reply.header('cache-control', PUBLIC_CACHE_CONTROL)
}

function mayBeShared(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (reply.statusCode === 200 || reply.statusCode === 304) &&
    !reply.hasHeader('cache-control') &&
    underPrefix(request.routeOptions.url, SHARED_CACHE_ROUTE_PREFIXES) &&
    !isKeptOutOfSharedCaches(request)
  )
}

export const CROSS_SITE_REFUSED = 'Запрос с другого сайта отклонён.'

/** How a route takes its CSRF token: 'header' (X-CSRFToken, the API and /auth/) or 'form' (pages: the hidden field). */
export type CsrfMode = 'header' | 'form'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's CSRF rule; unset: the header. Safe methods are never checked. */
    csrf?: CsrfMode
  }
}

/** The origins a state-changing request may come from: the configured public one, and the one it was sent to. */
function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  // A browser says where the request comes from; only the portal's own pages (or the user typing) may change state.
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false
  const origin = request.headers.origin
  if (origin === undefined) return true
  const own = request.server.config.publicUrl ?? `${request.protocol}://${request.host}`
  return origin === own
}

function checkHeaderToken(request: FastifyRequest): void {
  const sent = request.headers[CSRF_HEADER]
  if (!sameToken(typeof sent === 'string' ? sent : undefined, expectedToken(request, request.server.config.sessionSecret) ?? undefined)) {
    throw forbidden(CSRF_REFUSED)
  }
}

async function checkFormToken(request: FastifyRequest): Promise<void> {
  const header = request.headers[CSRF_HEADER]
  const sent = typeof header === 'string' ? header : isMultipart(request) ? await firstFieldToken(request) : await formToken(request)
  if (!sameToken(sent, expectedToken(request, request.server.config.sessionSecret) ?? undefined)) {
    throw forbidden(CSRF_REFUSED)
  }
}

/**
 * A request whose token was just found valid may send its files for UPLOAD_TIMEOUT_SECONDS when its session may upload;
 * the public (even with the public's valid token) and a cookie that names no live session keep HTTP_TIMEOUT_SECONDS.
 */
function grantUploadTime(request: FastifyRequest): void {
  if (request.sessionCsrfToken && mayUploadFiles(request.user)) allowUploadTime(request)
}

function prepend<T>(hooks: T | T[] | undefined, hook: T): T[] {
  return [hook, ...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks])]
}

async function registerAuth(app: FastifyInstance): Promise<void> {
  app.decorateRequest('sessionToken', null)
  app.decorateRequest('sessionCsrfToken', null)

  app.addHook('onRequest', async (request) => {
    const token = readCookies(request.headers.cookie)[SESSION_COOKIE]
    // Hashed page assets are the same for everybody: no session lookup for each script and stylesheet.
    if (token && !pathOf(request).startsWith(ASSETS_PATH)) {
      const session = await findSession(app.db, token)
      if (session) {
        request.user = session.user
        request.sessionToken = token
        request.sessionCsrfToken = session.csrfToken
      }
    }
  })

  // An answer that depends on the session is nobody else's: no shared or browser cache keeps it. Public answers
  // say they differ by cookie, so a cache never hands the public's answer to a logged-in user or back.
  app.addHook('onSend', async (request, reply) => {
    markPrivacy(request, reply)
  })

  // The rule is attached to each route that accepts an unsafe method, so it holds however the URL that reached the
  // route was spelled (percent-encoded, another case, doubled slashes): the router decides, not a string comparison.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (methods.every((m) => SAFE_METHODS.has(m))) return
    const mode: CsrfMode = (route.config as { csrf?: CsrfMode } | undefined)?.csrf ?? 'header'
    const originCheck = async (request: FastifyRequest) => {
      if (SAFE_METHODS.has(request.method)) return
      if (!sameOrigin(request)) throw forbidden(CROSS_SITE_REFUSED)
      // The API and /auth/ take the token from the X-CSRFToken header only, checked before the body is read.
      if (mode === 'header') {
        checkHeaderToken(request)
        grantUploadTime(request)
      }
    }
    route.onRequest = prepend(route.onRequest, originCheck) as typeof route.onRequest
    if (mode === 'form') {
      // Pages: the form's hidden field csrfmiddlewaretoken (or the header) before Remix runs: from the buffered body
      // of a url-encoded form, or as the first part of a multipart one, read off the stream before any file byte.
      const formCheck = async (request: FastifyRequest) => {
        if (SAFE_METHODS.has(request.method)) return
        await checkFormToken(request)
        grantUploadTime(request)
      }
      route.preHandler = prepend(route.preHandler, formCheck) as typeof route.preHandler
    }
  })
}

// Not encapsulated: the hooks and decorators apply to the whole app, not only to this plugin's scope.
export const authPlugin = fp(registerAuth, { name: 'portal-auth', fastify: '5.x' })
