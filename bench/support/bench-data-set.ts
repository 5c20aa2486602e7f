// The benchmark's data set, loaded once and kept between runs: a database named for its scale on the server of
// DATABASE_URL, or on an embedded PostgreSQL under bench/.data/<scale>/. A load that did not finish is redone.
import { chmodSync, cpSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { migrateToLatest } from '@portal/migrations/migrate.ts'
import { createKysely, startEmbeddedPostgres, runLargeSeed } from '@portal/workflow-server/service.server.ts'
import { loadAuditKey, useAuditKey } from '@portal/workflow-domain/commands.server.ts'
import type { LargeCatalogueSize } from '@portal/workflow-server/service.server.ts'
import { workerSeedSteps } from '../../portal/src/composition.server.ts'
import { postmasterOf } from './cpu-seconds.ts'

export type BenchScale = 'large' | 'large-x2' | 'large-x10' | 'tiny'

interface ScaleSize {
  catalogue?: LargeCatalogueSize
  workflowEvents?: number
}

/**
 * large: the data set; large-x2 and large-x10: its catalogue two and ten times as large (the same workflow
 * log), to see which miss grows with the data; tiny: the same shape in seconds, for the harness's test.
 */
export const SCALES: Record<BenchScale, ScaleSize> = {
  large: {},
  'large-x2': { catalogue: { areas: 20_000, pointsPerArea: 10, years: 10 } },
  'large-x10': { catalogue: { areas: 100_000, pointsPerArea: 10, years: 10 } },
  tiny: { catalogue: { areas: 40, pointsPerArea: 2, years: 2 }, workflowEvents: 400 },
}

// Changing the data set's shape changes this mark, so a data set of an older shape is loaded anew.
const COMPLETE = 'portal benchmark data set v1: complete'

const DEFAULT_PORTS: Record<BenchScale, number> = { large: 54339, tiny: 54340, 'large-x2': 54341, 'large-x10': 54342 }

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface BenchDataSet {
  /** The data set's folder: the portal's DATA_DIR (its audit key, its files). */
  folder: string
  /** URL of the data set's database. */
  url: string
  /** URL of the server's maintenance database (to copy the data set). */
  maintenanceUrl: string
  name: string
  storageDir: string
  /** The embedded PostgreSQL's postmaster, whose CPU the cases read from /proc; null on the server of DATABASE_URL. */
  postmaster: number | null
  /** Seconds spent loading (0 when the kept data set was reused). */
  seedSeconds: number
  /** A throw-away copy of the data set for the cases that write; dropped by its close(). */
  scratchCopy(): Promise<{ url: string; close(): Promise<void> }>
  close(): Promise<void>
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export async function openBenchDataSet(scale: BenchScale, log: (m: string) => void): Promise<BenchDataSet> {
  const folder = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : path.join(root, 'bench/.data', scale)
  mkdirSync(folder, { recursive: true })
  // The embedded server runs as the user postgres, which must be able to enter the folder.
  chmodSync(folder, 0o755)
  const storageDir = path.join(folder, 'files')
  // The event log's key lives in the data set's folder, as the portal's does in its data folder (DATA_DIR).
  useAuditKey(loadAuditKey({ dataDir: folder }))
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: folder, port: Number(process.env.BENCH_PG_PORT ?? DEFAULT_PORTS[scale]), log })
  const maintenanceUrl = process.env.DATABASE_URL ?? embedded!.url
  // BENCH_DATABASE: another name (the harness's test uses a database of its own and drops it).
  const name = process.env.BENCH_DATABASE || `portal_bench_${scale.replace('-', '_')}`
  const url = withDatabase(maintenanceUrl, name)

  const state = await admin(maintenanceUrl, async (client) => {
    const { rows } = await client.query<{ mark: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS mark FROM pg_database WHERE datname = $1`,
      [name],
    )
    if (rows.length === 0) return 'missing'
    return rows[0].mark === COMPLETE ? 'complete' : 'partial'
  })
  let seedSeconds = 0
  if (state !== 'complete') {
    if (state === 'partial') log(`the ${scale} data set was not loaded completely: loading it again`)
    // BENCH_TEMPLATE_DATABASE: a database of the same server that is migrated and holds the demo data, and
    // BENCH_TEMPLATE_FILES its files. The data set starts as a copy of it and loads only its large part (the
    // harness's test takes the test run's template: loading the demo data again cost it most of its load).
    const template = process.env.BENCH_TEMPLATE_DATABASE
    await admin(maintenanceUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      if (!template) return void (await client.query(`CREATE DATABASE "${name}"`))
      // PostgreSQL 15+ copies block by block through its log unless told to copy the files (the only way before 15).
      const { rows: [version] } = await client.query<{ server_version_num: string }>('SHOW server_version_num')
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"${Number(version.server_version_num) >= 150000 ? ' STRATEGY FILE_COPY' : ''}`)
    })
    if (template && process.env.BENCH_TEMPLATE_FILES) cpSync(process.env.BENCH_TEMPLATE_FILES, storageDir, { recursive: true })
    const db = createKysely(url, 4)
    const started = Date.now()
    try {
      await migrateToLatest(db)
      await runLargeSeed(db, { storageDir, demoUsers: true, extraSteps: workerSeedSteps, ...SCALES[scale], demoDataLoaded: Boolean(template), log })
    } finally {
      await db.destroy()
    }
    seedSeconds = (Date.now() - started) / 1000
    await admin(maintenanceUrl, (client) => client.query(`COMMENT ON DATABASE "${name}" IS '${COMPLETE}'`))
  } else {
    // A kept data set gets the migrations that landed since it was loaded.
    const db = createKysely(url, 2)
    try {
      await migrateToLatest(db)
    } finally {
      await db.destroy()
    }
  }

  let copies = 0
  return {
    folder,
    url,
    maintenanceUrl,
    name,
    storageDir,
    postmaster: embedded ? postmasterOf(path.join(folder, 'pg')) : null,
    seedSeconds,
    async scratchCopy() {
      const copy = `${name}_scratch_${process.pid}_${++copies}`
      await admin(maintenanceUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`)
        await client.query(`CREATE DATABASE "${copy}" TEMPLATE "${name}"`)
      })
      return {
        url: withDatabase(maintenanceUrl, copy),
        close: () => admin(maintenanceUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`)).then(() => {}),
      }
    },
    async close() {
      await embedded?.stop()
    },
  }
}
