// A request body must arrive within HTTP_TIMEOUT_SECONDS, or UPLOAD_TIMEOUT_SECONDS on a route that takes files
// (config.uploadBody): a client that trickles its body a byte at a time is cut off instead of holding a connection.
// Node's own requestTimeout is one number for the whole server, so it stays the uploads' backstop.
import type { FastifyInstance, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart body of this route may take UPLOAD_TIMEOUT_SECONDS (it carries files), not HTTP_TIMEOUT_SECONDS. */
    uploadBody?: boolean
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length']
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

export async function bodyTimeout(app: FastifyInstance): Promise<void> {
  const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>()
  const stop = (request: FastifyRequest) => {
    clearTimeout(timers.get(request))
    timers.delete(request)
  }
  app.addHook('onRequest', async (request, reply) => {
    if (!hasBody(request)) return
    const files = request.routeOptions.config?.uploadBody === true && /^multipart\/form-data/i.test(request.headers['content-type'] ?? '')
    const seconds = files ? app.config.uploadTimeoutSeconds : app.config.httpTimeoutSeconds
    const timer = setTimeout(() => {
      timers.delete(request)
      request.log.warn({ seconds }, 'request body too slow: connection closed')
      const socket = request.raw.socket
      // 408 when nothing was answered yet; the connection goes either way (the rest of the body is not wanted).
      if (!reply.raw.headersSent && socket.writable) socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      socket.destroySoon()
      setTimeout(() => socket.destroy(), 1000).unref()
    }, seconds * 1000)
    timer.unref()
    timers.set(request, timer)
    // The whole body was read (by a parser, or by a handler streaming a file): the clock stops.
    request.raw.once('end', () => stop(request))
    request.raw.once('close', () => stop(request))
  })
  app.addHook('onResponse', async (request) => stop(request))
}

// Like fastify-plugin: every route of the app.
;(bodyTimeout as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true
