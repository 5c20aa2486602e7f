// Every background job of the portal, in one place: its retry, heartbeat and dead-letter policy, and its handler.
import { type JobDefinition, type JobPolicy, LIGHT_JOB_BATCH, JOBS } from '@portal/workflow-domain/ports.ts'
import type { JobDependencies } from './job-dependencies.ts'
import { fileCheckJob, type FileJobData } from './files/file-check-job.server.ts'
import { fileDeleteJob } from './files/file-delete-job.server.ts'
import { reportPublicationJob, type ReportJobData } from './publication/report-publication-job.server.ts'
import { type MailJobData, mailSendJob } from './mail/mail-send-job.server.ts'
import { FIRST_RETRY_SECONDS, MAX_ATTEMPTS } from './mail/mail-sender.server.ts'
import { dueNoticesJob } from './notices/due-notices-job.server.ts'

export const jobPolicies: readonly JobPolicy[] = [
  // A check reads the whole file: long jobs, a dead worker noticed by its heartbeat within about 30 s.
  { name: JOBS.fileCheck, retryLimit: 3, retryDelaySeconds: 10, heartbeatSeconds: 20, expireInSeconds: 3600 },
  // Deleting a stored file is light: a worker takes a batch and deletes them side by side.
  { name: JOBS.fileDelete, retryLimit: 5, retryDelaySeconds: 10, heartbeatSeconds: 20, expireInSeconds: 600, batchSize: LIGHT_JOB_BATCH },
  { name: JOBS.reportPublication, retryLimit: 5, retryDelaySeconds: 10, heartbeatSeconds: 20, expireInSeconds: 1800 },
  // One letter each: tried MAX_ATTEMPTS times in all, the waits doubling from 30 s (about an hour and a half in all),
  // then given up and marked by the dead letter. Light: a worker sends a batch side by side.
  { name: JOBS.mailSend, retryLimit: MAX_ATTEMPTS - 1, retryDelaySeconds: FIRST_RETRY_SECONDS, heartbeatSeconds: 20, expireInSeconds: 120, batchSize: LIGHT_JOB_BATCH },
  // The day's reminders and digest: asked for every hour anyway, so a few retries and then the next hour's ask.
  { name: JOBS.dueNotices, retryLimit: 3, retryDelaySeconds: 60, heartbeatSeconds: 20, expireInSeconds: 600 },
]

function policy(name: string): JobPolicy {
  const found = jobPolicies.find((p) => p.name === name)
  if (!found) throw new Error(`no policy for job ${name}`)
  return found
}

export function createJobDefinitions(deps: JobDependencies): JobDefinition<any>[] {
  const check = fileCheckJob(deps)
  const remove = fileDeleteJob(deps)
  const publish = reportPublicationJob(deps)
  const mail = mailSendJob(deps)
  const due = dueNoticesJob(deps)
  return [
    { ...policy(JOBS.fileCheck), handle: (data: FileJobData, signal) => check.handle(data, signal), onDeadLetter: (data: FileJobData, reason) => check.onDeadLetter(data, reason) },
    { ...policy(JOBS.fileDelete), handle: (data: FileJobData) => remove.handle(data) },
    { ...policy(JOBS.reportPublication), handle: (data: ReportJobData) => publish.handle(data), onDeadLetter: (data: ReportJobData, reason) => publish.onDeadLetter(data, reason) },
    { ...policy(JOBS.mailSend), handle: (data: MailJobData) => mail.handle(data), onDeadLetter: (data: MailJobData, reason) => mail.onDeadLetter(data, reason) },
    { ...policy(JOBS.dueNotices), handle: () => due.handle() },
  ]
}
