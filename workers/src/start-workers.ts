// Consumes every job of jobs.ts in this process (in-process workers, or a worker-only node).
import type { JobDependencies } from './job-dependencies.ts'
import { createJobDefinitions } from './jobs.ts'
import { observedJob } from './observed-job.ts'
import type { JobQueue } from '@portal/workflow-domain/ports.ts'
import { queueWaitingLetters } from '@portal/workflow-domain/commands.server.ts'
import { syncReportTemplates } from './templates/report-templates.server.ts'
import { startDueNotices } from './notices/due-notices-job.server.ts'

export async function startWorkers(queue: JobQueue, deps: JobDependencies): Promise<void> {
  // The templates follow the code: a changed column list is listed with its new size after a deploy.
  await syncReportTemplates(deps.db)
  // The jobs' own commands send through this queue (a file's check result queues its letters).
  const definitions = createJobDefinitions({ ...deps, queue }).map((definition) => observedJob(definition, deps.log))
  await queue.work(definitions)
  // Letters written without a queue at hand (the demo data, a tool, an older version) get their jobs now; a letter
  // whose job waits or runs is not queued twice. Without SMTP_URL the jobs send nothing and the letters stay.
  const waiting = await queueWaitingLetters(deps.db, queue)
  // The due-date reminders and the overdue digest are asked for now and every hour (decision 3603).
  startDueNotices(queue, deps.log)
  deps.log.info(`workers started (${queue.engine}, ${definitions.length} job types, ${waiting} letters waiting)`)
}
