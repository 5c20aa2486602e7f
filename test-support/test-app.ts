// Builds the real Fastify app on a fresh test database, for tests that call it with inject().
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ServerBuild } from '@remix-run/node'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { afterAll, beforeAll, inject } from 'vitest'
import { createQueue } from '@portal/workers/workers.server.ts'
import type { JobQueue } from '@portal/workflow-domain/ports.ts'
import { filePrechecks, reportTemplateFiles } from '../portal/src/composition.server.ts'
import { buildApp, loadConfig } from '@portal/workflow-server/service.server.ts'
import { loadAuditKey, useAuditKey, useChainHead } from '@portal/workflow-domain/commands.server.ts'
import type { PublicCache } from '@portal/workflow-server/service.server.ts'
import { createTestDatabase, type TestDatabase } from './test-database.ts'

export interface TestContext {
  app: FastifyInstance
  database: TestDatabase
  /** A real pg-boss queue on the test database; no workers consume it unless a test starts them. */
  queue: JobQueue
}

const RATE_LIMITS_OUT_OF_THE_WAY = { LOGIN_RATE_LIMIT_PER_MINUTE: '100000', UPLOAD_RATE_LIMIT_PER_MINUTE: '100000', DECISION_RATE_LIMIT_PER_MINUTE: '100000', EXPORT_RATE_LIMIT_PER_MINUTE: '100000', EXPORT_ROWS_PER_MINUTE: '1000000000' }

/** Call at the top of a test file: the app and its database live for the whole file. */
/**
 * With `remix`, pages are served by the given build (a test's own routes), as the portal serves the built app; with
 * `publicCache`, anonymous answers are kept in it, and the app is ready once it listens for changes.
 */
export function useTestApp(env: Record<string, string> = {}, options: { remix?: { build: ServerBuild; clientDir: string }; publicCache?: PublicCache; logger?: FastifyBaseLogger } = {}): TestContext {
  const context = {} as TestContext
  // Each file gets its own data folder with a copy of the demo files, so deleting one never reaches another file.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-app-'))
  beforeAll(async () => {
    // Should test files share a process (decision 2723), the app starts as the portal does, with the run's audit key
    // and no chain head recorded, whatever a file before it set (tests that record a head set it after this).
    useAuditKey(loadAuditKey({ dataDir }))
    useChainHead(null)
    context.database = await createTestDatabase()
    cpSync(inject('seedStorageDir'), path.join(dataDir, 'files'), { recursive: true })
    // The per-minute rate limits are out of the way unless a test file sets its own (rate-limits.test.ts does).
    const config = loadConfig({ ...RATE_LIMITS_OUT_OF_THE_WAY, ...env, DATABASE_URL: context.database.url, DATA_DIR: dataDir })
    context.queue = await createQueue({ url: context.database.url, supervise: false })
    context.app = await buildApp({ db: context.database.db, config, queue: context.queue, templates: reportTemplateFiles, prechecks: filePrechecks, logger: options.logger, remix: options.remix, publicCache: options.publicCache && { databaseUrl: context.database.url, cache: options.publicCache } })
    await context.app.ready()
    const cache = options.publicCache
    const until = Date.now() + 15_000
    while (cache && !cache.enabled && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
  })
  afterAll(async () => {
    await context.app?.close()
    await context.queue?.stop()
    await context.database?.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return context
}
