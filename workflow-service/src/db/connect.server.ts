// Opens the portal's database: the server of DATABASE_URL, or the embedded PostgreSQL under DATA_DIR.
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Database } from '@portal/migrations/database.ts'
import type { Config } from '../config.ts'
import { startEmbeddedPostgres } from './embedded-postgres.server.ts'

// bigint columns (counts, bigserial ids) come back as numbers; they stay far below 2^53 here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
// numeric columns come back as numbers for the API (units and limits are plain decimals).
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))

export class DatabaseUnreachableError extends Error {}

export interface PortalDatabase {
  db: Kysely<Database>
  url: string
  embedded: boolean
  close(): Promise<void>
}

export function createKysely(url: string, max = 10, onError: (error: Error) => void = () => {}): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max })
  // An idle connection dropped by the server (restart, failover) is replaced on the next query, not a crash.
  pool.on('error', onError)
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}

async function ensureDatabase(maintenanceUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl })
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
}

export async function checkReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new DatabaseUnreachableError(`cannot reach the database of DATABASE_URL: ${reason || 'connection refused'}`)
  } finally {
    await client.end().catch(() => {})
  }
}

export async function openDatabase(config: Config, log: (m: string) => void = () => {}): Promise<PortalDatabase> {
  if (config.databaseUrl) {
    await checkReachable(config.databaseUrl)
    const db = createKysely(config.databaseUrl)
    return { db, url: config.databaseUrl, embedded: false, close: () => db.destroy() }
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, log })
  try {
    await ensureDatabase(embedded.url, 'portal')
  } catch (error) {
    await embedded.stop()
    throw error
  }
  const url = embedded.urlFor('portal')
  const db = createKysely(url)
  return {
    db,
    url,
    embedded: true,
    close: async () => {
      await db.destroy()
      await embedded.stop()
    },
  }
}
