// GET /api/sta/v1.1/…: the OGC SensorThings API 1.1 (read-only) over the catalogue's points and published readings,
// as GIS tools (QGIS's SensorThings source) and dashboards read it. The route parses the path and the query, calls
// the use-case and shapes the answer; the links are built on PUBLIC_URL, or relative (never on the Host header).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { valueOrRefuse } from '@portal/workflow-domain/views.ts'
import { useCaseContextOf } from './api/use-case-context.server.ts'

export const STA_PREFIX = '/api/sta/v1.1'

export const staRoutes: FastifyPluginAsync = async (app) => {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = (request.params as { '*'?: string })['*'] ?? ''
    const base = `${app.config.publicUrl ?? ''}${STA_PREFIX}`
    const query = request.query as Record<string, unknown>
    const answer = valueOrRefuse(await app.useCases.sensorThings.read(useCaseContextOf(request), { base, path, query }))
    if (answer.kind === 'text') return reply.type('text/plain; charset=utf-8').send(answer.text)
    return reply.type('application/json; charset=utf-8').send(answer.body)
  }
  // The standard's own description is the service root; these routes are not in the OpenAPI document.
  app.get('/', { schema: { hide: true } }, handler)
  app.get('/*', { schema: { hide: true } }, handler)
}
