// Opens the portal's database: the server of DATABASE_URL, or the embedded PostgreSQL under DATA_DIR. The owner's
// connection applies the migrations and grants; the connection handed back is the portal's own role's.
import { Kysely } from 'kysely'
import pg from 'pg'
import { prepareDatabase } from '@portal/migrations/app-role.ts'
import type { Database } from '@portal/migrations/database.ts'
import { pendingMigrations } from '@portal/migrations/migrate.ts'
import { startEmbeddedPostgres, type Supervision } from './embedded-postgres.server.ts'
import { PipelinedPostgresDialect } from './pipelined-driver.server.ts'
import { nameRepeatedStatements } from './repeated-statements.server.ts'

// bigint columns (counts, bigserial ids) come back as numbers; they stay far below 2^53 here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
// numeric columns come back as numbers for the API (units and limits are plain decimals).
pg.types.setTypeParser(pg.types.builtins.NUMERIC, finiteOrNull)
// A double precision column can hold NaN and ±Infinity, which no reading, limit or coordinate means and JSON cannot
// carry: such a number is read as no value, so a hand-made or restored row shows as a blank, never as a 500.
pg.types.setTypeParser(pg.types.builtins.FLOAT8, finiteOrNull)
pg.types.setTypeParser(pg.types.builtins.FLOAT4, finiteOrNull)

function finiteOrNull(text: string): number | null {
  const value = Number(text)
  return Number.isFinite(value) ? value : null
}

export class DatabaseUnreachableError extends Error {}

export interface PortalDatabase {
  /** The portal's connection: its own role, which can only append to and read the event log. */
  db: Kysely<Database>
  url: string
  embedded: boolean
  /** The migrations this opening applied (as the owner); none with MIGRATIONS=check. */
  applied: string[]
  /** The migrations this build knows that the database still lacks (only with MIGRATIONS=check: a node that is not ready). */
  pending: string[]
  /** When the embedded server this process keeps died and is not back yet; null otherwise (and on DATABASE_URL). */
  downSince(): number | null
  close(): Promise<void>
}

/** How a portal opens the embedded database: alone on its data folder, and watching the server it starts. */
export interface EmbeddedOptions {
  exclusive?: boolean
  supervise?: Supervision
}

const never = () => null

export const SAME_ROLE_WARNING =
  'DATABASE_OWNER_URL is not set: migrations and the portal use the one role of DATABASE_URL, which owns the tables and could rewrite the audit trail; set DATABASE_OWNER_URL to the owner and DATABASE_URL to a role of the portal (docs/security.md)'

/** One line: what a MIGRATIONS=check node found missing, and what applies it. */
export const pendingWarning = (pending: readonly string[]) =>
  `migrations not applied: ${pending.join(', ')}; this node (MIGRATIONS=check) does not apply them: run the migrate step (npm run migrate with DATABASE_OWNER_URL); /readyz answers 503 until then`

function userOf(url: string): string {
  return decodeURIComponent(new URL(url).username)
}

/** Applies the migrations and the portal role's rights with the owner's connection, then closes it. */
async function prepareAsOwner(ownerUrl: string, appUrl: string): Promise<string[]> {
  const owner = createKysely(ownerUrl, 1)
  try {
    const appRole = userOf(appUrl)
    return await prepareDatabase(owner, { appRole: appRole && appRole !== userOf(ownerUrl) ? appRole : null })
  } finally {
    await owner.destroy()
  }
}

export function createKysely(url: string, max = 10, onError: (error: Error) => void = () => {}): Kysely<Database> {
  // Pipeline mode: a transaction's statements go out without waiting for each other's answers (decision 2770).
  const pool = new pg.Pool({ connectionString: url, max, pipeline: true })
  // An idle connection dropped by the server (restart, failover) is replaced on the next query, not a crash.
  pool.on('error', onError)
  pool.on('connect', nameRepeatedStatements)
  return new Kysely<Database>({ dialect: new PipelinedPostgresDialect(pool) })
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

export async function checkReachable(url: string, variable = 'DATABASE_URL'): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new DatabaseUnreachableError(`cannot reach the database of ${variable}: ${reason || 'connection refused'}`)
  } finally {
    await client.end().catch(() => {})
  }
}

/** What opening the database reads of the configuration (the server's `Config` holds these among its others). */
export interface DatabaseSettings {
  dataDir: string
  databaseUrl: string | undefined
  databaseOwnerUrl: string | undefined
  migrations: 'apply' | 'check'
  embeddedPostgresPort: number
}

export async function openDatabase(
  config: DatabaseSettings,
  log: (m: string) => void = () => {},
  warn: (m: string) => void = log,
  embeddedOptions: EmbeddedOptions = {},
): Promise<PortalDatabase> {
  if (config.databaseUrl && config.migrations === 'check') {
    // A node of a deployment whose migrate step runs as the owner: it never migrates, it checks (and /readyz says).
    await checkReachable(config.databaseUrl)
    const db = createKysely(config.databaseUrl)
    const pending = await pendingMigrations(db).catch(async (error) => {
      await db.destroy()
      throw error
    })
    if (pending.length) warn(pendingWarning(pending))
    return { db, url: config.databaseUrl, embedded: false, applied: [], pending, downSince: never, close: () => db.destroy() }
  }
  if (config.databaseUrl) {
    await checkReachable(config.databaseUrl)
    if (config.databaseOwnerUrl) await checkReachable(config.databaseOwnerUrl, 'DATABASE_OWNER_URL')
    else warn(SAME_ROLE_WARNING)
    const applied = await prepareAsOwner(config.databaseOwnerUrl ?? config.databaseUrl, config.databaseUrl)
    const db = createKysely(config.databaseUrl)
    return { db, url: config.databaseUrl, embedded: false, applied, pending: [], downSince: never, close: () => db.destroy() }
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, log, ...embeddedOptions })
  let applied: string[]
  try {
    await ensureDatabase(embedded.url, 'portal')
    applied = await prepareAsOwner(embedded.urlFor('portal'), embedded.appUrlFor('portal'))
  } catch (error) {
    await embedded.stop()
    throw error
  }
  const url = embedded.appUrlFor('portal')
  const db = createKysely(url)
  return {
    db,
    url,
    embedded: true,
    applied,
    pending: [],
    downSince: embedded.downSince,
    close: async () => {
      await db.destroy()
      await embedded.stop()
    },
  }
}
