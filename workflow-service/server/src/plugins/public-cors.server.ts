// CORS for the open data: any site's page may read the public's GET answers of the API and of SensorThings, without
// credentials; the preflight is answered for GET and HEAD only, so unsafe methods and signed-in answers stay
// same-origin (a browser sends a cookie cross-site only with credentials, which `*` never allows).
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CORS_ROUTE_PREFIXES, underPrefix } from '../http/shared-cache-headers.ts'

/** The request headers a page may send with its GET: the safelisted ones and those of a conditional request. */
const ALLOWED_HEADERS = 'Accept, Accept-Language, Content-Language, If-None-Match, If-Modified-Since, X-Request-Id'
/** The answer headers a page may read besides the safelisted ones. */
const EXPOSED_HEADERS = 'ETag, X-Cache, X-Request-Id'

function isAnonymousRead(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && request.user === null && request.sessionToken === null
}

function answerPreflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const asked = String(request.headers['access-control-request-method'] ?? '').toUpperCase()
  // A preflight of anything but a read gets no CORS headers: the browser does not send the request.
  if (request.headers.origin !== undefined && (asked === 'GET' || asked === 'HEAD')) {
    reply.header('access-control-allow-origin', '*')
    reply.header('access-control-allow-methods', 'GET, HEAD')
    reply.header('access-control-allow-headers', ALLOWED_HEADERS)
    reply.header('access-control-max-age', '600')
  }
  return reply.code(204).send()
}

async function registerPublicCors(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isAnonymousRead(request) && underPrefix(request.routeOptions.url, CORS_ROUTE_PREFIXES)) {
      reply.header('access-control-allow-origin', '*')
      reply.header('access-control-expose-headers', EXPOSED_HEADERS)
      // The open data may be read by other sites' pages (helmet's same-origin default is for everything else).
      reply.header('cross-origin-resource-policy', 'cross-origin')
    }
    return payload
  })
  for (const prefix of CORS_ROUTE_PREFIXES) {
    app.options(`${prefix}*`, { schema: { hide: true } }, answerPreflight)
  }
}

// Not encapsulated: the hook applies to every route of the API.
export const publicCors = fp(registerPublicCors, { name: 'portal-public-cors', fastify: '5.x', dependencies: ['portal-auth'] })
