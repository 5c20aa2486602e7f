// A request body must arrive within HTTP_TIMEOUT_SECONDS: a client that trickles its body a byte at a time is cut off
// instead of holding a connection. Only a file's body may take UPLOAD_TIMEOUT_SECONDS, and only once the request has
// shown it may send one: a multipart body of a route that takes files (config.uploadBody), from a session allowed to
// upload whose CSRF token was found valid (the auth plugin then calls allowUploadTime). Anybody else — the public with
// the public's token, a forged or expired session cookie, a wrong token — keeps the short clock, whatever route.
// Node's own requestTimeout is one number for the whole server, so it stays the uploads' backstop.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart body of this route may carry files: it may get UPLOAD_TIMEOUT_SECONDS (see allowUploadTime). */
    uploadBody?: boolean
  }
}

interface BodyClock {
  timer: NodeJS.Timeout
  started: number
  upload: boolean
  reply: FastifyReply
}

const clocks = new WeakMap<FastifyRequest, BodyClock>()

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length']
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

function arm(request: FastifyRequest, reply: FastifyReply, started: number, seconds: number): NodeJS.Timeout {
  const timer = setTimeout(() => {
    clocks.delete(request)
    request.log.warn({ seconds }, 'request body too slow: connection closed')
    const socket = request.raw.socket
    // 408 when nothing was answered yet; the connection goes either way (the rest of the body is not wanted).
    if (!reply.raw.headersSent && socket.writable) socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    socket.destroySoon()
    setTimeout(() => socket.destroy(), 1000).unref()
  }, Math.max(0, started + seconds * 1000 - Date.now()))
  timer.unref()
  return timer
}

/**
 * The body of this request may take UPLOAD_TIMEOUT_SECONDS (counted from its start) instead of HTTP_TIMEOUT_SECONDS.
 * Call it only when the request's session may upload and its CSRF token was checked; it does nothing unless the route
 * takes files, the body is multipart and still arriving.
 */
export function allowUploadTime(request: FastifyRequest): void {
  const clock = clocks.get(request)
  if (!clock || clock.upload) return
  if (request.routeOptions.config?.uploadBody !== true || !/^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) return
  clearTimeout(clock.timer)
  clock.upload = true
  clock.timer = arm(request, clock.reply, clock.started, request.server.config.uploadTimeoutSeconds)
}

async function registerBodyTimeout(app: FastifyInstance): Promise<void> {
  const stop = (request: FastifyRequest) => {
    clearTimeout(clocks.get(request)?.timer)
    clocks.delete(request)
  }
  app.addHook('onRequest', async (request, reply) => {
    if (!hasBody(request)) return
    const started = Date.now()
    clocks.set(request, { timer: arm(request, reply, started, app.config.httpTimeoutSeconds), started, upload: false, reply })
    // The whole body was read (by a parser, or by a handler streaming a file): the clock stops.
    request.raw.once('end', () => stop(request))
    request.raw.once('close', () => stop(request))
  })
  app.addHook('onResponse', async (request) => stop(request))
}

// Not encapsulated: every route of the app.
export const bodyTimeout = fp(registerBodyTimeout, { name: 'portal-body-timeout', fastify: '5.x' })
