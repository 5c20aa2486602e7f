// Picks the queue engine from the configuration: pg-boss on the portal's database (default).
import { jobDefinitions } from '../jobs.ts'
import type { JobQueue } from './job-queue.ts'
import { createPgBossQueue } from './pg-boss-queue.ts'

export async function createQueue(options: {
  url: string
  redisUrl?: string
  supervise: boolean
  onError?: (error: unknown) => void
}): Promise<JobQueue> {
  return createPgBossQueue({
    url: options.url,
    definitions: jobDefinitions,
    supervise: options.supervise,
    onError: options.onError,
  })
}
