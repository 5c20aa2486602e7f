// A MIGRATIONS=check node started before the deployment's migrate step ran (a new image, a database restored from an
// older backup): it applies nothing and serves nothing but its probes until every migration it knows is there, so
// the balancer keeps it out (/readyz 503 naming what is missing) and it never runs against tables it does not find.
import Fastify from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { pendingMigrations } from '@portal/migrations/migrate.ts'

const POLL_MS = 2000

export async function awaitMigrations(
  db: Kysely<Database>,
  pending: string[],
  options: { port: number; host: string; role: 'web' | 'worker'; log: { info(m: string): void } },
): Promise<void> {
  if (pending.length === 0) return
  let missing = pending
  const probes = Fastify()
  probes.get('/healthz', async () => ({ status: 'ok', role: options.role }))
  probes.get('/readyz', async (_request, reply) =>
    reply.status(503).send({
      status: 'not ready',
      role: options.role,
      ready: false,
      database: 'ok',
      queue: 'unreachable',
      migrations: 'pending',
      reason: `migrations not applied: ${missing.join(', ')}`,
    }),
  )
  await probes.listen({ port: options.port, host: options.host })
  let stop: () => void = () => {}
  const stopped = new Promise<void>((resolve) => (stop = resolve))
  const onSignal = () => stop()
  process.once('SIGTERM', onSignal)
  process.once('SIGINT', onSignal)
  try {
    for (;;) {
      const next = await Promise.race([new Promise((r) => setTimeout(r, POLL_MS)).then(() => 'poll' as const), stopped.then(() => 'stop' as const)])
      if (next === 'stop') {
        await probes.close()
        await db.destroy().catch(() => {})
        process.exit(0)
      }
      missing = await pendingMigrations(db).catch(() => missing)
      if (missing.length === 0) break
    }
  } finally {
    process.off('SIGTERM', onSignal)
    process.off('SIGINT', onSignal)
  }
  await probes.close()
  options.log.info('every migration is applied: starting')
}
