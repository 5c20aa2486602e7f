// The workers' front door: what the composition root, the shared test support and the benchmarks take from this
// package (the queue, the workers' start, the mail job and its sender, the report templates, the file check and the publication
// of checked rows). Other packages import it only through this file (package.json `exports`, import-directions.test.ts).
export * from './queue/create-queue.ts'
export * from './start-workers.ts'
export * from './job-dependencies.ts'
export * from './mail/mail-sender.server.ts'
export * from './mail/mail-send-job.server.ts'
export * from './templates/report-templates.server.ts'
export * from './templates/report-templates-seed.ts'
export * from './files/precheck-file.server.ts'
export * from './files/file-check-job.server.ts'
export * from './files/check-in-child.server.ts'
export * from './files/check-row.ts'
export * from './files/file-limits.ts'
export * from './publication/staged-rows.server.ts'
