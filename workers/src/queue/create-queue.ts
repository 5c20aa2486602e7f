// Picks the queue engine from the configuration: pg-boss on the portal's database (default), BullMQ when REDIS_URL is set.
import { jobPolicies } from '../jobs.ts'
import { createBullMqQueue } from './bullmq-queue.ts'
import type { JobPolicy, JobQueue } from '@portal/workflow-domain/ports.ts'
import { createPgBossQueue } from './pg-boss-queue.ts'

export async function createQueue(options: {
  url: string
  redisUrl?: string
  supervise: boolean
  onError?: (error: unknown) => void
  /** The job policies; default every job of jobs.ts (tests declare their own). */
  policies?: readonly JobPolicy[]
  /** pg-boss: how often dead workers' jobs are looked for (default 10 s). */
  superviseIntervalSeconds?: number
  /** BullMQ: prefix of the Redis keys (default "portal"). */
  redisPrefix?: string
  /**
   * BullMQ: how long a job's lock lasts, for every job (default each policy's heartbeat). A dead worker's job is taken
   * again once its lock has lapsed; a live worker renews its lock halfway.
   */
  bullmqLockSeconds?: number
}): Promise<JobQueue> {
  const policies = options.policies ?? jobPolicies
  if (options.redisUrl) {
    const lockSeconds = options.bullmqLockSeconds
    return createBullMqQueue({
      url: options.url,
      redisUrl: options.redisUrl,
      policies: lockSeconds === undefined ? policies : policies.map((policy) => ({ ...policy, heartbeatSeconds: lockSeconds })),
      supervise: options.supervise,
      prefix: options.redisPrefix,
      onError: options.onError,
    })
  }
  return createPgBossQueue({
    url: options.url,
    policies,
    supervise: options.supervise,
    superviseIntervalSeconds: options.superviseIntervalSeconds,
    onError: options.onError,
  })
}
