// Consumes every job of jobs.ts in this process (in-process workers, or a worker-only node).
import { jobDefinitions } from './jobs.ts'
import type { JobQueue } from './queue/job-queue.ts'

interface Logger {
  info(message: string): void
}

export async function startWorkers(queue: JobQueue, log: Logger): Promise<void> {
  await queue.work(jobDefinitions)
  log.info(`workers started (${queue.engine}, ${jobDefinitions.length} job types)`)
}
