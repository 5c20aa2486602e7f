// Rebuilds the read models from the event log into fresh tables; verifies them against the live ones and the hash chain.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { APPEND_BARRIER, inChain, readAllInPages, verifyHashChain, type ChainCheck } from '../../event-store/event-store.server.ts'
import { PROJECTION_TABLES, type ProjectionTable } from '../event-table.ts'
import { columnsOf, createReplayFold } from './replay-fold.ts'

export interface TableDifference {
  table: string
  /** Rows of the live read model that the replay does not produce. */
  onlyLive: number
  /** Rows the replay produces that the live read model lacks. */
  onlyReplayed: number
  examples: Array<{ side: 'live' | 'replayed'; row: Record<string, unknown> }>
}

export interface ReplayReport {
  events: number
  seconds: number
  eventsPerSecond: number
  differences: TableDifference[]
  chain: ChainCheck
}

/**
 * Creates empty copies of the read-model tables as temporary tables of this transaction (the portal's role may
 * create those, not schemas), folds the whole log into read models in memory (through the rows the live projection
 * writes) and writes them in batches.
 */
async function rebuildInto(trx: Transaction<Database>, schema: string): Promise<{ events: number; seconds: number }> {
  for (const table of PROJECTION_TABLES) {
    await sql`CREATE TEMPORARY TABLE ${sql.id(table)} (LIKE ${sql.id('public', table)} INCLUDING ALL) ON COMMIT DROP`.execute(trx)
  }
  const started = performance.now()
  const projection = createReplayFold()
  let events = 0
  // Every row is read; one outside the chain (chain.outside names it) is never folded into what the public sees.
  for await (const event of readAllInPages(trx, READ_PAGE)) {
    if (!inChain(event.position)) continue
    projection.apply(event)
    events += 1
  }
  for (const table of PROJECTION_TABLES) await writeRows(trx, schema, table, [...projection.models[table].values()])
  return { events, seconds: (performance.now() - started) / 1000 }
}

const READ_PAGE = 10_000
const WRITE_BATCH = 5_000

/** Inserts rows in batches of one statement each: the batch travels as one JSON array and PostgreSQL unpacks it. */
async function writeRows(trx: Transaction<Database>, schema: string, table: ProjectionTable, rows: Array<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return
  const columns = sql.join(columnsOf(rows).map((c) => sql.id(c)))
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const batch = JSON.stringify(rows.slice(i, i + WRITE_BATCH))
    await sql`
      INSERT INTO ${sql.id(schema, table)} (${columns})
      SELECT ${columns} FROM jsonb_populate_recordset(NULL::${sql.id(schema, table)}, ${batch}::jsonb)`.execute(trx)
  }
}

async function compare(trx: Transaction<Database>, schema: string): Promise<TableDifference[]> {
  const differences: TableDifference[] = []
  for (const table of PROJECTION_TABLES) {
    const live = sql.id('public', table)
    const replayed = sql.id(schema, table)
    const onlyLive = await sql<Record<string, unknown>>`SELECT * FROM ${live} EXCEPT ALL SELECT * FROM ${replayed}`.execute(trx)
    const onlyReplayed = await sql<Record<string, unknown>>`SELECT * FROM ${replayed} EXCEPT ALL SELECT * FROM ${live}`.execute(trx)
    if (onlyLive.rows.length || onlyReplayed.rows.length) {
      differences.push({
        table,
        onlyLive: onlyLive.rows.length,
        onlyReplayed: onlyReplayed.rows.length,
        examples: [
          ...onlyLive.rows.slice(0, 3).map((row) => ({ side: 'live' as const, row })),
          ...onlyReplayed.rows.slice(0, 3).map((row) => ({ side: 'replayed' as const, row })),
        ],
      })
    }
  }
  return differences
}

class RollBack extends Error {
  constructor(readonly report: ReplayReport) {
    super('rolled back on purpose')
  }
}

/** The session's own schema of temporary tables: the scratch copies live there and vanish with the transaction. */
const scratchSchema = () => 'pg_temp'

/**
 * Replays the log into fresh tables and compares them with the live read models, in one snapshot of the database
 * (repeatable read), then rolls everything back: nothing is changed.
 */
export async function verifyProjections(db: Kysely<Database>): Promise<ReplayReport> {
  try {
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const schema = scratchSchema()
        const rebuilt = await rebuildInto(trx, schema)
        const differences = await compare(trx, schema)
        const chain = await verifyHashChain(trx)
        throw new RollBack({ ...rebuilt, eventsPerSecond: rate(rebuilt), differences, chain })
      })
  } catch (error) {
    if (error instanceof RollBack) return error.report
    throw error
  }
  throw new Error('unreachable')
}

const rate = (r: { events: number; seconds: number }) => (r.seconds > 0 ? Math.round(r.events / r.seconds) : r.events)

/**
 * Rebuilds the live read models from the log: replays into fresh tables, then brings the live tables to exactly
 * those rows (upsert, then delete the rest), holding the append barrier exclusively so no command appends meanwhile.
 * Rows are updated in place rather than truncated, so tables of other features that point at them stay valid.
 */
export async function rebuildProjections(db: Kysely<Database>): Promise<ReplayReport> {
  return db.transaction().execute(async (trx) => {
    // Exclusive: every append waits until the live tables are rebuilt.
    await sql`SELECT pg_advisory_xact_lock(${APPEND_BARRIER})`.execute(trx)
    const schema = scratchSchema()
    const rebuilt = await rebuildInto(trx, schema)
    const differences = await compare(trx, schema)
    for (const table of PROJECTION_TABLES) {
      const { rows } = await sql<{ column_name: string }>`
        SELECT column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`.execute(trx)
      const columns = rows.map((r) => r.column_name)
      const updates = sql.join(columns.filter((c) => c !== 'id').map((c) => sql`${sql.id(c)} = EXCLUDED.${sql.id(c)}`))
      await sql`
        INSERT INTO ${sql.id('public', table)} SELECT * FROM ${sql.id(schema, table)}
        ON CONFLICT (id) DO UPDATE SET ${updates}`.execute(trx)
    }
    for (const table of [...PROJECTION_TABLES].reverse()) {
      await sql`DELETE FROM ${sql.id('public', table)} t WHERE NOT EXISTS (SELECT 1 FROM ${sql.id(schema, table)} r WHERE r.id = t.id)`.execute(trx)
    }
    for (const table of PROJECTION_TABLES) await sql`DROP TABLE ${sql.id(schema, table)}`.execute(trx)
    const chain = await verifyHashChain(trx)
    return { ...rebuilt, eventsPerSecond: rate(rebuilt), differences, chain }
  })
}
