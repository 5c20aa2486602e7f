// The service's ports: what it asks of the queue, the report templates and the file checks, which the workers and
// the composition root fill in.
// Other packages import this service through its doors only (package.json `exports`, import-directions.test.ts).
export * from './ports/job-queue.ts'
export * from './ports/jobs.ts'
export * from './ports/report-templates.ts'
export * from './ports/file-prechecks.ts'
// The one sniffer of what bytes are, shared by the upload's rule and the workers' file check (decision 2561): from
// this door, the process that checks a file does not load the command pipeline.
export { sniffContent } from './workflow/files/sniff-content.server.ts'
export * from './observability/job-context.ts'
