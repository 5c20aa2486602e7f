// queue.pgboss and queue.bullmq: no-op jobs per second through the portal's queue interface, at a fixed concurrency
// (that many consumers of one queue, each as the portal's workers run it), over a fixed time after the jobs were sent.
import { Redis } from 'ioredis'
import { createQueue } from '@portal/workers/workers.server.ts'
import { type JobPolicy, type JobQueue, LIGHT_JOB_BATCH } from '@portal/workflow-domain/ports.ts'
import type { BenchContext, Recorder } from './bench-context.ts'

export const QUEUE_CONCURRENCY = 4
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

// A no-op job stands for the portal's light jobs (a file's deletion): taken in batches as they are.
const policy: JobPolicy = { name: 'bench-noop', retryLimit: 0, retryDelaySeconds: 1, heartbeatSeconds: 30, expireInSeconds: 60, batchSize: LIGHT_JOB_BATCH }

/** Sends `jobs` no-op jobs, starts the consumers, and counts the jobs done in `seconds` (or until all are done). */
export async function jobsPerSecond(make: () => Promise<JobQueue>, jobs: number, seconds: number, jobPolicy: JobPolicy = policy): Promise<number> {
  const producer = await make()
  const consumers: JobQueue[] = []
  try {
    for (let sent = 0; sent < jobs; ) {
      const batch = Math.min(16, jobs - sent)
      await Promise.all(Array.from({ length: batch }, (_, i) => producer.send(jobPolicy.name, { i: sent + i })))
      sent += batch
    }
    let done = 0
    let finish: () => void = () => {}
    const finished = new Promise<void>((resolve) => (finish = resolve))
    const started = performance.now()
    for (let c = 0; c < QUEUE_CONCURRENCY; c++) {
      const consumer = await make()
      consumers.push(consumer)
      await consumer.work([{ ...jobPolicy, handle: async () => void (++done >= jobs && finish()) }])
    }
    await Promise.race([finished, new Promise((r) => setTimeout(r, seconds * 1000).unref())])
    const elapsed = (performance.now() - started) / 1000
    if (done === 0) throw new Error(`no job ran in ${seconds} s`)
    return Math.round(done / elapsed)
  } finally {
    await Promise.all(consumers.map((c) => c.stop()))
    await producer.stop()
  }
}

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  redis.on('error', () => {})
  try {
    await redis.connect()
    return (await redis.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}

async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL)
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000)
      if (keys.length) await redis.del(...keys)
      cursor = next
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

export async function queueCases(context: BenchContext, databaseUrl: string, record: Recorder): Promise<void> {
  const jobs = context.scale === 'tiny' ? 50 : 3000
  const seconds = Math.max(2, context.seconds)
  const pgboss = await jobsPerSecond(() => createQueue({ url: databaseUrl, supervise: false, policies: [policy] }), jobs, seconds)
  record({ case: 'queue.pgboss', value: pgboss, unit: 'jobs/s' })
  if (!(await redisAnswers())) {
    record({ case: 'queue.bullmq', value: 0, unit: 'jobs/s', skipped: `Redis does not answer at ${REDIS_URL}` })
    return
  }
  const prefix = `portal-bench-${process.pid}`
  try {
    const bullmq = await jobsPerSecond(() => createQueue({ url: databaseUrl, redisUrl: REDIS_URL, redisPrefix: prefix, supervise: false, policies: [policy] }), jobs, seconds)
    record({ case: 'queue.bullmq', value: bullmq, unit: 'jobs/s' })
  } finally {
    await dropRedisKeys(prefix)
  }
}
