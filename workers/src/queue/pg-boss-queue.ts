// The default queue engine: pg-boss on the portal's own database, jobs enqueued in the caller's transaction.
import { PgBoss, fromKysely } from 'pg-boss'
import type { JobDefinition, JobQueue, SendOptions } from './job-queue.ts'

export async function createPgBossQueue(options: {
  url: string
  definitions: readonly JobDefinition<any>[]
  /** Only nodes that run workers supervise and maintain the queues; web nodes only send. */
  supervise: boolean
  onError?: (error: unknown) => void
}): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: options.url,
    max: 4,
    supervise: options.supervise,
    schedule: options.supervise,
  })
  boss.on('error', (error) => options.onError?.(error))
  await boss.start()
  for (const definition of options.definitions) {
    const deadLetter = `${definition.name}.dead`
    await boss.createQueue(deadLetter)
    await boss.createQueue(definition.name, {
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: true,
      deadLetter,
    })
  }

  return {
    engine: 'pg-boss',
    async send(name: string, data: object, sendOptions: SendOptions = {}) {
      await boss.send(name, data, {
        ...(sendOptions.key ? { singletonKey: sendOptions.key } : {}),
        ...(sendOptions.trx ? { db: fromKysely(sendOptions.trx as never) } : {}),
      })
    },
    async work(definitions) {
      for (const definition of definitions) {
        await boss.work(definition.name, async (jobs) => {
          for (const job of jobs) await definition.handle(job.data as object, job.signal)
        })
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 })
    },
  }
}
