// /healthz (the process answers), /readyz (it can work: database, queue, migrations) and /metrics (Prometheus),
// the same on web nodes and on worker nodes' small HTTP listener.
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { JobQueue } from '@portal/workflow-domain/ports.ts'
import { measureFrom, metricsText, registry } from './metrics.server.ts'
import { sameToken } from '@portal/workflow-domain/use-cases.server.ts'
import { readinessProbe, type StorageNeed } from './readiness.server.ts'

export interface HealthOptions {
  db: Kysely<Database>
  queue: JobQueue
  /** web or worker: named in the answers so an operator knows which kind of node answered. */
  role: 'web' | 'worker'
  /** METRICS_TOKEN: the bearer token /metrics asks for (a web node without one serves no /metrics). */
  metricsToken?: string
  /** The file store this node writes and the free space it needs: /readyz and /metrics report it. */
  storage?: StorageNeed
  /**
   * Why the process is no longer alive, or null while it is: the portal that keeps the embedded PostgreSQL says so
   * when its database has been gone for longer than EMBEDDED_PG_GRACE_SECONDS, so a supervisor restarts it.
   */
  failing?: () => string | null
  /**
   * Readiness of what this node is still connecting to (a worker node opening its queue): its reason while it is
   * not ready, or null once it is. Checked before the database and the queue are asked.
   */
  starting?: () => string | null
}

const Role = Type.Union([Type.Literal('web'), Type.Literal('worker')])
const Alive = Type.Object({ status: Type.Literal('ok'), role: Role })
const Failing = Type.Object({ status: Type.Literal('failing'), role: Role, reason: Type.String() })
const Ready = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
  role: Type.Union([Type.Literal('web'), Type.Literal('worker')]),
  ready: Type.Boolean(),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  queue: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  migrations: Type.Union([Type.Literal('current'), Type.Literal('pending'), Type.Literal('unknown')]),
  storage: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('low'), Type.Literal('unreadable')])),
  reason: Type.Optional(Type.String({ description: 'Why the node is not ready' })),
})

export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const sources = { db: options.db, queue: options.queue, storage: options.storage }
  const release = measureFrom(sources)
  app.addHook('onClose', async () => release())
  const probe = readinessProbe(options.db, options.queue, app.log, options.storage)

  // Probed every few seconds by the balancer and the orchestrator: their requests are not logged.
  const healthz = { summary: 'Узел работает (жив)', response: { 200: Alive, 503: Failing } }
  app.get('/healthz', { logLevel: 'warn', schema: healthz }, async (_request, reply) => {
    const reason = options.failing?.() ?? null
    if (reason) return reply.status(503).header('cache-control', 'no-store').send({ status: 'failing', role: options.role, reason })
    return { status: 'ok', role: options.role }
  })

  const readyz = { summary: 'Узел готов к работе: база данных и очередь отвечают, все миграции применены, на хранилище файлов есть место', response: { 200: Ready, 503: Ready } }
  app.get('/readyz', { logLevel: 'warn', schema: readyz }, async (_request, reply) => {
    const starting = options.starting?.() ?? null
    if (starting) return reply.status(503).send({ status: 'not ready', role: options.role, ready: false, database: 'ok', queue: 'unreachable', migrations: 'unknown', reason: starting })
    const readiness = await probe()
    return reply.status(readiness.ready ? 200 : 503).send({ status: readiness.ready ? 'ready' : 'not ready', role: options.role, ...readiness })
  })

  // The figures (routes, queue backlog, memory) are the operators': on the web port only with METRICS_TOKEN as a
  // bearer token, and not at all without one; a worker node's listener is a port of its own inside the network.
  if (options.role === 'web' && !options.metricsToken) return
  const allowed = (header: string | undefined) => options.metricsToken === undefined || sameToken(/^Bearer (\S+)$/i.exec(header ?? '')?.[1], options.metricsToken)
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request.headers.authorization)) {
      return reply.status(401).header('www-authenticate', 'Bearer').header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Нужен токен метрик (METRICS_TOKEN).')
    }
    let body: string
    try {
      body = await metricsText(sources)
    } catch (error) {
      // Another process of the node did not answer: no figures rather than figures that miss its share.
      return reply.status(503).header('cache-control', 'no-store').type('text/plain').send(`metrics unavailable: ${error instanceof Error ? error.message : String(error)}`)
    }
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body)
  })
}
