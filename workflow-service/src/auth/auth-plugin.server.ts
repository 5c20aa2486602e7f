// Resolves request.user from the session cookie on every request and refuses unsafe requests without the CSRF token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { forbidden } from '../plugins/errors.server.ts'
import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER, isValidAnonymousToken, issueAnonymousToken, sameToken } from './csrf.server.ts'
import { csrfCookie, readCookies } from './session-cookies.server.ts'
import { findSession, SESSION_COOKIE } from './sessions.server.ts'

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

/** The hidden field of a form posted to a page: urlencoded or multipart, parsed from the buffered body. */
async function formToken(request: FastifyRequest): Promise<string | undefined> {
  const type = request.headers['content-type'] ?? ''
  const body = request.body
  if (!Buffer.isBuffer(body)) return undefined
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) return undefined
  try {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData()
    const value = form.get(CSRF_FIELD)
    return typeof value === 'string' ? value : undefined
  } catch {
    return undefined
  }
}

export async function authPlugin(app: FastifyInstance): Promise<void> {
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
    if (SAFE_METHODS.has(request.method)) return
    const path = pathOf(request)
    // The API and /auth/ take the token from the X-CSRFToken header only, checked before the body is read.
    if (path.startsWith('/api/') || path.startsWith('/auth/')) {
      const sent = request.headers[CSRF_HEADER]
      if (!sameToken(typeof sent === 'string' ? sent : undefined, expectedToken(request, app.config.sessionSecret) ?? undefined)) {
        throw forbidden(CSRF_REFUSED)
      }
    }
  })

  // Pages: Remix actions get a form whose hidden field csrfmiddlewaretoken (or the header) is checked here, before Remix.
  app.addHook('preHandler', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    const path = pathOf(request)
    if (path !== '/monitoring' && !path.startsWith('/monitoring/')) return
    const header = request.headers[CSRF_HEADER]
    const sent = typeof header === 'string' ? header : await formToken(request)
    if (!sameToken(sent, expectedToken(request, app.config.sessionSecret) ?? undefined)) {
      throw forbidden(CSRF_REFUSED)
    }
  })
}

// Like fastify-plugin: the hooks and decorators apply to the whole app, not only to this plugin's scope.
;(authPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true
