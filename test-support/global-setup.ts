// Once per test run: a PostgreSQL (embedded, or the server of DATABASE_URL) and a migrated, seeded
// template database that every test file copies into a fresh database of its own. As in production, the
// migrations run as the owner and everything else (the demo data, the queue, every test) as the portal's role.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { prepareDatabase } from '@portal/migrations/app-role.ts'
import { createQueue } from '@portal/workers/workers.server.ts'
import { createKysely, APP_ROLE, ensureAppRole, startEmbeddedPostgres } from '@portal/workflow-server/service.server.ts'
import { seedPortal } from '../portal/src/composition.server.ts'
import { buildFileCheckChild } from './file-check-child-build.ts'
import './keep-exit-code.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The owner's (a superuser's) connection to the maintenance database. */
    maintenanceUrl: string
    /** The portal's role: name and password (test databases are reached as it). */
    appRole: string
    appPassword: string
    templateDatabase: string
    /** How CREATE DATABASE copies the template: ' STRATEGY FILE_COPY' on PostgreSQL 15 and later, else nothing. */
    templateCopy: string
    runId: string
    /** The demo files of the template database; each test file works on a copy. */
    seedStorageDir: string
  }
}

function withDatabase(url: string, database: string, role?: { name: string; password: string }): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  if (role) {
    u.username = encodeURIComponent(role.name)
    u.password = encodeURIComponent(role.password)
  }
  return u.toString()
}

/** A role of the portal on a shared server (other test runs may use it at the same time: same name, same password). */
const SERVER_APP_ROLE = { name: 'portal_test_app', password: 'portal_test_app' }

export default async function setup(project: TestProject) {
  // The same key as vitest.config.ts gives the test files: the template's demo events are chained with it.
  process.env.AUDIT_KEY ||= 'test-audit-key-0123456789abcdef0123456789abcdef'
  const runId = `${Date.now().toString(36)}${process.pid}`
  const seedStorageDir = mkdtempSync(path.join(tmpdir(), 'portal-test-files-'))
  let maintenanceUrl: string
  let appRole: { name: string; password: string }
  let stopEmbedded: (() => Promise<void>) | undefined
  let dataDir: string | undefined
  if (process.env.DATABASE_URL) {
    maintenanceUrl = process.env.DATABASE_URL
    appRole = SERVER_APP_ROLE
    await ensureAppRole(maintenanceUrl, appRole.name, appRole.password)
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'))
    // The embedded server runs as the user postgres, which must be able to enter the folder.
    chmodSync(dataDir, 0o755)
    const port = 20000 + Math.floor(Math.random() * 20000)
    // A throw-away server: nothing of it must outlive a crash of the machine, so it never waits for the disk
    // (fsync) nor writes whole pages into its log. A killed process (portal, worker, backend) loses nothing by
    // this: what was committed is in the operating system's files, which only a machine crash would lose.
    const embedded = await startEmbeddedPostgres({ dataDir, port, serverFlags: ['-c', 'fsync=off', '-c', 'full_page_writes=off'] })
    maintenanceUrl = embedded.url
    appRole = { name: APP_ROLE, password: decodeURIComponent(new URL(embedded.appUrlFor('postgres')).password) }
    stopEmbedded = embedded.stop
  }

  const templateDatabase = `portal_test_${runId}_template`
  const admin = new pg.Client({ connectionString: maintenanceUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${templateDatabase}"`)
  // Each test file copies the template. PostgreSQL 15+ copies block by block through its log by default (WAL_LOG),
  // several times slower for a 40 MB template than copying its files (FILE_COPY, the only way before 15).
  const { rows: [version] } = await admin.query<{ server_version_num: string }>('SHOW server_version_num')
  const templateCopy = Number(version.server_version_num) >= 150000 ? ' STRATEGY FILE_COPY' : ''
  const owner = createKysely(withDatabase(maintenanceUrl, templateDatabase), 1)
  await prepareDatabase(owner, { appRole: appRole.name })
  await owner.destroy()
  const appUrl = withDatabase(maintenanceUrl, templateDatabase, appRole)
  const db = createKysely(appUrl, 2)
  await seedPortal(db, { demoUsers: true, storageDir: seedStorageDir })
  await db.destroy()
  // pg-boss creates its tables once in the template, so each test file's queue starts at once.
  const queue = await createQueue({ url: appUrl, supervise: false })
  await queue.stop()

  // Every file check of the run (in the test processes and the processes they start) runs the compiled child.
  const fileCheckChild = await buildFileCheckChild()
  process.env.FILE_CHECK_CHILD = fileCheckChild.file

  project.provide('maintenanceUrl', maintenanceUrl)
  project.provide('appRole', appRole.name)
  project.provide('appPassword', appRole.password)
  project.provide('templateDatabase', templateDatabase)
  project.provide('templateCopy', templateCopy)
  project.provide('runId', runId)
  project.provide('seedStorageDir', seedStorageDir)

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`portal_test_${runId}_%`],
    )
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    await admin.end()
    await stopEmbedded?.()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    rmSync(seedStorageDir, { recursive: true, force: true })
    fileCheckChild.remove()
  }
}
