// Consumes every job of jobs.ts in this process (in-process workers, or a worker-only node).
import { createJobDefinitions, type JobDependencies } from './jobs.ts'
import { observedJob } from './observed-job.ts'
import type { JobQueue } from '@portal/workflow-service/ports/job-queue.ts'
import { syncReportTemplates } from './templates/report-templates.server.ts'

export async function startWorkers(queue: JobQueue, deps: JobDependencies): Promise<void> {
  // The templates follow the code: a changed column list is listed with its new size after a deploy.
  await syncReportTemplates(deps.db)
  const definitions = createJobDefinitions(deps).map((definition) => observedJob(definition, deps.log))
  await queue.work(definitions)
  deps.log.info(`workers started (${queue.engine}, ${definitions.length} job types)`)
}
