// Consumes every job of jobs.ts in this process (in-process workers, or a worker-only node).
import { createJobDefinitions, type JobDependencies } from './jobs.ts'
import { type MailSender, startMailSender } from './mail/mail-sender.server.ts'
import { observedJob } from './observed-job.ts'
import type { JobQueue } from '@portal/workflow-service/ports/job-queue.ts'
import { syncReportTemplates } from './templates/report-templates.server.ts'

let mailSender: MailSender | undefined

/** Stops the e-mail sender of this process (the queue's workers stop with the queue). */
export async function stopMailSender(): Promise<void> {
  await mailSender?.stop()
  mailSender = undefined
}

export async function startWorkers(queue: JobQueue, deps: JobDependencies): Promise<void> {
  // The templates follow the code: a changed column list is listed with its new size after a deploy.
  await syncReportTemplates(deps.db)
  const definitions = createJobDefinitions(deps).map((definition) => observedJob(definition, deps.log))
  await queue.work(definitions)
  // Notification e-mails: only with SMTP_URL; without it the outbox just keeps its rows.
  mailSender = startMailSender({ db: deps.db, smtpUrl: deps.config.smtpUrl, from: deps.config.mailFrom, log: deps.log, origin: deps.config.publicUrl ?? `http://localhost:${deps.config.port}` })
  deps.log.info(`workers started (${queue.engine}, ${definitions.length} job types)`)
}
