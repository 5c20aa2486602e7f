// The default queue engine: pg-boss on the portal's own database, jobs enqueued in the caller's transaction.
import { randomUUID } from 'node:crypto'
import { CompiledQuery } from 'kysely'
import { PgBoss } from 'pg-boss'
import { sendUnanswered } from '@portal/workflow-service/service.server.ts'
import {
  deadLetterName,
  errorMessage,
  PermanentJobError,
  type JobDefinition,
  type JobPolicy,
  type JobQueue,
  type SendOptions,
} from '@portal/workflow-service/ports.ts'

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

  /** A permanent failure must not be retried: the job's remaining retries are taken away before it fails. */
  async function exhaustRetries(name: string, id: string): Promise<void> {
    const queue = await boss.getQueue(name)
    const table = queue?.table ?? 'job'
    await boss.getDb().executeSql(`UPDATE pgboss.${table} SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [name, id])
  }

  return {
    engine: 'pg-boss',
    async ping() {
      await boss.getDb().executeSql('SELECT 1', [])
    },
    async depth() {
      return Promise.all(
        options.policies.map(async (p) => {
          const stats = await boss.getQueueStats(p.name)
          // queuedCount already holds the deferred (retry-delayed) jobs.
          return { name: p.name, waiting: stats.queuedCount, active: stats.activeCount }
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
        const run = async (job: { id: string; data: unknown; signal: AbortSignal }) => {
          try {
            await definition.handle(job.data as object, job.signal)
          } catch (error) {
            if (error instanceof PermanentJobError) await exhaustRetries(definition.name, job.id)
            throw error
          }
        }
        // A batch (a light job's batchSize) is one fetch and one completion for all its jobs; a job of it that fails
        // is failed alone, before pg-boss completes the batch (which completes only the jobs still active).
        workerId = await boss.work(definition.name, { pollingIntervalSeconds: 0.5, batchSize: definition.batchSize ?? 1 }, async (jobs) => {
          boss.notifyWorker(workerId)
          if (jobs.length === 1) return run(jobs[0])
          const outcomes = await Promise.allSettled(jobs.map(run))
          for (const [i, outcome] of outcomes.entries()) {
            if (outcome.status === 'rejected') await boss.fail(definition.name, jobs[i].id, failureOutput(outcome.reason))
          }
        })
        const onDeadLetter = definition.onDeadLetter
        if (onDeadLetter) {
          await boss.work(deadLetterName(definition.name), { pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
            await onDeadLetter(job.data as object, reasonOf(job.output))
          })
        }
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 })
    },
  }
}

