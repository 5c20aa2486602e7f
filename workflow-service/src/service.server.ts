// What the composition root, the tools and the benchmarks build the service from: the app, the configuration, the
// database, the logger, the metrics and the seeds.
// Other packages import this service through its doors only (package.json `exports`, import-directions.test.ts).
export * from './app.ts'
export * from './config.ts'
export * from './logger.ts'
export * from './db/connect.server.ts'
export { sendUnanswered } from './db/pipelined-driver.server.ts'
export * from './db/embedded-postgres.server.ts'
export * from './observability/metrics.server.ts'
export * from './observability/health-routes.server.ts'
export * from './plugins/rate-limits.server.ts'
export * from './auth/session-secret.server.ts'
export * from './http/public-cache.server.ts'
export * from './project-root.ts'
export * from './seed/large-catalogue-seed.server.ts'
export * from './seed/large-seed.server.ts'
export * from './seed/large-workflow-seed.server.ts'
export * from './seed/seed-context.ts'
export * from './seed/seed.server.ts'
export * from './seed/users-seed.ts'
// How a command ends: its verdict as its exit status.
export { exitWith } from './cli/exit-status.ts'
// The replay's parts, for the benchmark that times each phase of a rebuild (bench/replay-phases.ts).
export { withOwnConnection } from './db/own-connection.server.ts'
export { inChain, type LoggedEvent, readLogByCopy } from './event-store/event-store.server.ts'
export { columnsOf, createReplayFold } from './all-streams/replay/replay-fold.ts'
export { type CopyColumn, copyText } from './all-streams/replay/copy-text.ts'
export { PROJECTION_TABLES, type ProjectionTable } from './workflow/event-table.ts'
