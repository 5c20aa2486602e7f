// /healthz (the process answers), /readyz (it can work: database, queue, migrations) and /metrics (Prometheus),
// the same on web nodes and on worker nodes' small HTTP listener.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { JobQueue } from '@portal/workers/queue/job-queue.ts'
import { measureFrom, registry } from './metrics.server.ts'
import { readinessProbe } from './readiness.server.ts'

export interface HealthOptions {
  db: Kysely<Database>
  queue: JobQueue
  /** web or worker: named in the answers so an operator knows which kind of node answered. */
  role: 'web' | 'worker'
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  measureFrom({ db: options.db, queue: options.queue })
  const probe = readinessProbe(options.db, options.queue, app.log)

  app.get('/healthz', async () => ({ status: 'ok', role: options.role }))

  app.get('/readyz', async (_request, reply) => {
    const readiness = await probe()
    return reply.status(readiness.ready ? 200 : 503).send({ status: readiness.ready ? 'ready' : 'not ready', role: options.role, ...readiness })
  })

  app.get('/metrics', async (_request, reply) => {
    const body = await registry.metrics()
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body)
  })
}
