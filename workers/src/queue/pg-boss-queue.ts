// The default queue engine: pg-boss on the portal's own database, jobs enqueued in the caller's transaction.
import { randomUUID } from 'node:crypto'
import { CompiledQuery } from 'kysely'
import { type JobResult, PgBoss } from 'pg-boss'
import { sendUnanswered } from '@portal/workflow-server/service.server.ts'
import {
  deadLetterName,
  errorMessage,
  PermanentJobError,
  type JobDefinition,
  type JobPolicy,
  type JobQueue,
  type SendOptions,
} from '@portal/workflow-domain/ports.ts'

export interface PgBossQueueOptions {
  url: string
  policies: readonly JobPolicy[]
  /** Only nodes that run workers supervise and maintain the queues; web nodes only send. */
  supervise: boolean
  /** How often a supervising node looks for jobs whose worker died (heartbeat) or ran too long. */
  superviseIntervalSeconds?: number
  onError?: (error: unknown) => void
}

/** A failed job's output as pg-boss records a handler's error: what reasonOf reads back for the dead letter. */
function failureOutput(error: unknown): object {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { message: errorMessage(error) }
}

function reasonOf(output: unknown): string {
  const value = (output ?? {}) as { message?: string; value?: { message?: string } }
  return value.message ?? value.value?.message ?? 'повторные попытки исчерпаны'
}

/**
 * pg-boss's access to the caller's transaction, its job's insert sent without waiting for the answer: it goes out with
 * the transaction's next statement or its COMMIT, one round trip less for a command (decision 2770). A failed insert
 * fails the commit, so the command and its job are still kept together or not at all. pg-boss reads the insert's
 * answer only for the job's id, which the portal's queue never returns.
 */
function unansweredIn(trx: NonNullable<SendOptions['trx']>) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      await sendUnanswered(trx, CompiledQuery.raw(text, values ?? []))
      return { rows: [] }
    },
  }
}

export async function createPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const interval = options.superviseIntervalSeconds ?? 10
  const boss = new PgBoss({
    connectionString: options.url,
    // The schema is made by a migration and owned by the portal's role, which may not create schemas itself.
    createSchema: false,
    max: 4,
    supervise: options.supervise,
    schedule: options.supervise,
    superviseIntervalSeconds: interval,
    monitorIntervalSeconds: interval,
  })
  boss.on('error', (error) => options.onError?.(error))
  await boss.start()
  for (const policy of options.policies) {
    const deadLetter = deadLetterName(policy.name)
    const settings = {
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: policy.expireInSeconds,
      heartbeatSeconds: policy.heartbeatSeconds,
      deadLetter,
    }
    if (!(await boss.getQueue(deadLetter))) await boss.createQueue(deadLetter, { retryLimit: 5, retryDelay: 5, retryBackoff: true })
    // exclusive: one waiting-or-running job per key, the contract of SendOptions.key.
    if (!(await boss.getQueue(policy.name))) await boss.createQueue(policy.name, { policy: 'exclusive', ...settings })
    // A policy changed in code applies to a database created by an older version too.
    else await boss.updateQueue(policy.name, settings)
  }

  return {
    engine: 'pg-boss',
    async ping() {
      await boss.getDb().executeSql('SELECT 1', [])
    },
    async depth() {
      return Promise.all(
        options.policies.map(async (p) => {
          // pg-boss's own count, kept on its queue row by the supervising nodes' monitor (every interval above)
          // rather than counted from the jobs at each scrape. queuedCount already holds the deferred
          // (retry-delayed) jobs.
          const [stats] = await boss.getQueueStats(p.name)
          return { name: p.name, waiting: stats?.queuedCount ?? 0, active: stats?.activeCount ?? 0 }
        }),
      )
    },
    async send(name: string, data: object, sendOptions: SendOptions = {}) {
      await boss.send(name, data, {
        // The exclusive policy counts a missing key as one shared key: a keyless job gets a key of its own.
        singletonKey: sendOptions.key ?? randomUUID(),
        ...(sendOptions.trx ? { db: unansweredIn(sendOptions.trx) } : {}),
      })
    },
    async work(definitions) {
      for (const definition of definitions as readonly JobDefinition<object>[]) {
        let workerId = ''
        // pg-boss polls no faster than every 0.5 s. A fetch that found a job is followed by the next fetch at once
        // (notifyWorker skips the wait), so a backlog drains at the handlers' pace; only an idle queue waits out the
        // interval. Waking on a NOTIFY sent with each job would be quicker for the first job, but NOTIFY takes a
        // database-wide lock at commit and would serialise every command that sends one (docs/performance.md).
        // Every job of a batch (a light job's batchSize: one fetch and one settlement for all) is settled alone by
        // pg-boss from its own result: done, failed (retried while it has retries left) or, for a permanent
        // failure, dead-lettered at once with no retry left to it.
        workerId = await boss.work(
          definition.name,
          { pollingIntervalSeconds: 0.5, batchSize: definition.batchSize ?? 1, perJobResults: true },
          async (jobs): Promise<JobResult[]> => {
            boss.notifyWorker(workerId)
            const outcomes = await Promise.allSettled(jobs.map((job) => definition.handle(job.data as object, job.signal)))
            return outcomes.map((outcome, i): JobResult => {
              if (outcome.status === 'fulfilled') return { id: jobs[i].id, status: 'completed' }
              const status = outcome.reason instanceof PermanentJobError ? 'deadletter' : 'failed'
              return { id: jobs[i].id, status, output: failureOutput(outcome.reason) }
            })
          },
        )
        const onDeadLetter = definition.onDeadLetter
        if (onDeadLetter) {
          await boss.work(deadLetterName(definition.name), { pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
            // A dead letter is a new job: the failed job's output (its error) comes with it as sourceOutput.
            await onDeadLetter(job.data as object, reasonOf(job.sourceOutput ?? job.output))
          })
        }
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 })
    },
  }
}

