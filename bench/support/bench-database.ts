// A benchmark's own database: the server of DATABASE_URL or an embedded PostgreSQL in a temporary folder,
// a fresh migrated database with the demo data at the asked scale, and a clean-up that leaves nothing behind.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import pg from 'pg'
import type { Database } from '@portal/migrations/database.ts'
import { migrateToLatest } from '@portal/migrations/migrate.ts'
import { createKysely, startEmbeddedPostgres } from '@portal/workflow-server/service.server.ts'
import { seedPortal } from '../../portal/src/composition.server.ts'

export interface BenchDatabase {
  db: Kysely<Database>
  url: string
  /** The storage folder the demo files were written to. */
  storageDir: string
  /** Seconds the demo data took to load. */
  seedSeconds: number
  close(): Promise<void>
}

export async function openBenchDatabase(options: { scale?: number; demoUsers: boolean; poolSize?: number }): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'))
  // The embedded server runs as the user postgres, which must be able to enter the folder.
  chmodSync(dataDir, 0o755)
  const storageDir = path.join(dataDir, 'files')
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir, port: 45000 + Math.floor(Math.random() * 2000) })
  const maintenanceUrl = process.env.DATABASE_URL ?? embedded!.url
  const name = `portal_bench_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: maintenanceUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const url = new URL(maintenanceUrl)
  url.pathname = `/${name}`
  const db = createKysely(url.toString(), options.poolSize ?? 10)
  await migrateToLatest(db)
  const started = Date.now()
  await seedPortal(db, { scale: options.scale ?? 1, demoUsers: options.demoUsers, storageDir })
  return {
    db,
    url: url.toString(),
    storageDir,
    seedSeconds: (Date.now() - started) / 1000,
    async close() {
      await db.destroy()
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
      await embedded?.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
