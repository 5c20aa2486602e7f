// Starts the queue and consumes every job of jobs.ts in this process (in-process workers or a worker node).
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { jobDefinitions } from './jobs.ts'
import { createPgBossQueue } from './queue/pg-boss-queue.ts'
import type { JobQueue } from './queue/job-queue.ts'

export interface RunningWorkers {
  queue: JobQueue
  stop(): Promise<void>
}

interface Logger {
  info(message: string): void
  error(error: unknown, message?: string): void
}

export async function startWorkers(options: {
  db: Kysely<Database>
  url: string
  config: { redisUrl?: string }
  log: Logger
}): Promise<RunningWorkers> {
  const queue = await createPgBossQueue({
    url: options.url,
    definitions: jobDefinitions,
    onError: (error) => options.log.error(error, 'queue error'),
  })
  await queue.work(jobDefinitions)
  options.log.info(`workers started (${queue.engine}, ${jobDefinitions.length} job types)`)
  return { queue, stop: () => queue.stop() }
}
