// The service's ports: what it asks of the queue, the report templates and the file checks, which the workers and
// the composition root fill in.
// Other packages import this package through its doors only (package.json `exports`, import-directions.test.ts).
export { LIGHT_JOB_BATCH, NO_QUEUE, PermanentJobError, deadLetterName, errorMessage } from './ports/job-queue.ts'
export type { JobDefinition, JobPolicy, JobQueue, SendOptions } from './ports/job-queue.ts'
export { JOBS } from './ports/jobs.ts'
export type { ReportTemplateFiles } from './ports/report-templates.ts'
export type {
  FilePrechecks, OverBudget, PrecheckBudget, PrecheckFindings, PrecheckRequest,
} from './ports/file-prechecks.ts'
// The one sniffer of what bytes are, shared by the upload's rule and the workers' file check (decision 2561): from
// this door, the process that checks a file does not load the command pipeline.
export { sniffContent } from './workflow/files/sniff-content.server.ts'
export { requestIdOf, runInJobContext } from '@portal/workflow-platform/logs.ts'
// Reached by the server's routes and plugins (the split into packages, decision 3904).
export { onEventsAppended } from './ports/appended-events.ts'
