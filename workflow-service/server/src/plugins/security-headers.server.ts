// Security headers on every answer (@fastify/helmet), with a Content-Security-Policy whose scripts need a per-request nonce.
import fp from 'fastify-plugin'
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /** The nonce that lets the page's own inline scripts run (Remix's hydration data). */
    cspNonce: string
  }
}

const nonces = new WeakMap<IncomingMessage, string>()


async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.decorateRequest('cspNonce', '')
  // Before helmet's own onRequest hooks, which read the nonce while writing the header.
  app.addHook('onRequest', async (request) => {
    request.cspNonce = randomBytes(16).toString('base64')
    nonces.set(request.raw, request.cspNonce)
  })
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (req) => `'nonce-${nonces.get(req as IncomingMessage) ?? ''}'`],
        // React writes style attributes; styles cannot run code, scripts are the ones held to a nonce.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map's tiles come from the host of MAP_TILES_URL (OpenStreetMap's by default).
        imgSrc: ["'self'", 'data:', 'blob:', ...(app.config?.mapTilesSource ? [app.config.mapTilesSource] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Pages open downloads and may be opened by other sites' links.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    // Only this host: other services under the same domain decide for themselves.
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: false },
  })
}

// Not encapsulated: the headers apply to the whole app.
export const securityHeaders = fp(registerSecurityHeaders, { name: 'portal-security-headers', fastify: '5.x' })
