// The platform's database door: opening the portal's database (a server's or the embedded PostgreSQL), the
// pipelined driver, named statements, connections of their own, and what is safe to ask again.
export { READINGS_TABLE, analyzeTables } from './db/analyze-tables.server.ts'
export { DatabaseUnreachableError, createKysely, openDatabase } from './db/connect.server.ts'
export type { PortalDatabase } from './db/connect.server.ts'
export { APP_PASSWORD_FILE, APP_ROLE, ensureAppRole, startEmbeddedPostgres } from './db/embedded-postgres.server.ts'
export { fixed, rowsOf } from './db/fixed-statement.server.ts'
export { withOwnConnection } from './db/own-connection.server.ts'
export type { OwnConnection } from './db/own-connection.server.ts'
export { sendAhead, sendUnanswered } from './db/pipelined-driver.server.ts'
export { isSafeMethod, runSafeToRetry } from './db/safe-to-retry.server.ts'
export { sharedReads } from './db/shared-reads.server.ts'
