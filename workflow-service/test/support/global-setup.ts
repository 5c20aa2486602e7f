// Once per test run: a PostgreSQL (embedded, or the server of DATABASE_URL) and a migrated, seeded
// template database that every test file copies into a fresh database of its own.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { migrateToLatest } from '@portal/migrations/migrate.ts'
import { createQueue } from '@portal/workers/queue/create-queue.ts'
import { createKysely } from '../../src/db/connect.server.ts'
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.server.ts'
import { seedPortal } from '../../../portal/src/composition.server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    maintenanceUrl: string
    templateDatabase: string
    runId: string
    /** The demo files of the template database; each test file works on a copy. */
    seedStorageDir: string
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${process.pid}`
  const seedStorageDir = mkdtempSync(path.join(tmpdir(), 'portal-test-files-'))
  let maintenanceUrl: string
  let stopEmbedded: (() => Promise<void>) | undefined
  let dataDir: string | undefined
  if (process.env.DATABASE_URL) {
    maintenanceUrl = process.env.DATABASE_URL
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'))
    // The embedded server runs as the user postgres, which must be able to enter the folder.
    chmodSync(dataDir, 0o755)
    const port = 20000 + Math.floor(Math.random() * 20000)
    const embedded = await startEmbeddedPostgres({ dataDir, port })
    maintenanceUrl = embedded.url
    stopEmbedded = embedded.stop
  }

  const templateDatabase = `portal_test_${runId}_template`
  const admin = new pg.Client({ connectionString: maintenanceUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${templateDatabase}"`)
  const db = createKysely(withDatabase(maintenanceUrl, templateDatabase), 2)
  await migrateToLatest(db)
  await seedPortal(db, { demoUsers: true, storageDir: seedStorageDir })
  await db.destroy()
  // pg-boss creates its schema once in the template, so each test file's queue starts at once.
  const queue = await createQueue({ url: withDatabase(maintenanceUrl, templateDatabase), supervise: false })
  await queue.stop()

  project.provide('maintenanceUrl', maintenanceUrl)
  project.provide('templateDatabase', templateDatabase)
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
  }
}
