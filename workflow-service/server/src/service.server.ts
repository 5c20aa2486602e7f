// What the composition root, the tools and the benchmarks build the service from: the app, the configuration, the
// database, the logger, the metrics and the seeds.
// Other packages import this package through its doors only (package.json `exports`, import-directions.test.ts).
export { buildApp } from './app.ts'
export { ConfigError, loadConfig, serverOnlyVariableNames } from './config.ts'
export type { Config } from './config.ts'
export { createLogger } from '@portal/workflow-platform/logs.ts'
export {
  APP_PASSWORD_FILE, APP_ROLE, DatabaseUnreachableError, createKysely, ensureAppRole, openDatabase, sendUnanswered,
  startEmbeddedPostgres, withOwnConnection,
} from '@portal/workflow-platform/database.server.ts'
export type { PortalDatabase } from '@portal/workflow-platform/database.server.ts'
export { fileCheckRows, gatherMetricsWith, jobDuration, registry } from './observability/metrics.server.ts'
export { healthRoutes } from './observability/health-routes.server.ts'
export { RATE_LIMITED } from './plugins/rate-limits.server.ts'
export { loadSessionSecret } from './auth/session-secret.server.ts'
export { PublicCache } from './http/public-cache.server.ts'
export { securityHeadersOptions } from './plugins/security-headers.server.ts'
export { projectRoot } from '@portal/workflow-platform/project-root.ts'
export type { LargeCatalogueSize } from './seed/large-catalogue-seed.server.ts'
export { runLargeSeed } from './seed/large-seed.server.ts'
export { seedLargeWorkflow } from './seed/large-workflow-seed.server.ts'
export type { SeedStep } from './seed/seed-context.ts'
export { isEmpty, runSeed, seedWhenEmpty } from './seed/seed.server.ts'
export type { SeedOptions } from './seed/seed.server.ts'
export { demoAccountsInUse } from './seed/users-seed.ts'
// How a command ends: its verdict as its exit status.
export { exitWith } from './cli/exit-status.ts'
// The replay's parts, for the benchmark that times each phase of a rebuild (bench/replay-phases.ts).
export { inChain, type LoggedEvent, readLogByCopy } from '@portal/workflow-domain/commands.server.ts'
export { columnsOf, createReplayFold } from '@portal/workflow-domain/commands.server.ts'
export { copyBinary, type CopyColumn, liveColumns } from '@portal/workflow-domain/commands.server.ts'
export { PROJECTION_TABLES, type ProjectionTable } from '@portal/workflow-domain/commands.server.ts'
