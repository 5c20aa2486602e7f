// Security headers on every answer (helmet), with a Content-Security-Policy whose scripts need a per-request nonce.
import fp from 'fastify-plugin'
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import helmet, { type HelmetOptions } from 'helmet'
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /** The nonce that lets the page's own inline scripts run (Remix's hydration data). */
    cspNonce: string
  }
}

const nonces = new WeakMap<IncomingMessage, string>()

/** helmet's options: the policy, whose script nonce `nonceOf` reads from the request, and the headers beside it. */
export function securityHeadersOptions(nonceOf: (request: IncomingMessage) => string, mapTilesSource?: string): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (req) => `'nonce-${nonceOf(req as IncomingMessage)}'`],
        // React writes style attributes; styles cannot run code, scripts are the ones held to a nonce.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map's tiles come from the host of MAP_TILES_URL (OpenStreetMap's by default).
        imgSrc: ["'self'", 'data:', 'blob:', ...(mapTilesSource ? [mapTilesSource] : [])],
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
  }
}

async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.decorateRequest('cspNonce', '')
  // Built once: the Fastify plugin of helmet builds it anew for every request (parsing the directives each time:
  // 12 µs of each answer, decision 3824); the nonce is the one thing that differs, read by its directive.
  const setHeaders = helmet(securityHeadersOptions((request) => nonces.get(request) ?? '', app.config?.mapTilesSource))
  app.addHook('onRequest', (request, reply, done) => {
    request.cspNonce = randomBytes(16).toString('base64')
    nonces.set(request.raw, request.cspNonce)
    // helmet sets the headers on the raw answer, which Fastify sends with its own.
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined))
  })
}

// Not encapsulated: the headers apply to the whole app.
export const securityHeaders = fp(registerSecurityHeaders, { name: 'portal-security-headers', fastify: '5.x' })
