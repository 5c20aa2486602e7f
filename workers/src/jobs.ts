// Every background job of the portal, in one place: its retry, heartbeat and dead-letter policy, and its handler.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { Config } from '@portal/workflow-service/config.ts'
import type { JobDefinition, JobPolicy } from '@portal/workflow-service/ports/job-queue.ts'
import { JOBS } from '@portal/workflow-service/ports/jobs.ts'
import { fileCheckJob, type FileJobData } from './files/file-check-job.server.ts'
import { fileDeleteJob } from './files/file-delete-job.server.ts'
import { reportPublicationJob, type ReportJobData } from './publication/report-publication-job.server.ts'

export const jobPolicies: readonly JobPolicy[] = [
  // A check reads the whole file: long jobs, a dead worker noticed by its heartbeat within about 30 s.
  { name: JOBS.fileCheck, retryLimit: 3, retryDelaySeconds: 10, heartbeatSeconds: 20, expireInSeconds: 3600 },
  { name: JOBS.fileDelete, retryLimit: 5, retryDelaySeconds: 10, heartbeatSeconds: 20, expireInSeconds: 600 },
  { name: JOBS.reportPublication, retryLimit: 5, retryDelaySeconds: 10, heartbeatSeconds: 20, expireInSeconds: 1800 },
]

export interface Logger {
  info(message: string): void
  info(object: object, message: string): void
  warn(object: object, message: string): void
  error(object: object, message: string): void
}

export interface JobDependencies {
  db: Kysely<Database>
  config: Config
  log: Logger
}

function policy(name: string): JobPolicy {
  const found = jobPolicies.find((p) => p.name === name)
  if (!found) throw new Error(`no policy for job ${name}`)
  return found
}

export function createJobDefinitions(deps: JobDependencies): JobDefinition<any>[] {
  const check = fileCheckJob(deps)
  const remove = fileDeleteJob(deps)
  const publish = reportPublicationJob(deps)
  return [
    { ...policy(JOBS.fileCheck), handle: (data: FileJobData, signal) => check.handle(data, signal), onDeadLetter: (data: FileJobData, reason) => check.onDeadLetter(data, reason) },
    { ...policy(JOBS.fileDelete), handle: (data: FileJobData) => remove.handle(data) },
    { ...policy(JOBS.reportPublication), handle: (data: ReportJobData) => publish.handle(data) },
  ]
}
