// Counts every answered request and its time by route pattern (not by URL, so ids do not multiply the series), and
// answers with the request's id (X-Request-Id), so a user's or the balancer's report finds the node's log lines.
import type { FastifyInstance } from 'fastify'
import { httpDuration, httpRequests } from './metrics.server.ts'

export function httpMetrics(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    if (route === '/metrics') return
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) })
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000)
  })
}
