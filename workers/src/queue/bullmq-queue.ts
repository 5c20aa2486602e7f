// The queue engine for large deployments (REDIS_URL): BullMQ on Redis, fed by a transactional outbox in PostgreSQL.
import { Queue, UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq'
import {
  deadLetterName,
  errorMessage,
  PermanentJobError,
  type JobDefinition,
  type JobPolicy,
  type JobQueue,
  type SendOptions,
} from '@portal/workflow-domain/ports.ts'
import { startOutboxRelay, writeOutbox, type OutboxRelay } from './job-outbox.server.ts'

export interface BullMqQueueOptions {
  /** The portal's database: the outbox lives there. */
  url: string
  redisUrl: string
  policies: readonly JobPolicy[]
  /** Nodes that run workers also relay the outbox to Redis. */
  supervise: boolean
  /** Keys of Redis are prefixed with this (tests use their own prefix). */
  prefix?: string
  onError?: (error: unknown) => void
}

export function redisConnection(redisUrl: string): ConnectionOptions {
  const u = new URL(redisUrl)
  return {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    // Workers block on Redis; BullMQ requires unlimited retries per request on their connections.
    maxRetriesPerRequest: null,
  }
}

const DEFAULT_POLICY = { retryLimit: 3, retryDelaySeconds: 10 }

interface DeadJob {
  data: object
  reason: string
}

export async function createBullMqQueue(options: BullMqQueueOptions): Promise<JobQueue> {
  const connection = redisConnection(options.redisUrl)
  const prefix = options.prefix ?? 'portal'
  const policies = new Map(options.policies.map((p) => [p.name, p]))
  const queues = new Map<string, Queue>()
  const workers: Worker[] = []
  /** Running handlers, aborted when a stop runs out of patience. */
  const running = new Set<AbortController>()
  const queueOf = (name: string): Queue => {
    let queue = queues.get(name)
    if (!queue) {
      queue = new Queue(name, { connection, prefix })
      queue.on('error', (error) => options.onError?.(error))
      queues.set(name, queue)
    }
    return queue
  }

  async function add(name: string, data: object, key: string | null | undefined): Promise<void> {
    // A job this node has no policy for (a newer web node during a rolling deploy) still goes out with a default:
    // throwing here would leave it at the head of the outbox and block every row behind it.
    const policy = policies.get(name) ?? DEFAULT_POLICY
    await queueOf(name).add(name, data, {
      attempts: policy.retryLimit + 1,
      backoff: { type: 'exponential', delay: policy.retryDelaySeconds * 1000 },
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
      // One waiting-or-running job per key, as pg-boss's exclusive policy.
      ...(key ? { deduplication: { id: key } } : {}),
    })
  }

  async function bury(name: string, data: object, reason: string): Promise<void> {
    await queueOf(deadLetterName(name)).add('dead', { data, reason } satisfies DeadJob, {
      attempts: 6,
      backoff: { type: 'exponential', delay: 5000 },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    })
  }

  for (const policy of options.policies) await queueOf(policy.name).waitUntilReady()

  let relay: OutboxRelay | undefined
  if (options.supervise) {
    relay = await startOutboxRelay({
      url: options.url,
      deliver: (job) => add(job.name, job.data, job.key),
      onError: options.onError,
    })
  }

  return {
    engine: 'bullmq',
    async ping() {
      const client = await queueOf(options.policies[0]?.name ?? 'ping').client
      await (client as unknown as { ping(): Promise<string> }).ping()
    },
    async depth() {
      return Promise.all(
        options.policies.map(async (p) => {
          const counts = await queueOf(p.name).getJobCounts('waiting', 'delayed', 'prioritized', 'active')
          return { name: p.name, waiting: counts.waiting + counts.delayed + counts.prioritized, active: counts.active }
        }),
      )
    },
    async send(name: string, data: object, sendOptions: SendOptions = {}) {
      if (sendOptions.trx) {
        await writeOutbox(sendOptions.trx, { name, data, key: sendOptions.key })
      } else {
        await add(name, data, sendOptions.key)
      }
    },
    async work(definitions) {
      for (const definition of definitions as readonly JobDefinition<object>[]) {
        const processor = async (job: Job) => {
          const controller = new AbortController()
          running.add(controller)
          let timer: NodeJS.Timeout | undefined
          const expired = new Promise<never>((_, reject) => {
            timer = setTimeout(() => {
              const error = new Error(`handler execution exceeded ${definition.expireInSeconds}s`)
              controller.abort(error)
              reject(error)
            }, definition.expireInSeconds * 1000)
          })
          try {
            await Promise.race([definition.handle(job.data as object, controller.signal), expired])
          } catch (error) {
            const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
            if (error instanceof PermanentJobError || last) await bury(definition.name, job.data as object, errorMessage(error))
            if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message)
            throw error
          } finally {
            clearTimeout(timer)
            running.delete(controller)
          }
        }
        // The queue's policy, where it has one, says how long a lock lasts, as the queue's settings give pg-boss its
        // heartbeat: the same values as the definition's in the portal, shorter in a test that waits for a lapse.
        const heartbeatSeconds = policies.get(definition.name)?.heartbeatSeconds ?? definition.heartbeatSeconds
        const worker = new Worker(definition.name, processor, {
          connection,
          prefix,
          // A light job's batch: that many of its jobs run side by side in this worker, each on its own.
          concurrency: definition.batchSize ?? 1,
          // The lock is renewed while the worker lives; a killed worker's job is taken again once it lapses.
          lockDuration: heartbeatSeconds * 1000,
          stalledInterval: heartbeatSeconds * 1000,
          maxStalledCount: Math.max(1, definition.retryLimit),
        })
        worker.on('error', (error) => options.onError?.(error))
        // A job that stalled too often never reached the processor's catch: bury it here.
        worker.on('failed', (job, error) => {
          if (job && /stalled/i.test(error.message)) {
            bury(definition.name, job.data as object, error.message).catch((e) => options.onError?.(e))
          }
        })
        workers.push(worker)
        const onDeadLetter = definition.onDeadLetter
        if (onDeadLetter) {
          const dead = new Worker(
            deadLetterName(definition.name),
            async (job: Job<DeadJob>) => onDeadLetter(job.data.data, job.data.reason),
            { connection, prefix, concurrency: 1 },
          )
          dead.on('error', (error) => options.onError?.(error))
          workers.push(dead)
        }
      }
    },
    async stop() {
      await relay?.stop()
      // Running jobs get 10 s to finish (as with pg-boss); then they are aborted and their locks lapse,
      // so another worker takes them again.
      const graceful = Promise.all(workers.map((w) => w.close()))
      const late = await Promise.race([graceful.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 10_000).unref())])
      if (late) {
        for (const controller of running) controller.abort(new Error('the worker is stopping'))
        await Promise.all(workers.map((w) => w.close(true)))
      }
      await Promise.all([...queues.values()].map((q) => q.close()))
    },
  }
}
