// Rebuilds the read models from the event log into fresh tables; verifies them against the live ones and the hash chain.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { APPEND_BARRIER, firstSuspectPosition, inChain, readAllInPages, readLogByCopy, verifyHashChain, verifyHashChainUpTo, type ChainCheck } from '../../event-store/event-store.server.ts'
import { PROJECTION_TABLES, type ProjectionTable } from '../../workflow/event-table.ts'
import { columnsOf, createReplayFold } from './replay-fold.ts'
import { textArray } from '../../admin/users/user-event-table.ts'
import { type OwnConnection, withOwnConnection } from '@portal/workflow-platform/database.server.ts'
import { type CopyColumn, copyBinary } from './copy-binary.ts'
import { type PublicRecordCheck, verifyPublicRecord } from './public-record.server.ts'

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
  /** The public record (published readings, seeded rows, reference data) against what the log recorded of it. */
  publicRecord?: PublicRecordCheck
  /** The rebuild refused to write: the chain is broken and the operator did not ask to fold the events before it. */
  refused?: boolean
  /** With `foldBeforeBreak`: the events from the first suspect position on, which the rebuild did not fold. */
  leftOut?: LeftOut
}

/** What a rebuild that folds only the events before a break leaves out. */
export interface LeftOut {
  from: number
  events: number
  /** The first of them, by position (at most LEFT_OUT_NAMED). */
  examples: Array<{ position: number; streamId: string; type: string }>
}

const LEFT_OUT_NAMED = 50

export interface RebuildOptions {
  /**
   * Fold the events before the first break of a broken chain (and leave the rest out, named in the report) instead
   * of refusing: an operator's explicit choice (`npm run replay -- --fold-before-break`).
   */
  foldBeforeBreak?: boolean
}

/** Writes a read model's rebuilt rows into its scratch copy. */
type WriteRows = (table: ProjectionTable, rows: Array<Record<string, unknown>>) => Promise<void>

/** The columns of the live read-model tables, in their order, with their types. */
export async function liveColumns(trx: Transaction<Database>): Promise<Map<ProjectionTable, CopyColumn[]>> {
  const { rows } = await sql<{ table_name: ProjectionTable; column_name: string; udt_name: string }>`
    SELECT table_name, column_name, udt_name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = ANY(${[...PROJECTION_TABLES]}) ORDER BY table_name, ordinal_position`.execute(trx)
  const columns = new Map<ProjectionTable, CopyColumn[]>(PROJECTION_TABLES.map((table) => [table, []]))
  for (const row of rows) columns.get(row.table_name)!.push({ name: row.column_name, type: row.udt_name })
  return columns
}

/**
 * Writes with COPY on the rebuild's own connection (decision 2761), in the binary format (decision 3827): inside its
 * transaction, one table after the other. The columns are those the rows carry; the others keep their defaults, as
 * with the insert it replaced.
 */
function copyInto(own: OwnConnection, trx: Transaction<Database>, schema: string, columns: Map<ProjectionTable, CopyColumn[]>): WriteRows {
  return async (table, rows) => {
    if (rows.length === 0) return
    const carried = columnsOf(rows)
    const written = columns.get(table)!.filter((column) => carried.includes(column.name))
    const unknown = carried.filter((name) => !written.some((column) => column.name === name))
    if (unknown.length) throw new Error(`the replay wrote columns ${table} does not have: ${unknown.join(', ')}`)
    const statement = sql`COPY ${sql.id(schema, table)} (${sql.join(written.map((column) => sql.id(column.name)))}) FROM STDIN WITH (FORMAT binary)`.compile(trx).sql
    await own.copyIn(statement, copyBinary(rows, written, table))
  }
}

/**
 * Creates empty copies of the read-model tables as temporary tables of this transaction (the portal's role may
 * create those, not schemas), folds the whole log into read models in memory (through the rows the live projection
 * writes) and writes them.
 */
async function rebuildInto(
  trx: Transaction<Database>,
  own: OwnConnection,
  write: WriteRows,
  before: number | null = null,
  exclude: ReadonlySet<number> = new Set(),
): Promise<{ events: number; seconds: number; accounts: Map<number, Record<string, unknown>>; leftOut: LeftOut | null }> {
  for (const table of PROJECTION_TABLES) {
    await sql`CREATE TEMPORARY TABLE ${sql.id(table)} (LIKE ${sql.id('public', table)} ${SCRATCH_LIKE}) ON COMMIT DROP`.execute(trx)
  }
  const started = performance.now()
  const projection = createReplayFold()
  let events = 0
  const leftOut: LeftOut | null = before === null ? null : { from: before, events: 0, examples: [] }
  // Every row is read; one outside the chain (chain.outside names it) is never folded into what the public sees, nor
  // is any event from the first break on when the operator asked to fold only what comes before it.
  // Read on the same connection, inside this transaction, with one COPY whose text is taken apart by hand, the times
  // as numbers (decisions 2762 and 2810).
  for await (const batch of readLogByCopy(own.copyOut)) {
    for (const event of batch) {
      if (!inChain(event.position) || exclude.has(event.position)) continue
      if (leftOut && event.position >= leftOut.from) {
        leftOut.events += 1
        if (leftOut.examples.length < LEFT_OUT_NAMED) leftOut.examples.push({ position: event.position, streamId: event.streamId, type: event.type })
        continue
      }
      projection.apply(event)
      events += 1
    }
  }
  for (const table of PROJECTION_TABLES) await write(table, [...projection.models[table].values()])
  return { events, seconds: (performance.now() - started) / 1000, accounts: projection.accounts, leftOut }
}

/**
 * The users table against its streams: every column an account's events wrote must hold the value the last of them
 * wrote (the password hash is no event's, and a column no event wrote is the row's start: neither is compared).
 */
async function compareAccounts(trx: Transaction<Database>, accounts: Map<number, Record<string, unknown>>): Promise<TableDifference[]> {
  if (accounts.size === 0) return []
  const live = await trx
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'email', 'groups', 'company_id', 'is_active', 'created_at'])
    .where('id', 'in', [...accounts.keys()])
    .execute()
  const byId = new Map(live.map((row) => [row.id, { ...row, groups: textArray(row.groups) } as Record<string, unknown>]))
  const same = (a: unknown, b: unknown) => (a instanceof Date || b instanceof Date ? new Date(a as string).getTime() === new Date(b as string).getTime() : a === b)
  const onlyReplayed: Array<Record<string, unknown>> = []
  const onlyLive: Array<Record<string, unknown>> = []
  for (const [id, recorded] of accounts) {
    const row = byId.get(id)
    const { password_hash: _hash, ...columns } = recorded
    if (row && Object.entries(columns).every(([name, value]) => same(row[name], value))) continue
    onlyReplayed.push({ ...columns, id })
    if (row) onlyLive.push(row)
  }
  if (onlyReplayed.length === 0) return []
  return [
    {
      table: 'users',
      onlyLive: onlyLive.length,
      onlyReplayed: onlyReplayed.length,
      examples: [...onlyLive.slice(0, 3).map((row) => ({ side: 'live' as const, row })), ...onlyReplayed.slice(0, 3).map((row) => ({ side: 'replayed' as const, row }))],
    },
  ]
}

/**
 * What the scratch copies take of a live table: its columns' defaults and checks, not its indexes. Every index would
 * be built row by row while the rebuilt rows stream in, and nothing needs one: the fold keeps one row per id, and the
 * comparisons and the final upsert read the copies whole (decision 2760).
 */
const SCRATCH_LIKE = sql.raw('INCLUDING DEFAULTS INCLUDING CONSTRAINTS')

const READ_PAGE = 10_000
const WRITE_BATCH = 5_000

/**
 * Inserts rows in batches of one statement each: the batch travels as one JSON array and PostgreSQL unpacks it. The
 * batches are queued on the connection together, each sent as soon as the last is answered, without a turn of the
 * replay's own code in between; a failed one fails the whole (and the transaction with it), after the others settled.
 * The verify as of a moment writes so: it runs in its caller's transaction, on any connection, and writes only the
 * rows of that moment no later event changed. The rebuild and the whole verify write with COPY (copyInto).
 */
async function writeRows(trx: Transaction<Database>, schema: string, table: ProjectionTable, rows: Array<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return
  const columns = sql.join(columnsOf(rows).map((c) => sql.id(c)))
  const inserts: Array<Promise<unknown>> = []
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const batch = JSON.stringify(rows.slice(i, i + WRITE_BATCH))
    inserts.push(
      sql`
      INSERT INTO ${sql.id(schema, table)} (${columns})
      SELECT ${columns} FROM jsonb_populate_recordset(NULL::${sql.id(schema, table)}, ${batch}::jsonb)`.execute(trx),
    )
  }
  const failed = (await Promise.allSettled(inserts)).find((r) => r.status === 'rejected')
  if (failed) throw (failed as PromiseRejectedResult).reason
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
 * (repeatable read), then rolls everything back: nothing is changed. On a connection of its own (COPY, decision 2761):
 * the read, the writes and the comparisons are that one transaction's.
 */
export async function verifyProjections(db: Kysely<Database>): Promise<ReplayReport> {
  return withOwnConnection(db, async (own) => {
    try {
      await own.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const schema = scratchSchema()
          // The chain first: an event verify names as broken (a forgery) is not folded, so the read models are
          // compared with what the true log gives and a forged event's garbage cannot stop the check.
          const chain = await verifyHashChain(trx)
          const forged = new Set(chain.breaks.filter((b) => b.streamId !== undefined).map((b) => b.position))
          const { accounts, leftOut: _none, ...rebuilt } = await rebuildInto(trx, own, copyInto(own, trx, schema, await liveColumns(trx)), null, forged)
          const differences = [...(await compare(trx, schema)), ...(await compareAccounts(trx, accounts))]
          const publicRecord = await verifyPublicRecord(trx, schema)
          throw new RollBack({ ...rebuilt, eventsPerSecond: rate(rebuilt), differences, chain, publicRecord })
        })
    } catch (error) {
      if (error instanceof RollBack) return error.report
      throw error
    }
    throw new Error('unreachable')
  })
}

export interface AsOfVerifyReport {
  moment: Date
  /** The events of the chain recorded up to the moment, and the position of the last of them (0: none). */
  events: number
  lastPosition: number
  /** The chain up to the last event of the moment (further, to the end of the seal that covers it). */
  chain: ChainCheck
  checkedTo: number
  /** The rows the read models had then: compared with the live ones when no later event changed them. */
  rowsThen: number
  rowsChangedSince: number
  /** Rows as they stood then, unchanged by any later event, that the live table does not hold as they were. */
  differences: TableDifference[]
}

/**
 * The log and the read models as they stood at a moment, in the caller's transaction (one snapshot): the hash chain
 * up to the last event recorded by then, and the fold of those events, whose rows that no later event changed must
 * be in the live tables exactly as they were. A row a later event changed stands differently today by right, and is
 * only counted. Creates temporary tables: the caller rolls back.
 */
export async function verifyAsOfIn(trx: Transaction<Database>, moment: Date): Promise<AsOfVerifyReport> {
  const then = createReplayFold()
  const now = createReplayFold()
  const changed = new Map<ProjectionTable, Set<unknown>>(PROJECTION_TABLES.map((table) => [table, new Set()]))
  const markChanged = (table: ProjectionTable, id: unknown) => changed.get(table)!.add(id)
  let events = 0
  let lastPosition = 0
  // An event the chain names as broken (a forgery) is not folded: its garbage would stop the check (as in verify).
  const forged = new Set((await verifyHashChain(trx, undefined, null)).breaks.filter((b) => b.streamId !== undefined).map((b) => b.position))
  for await (const event of readAllInPages(trx, READ_PAGE)) {
    if (!inChain(event.position)) continue
    // "By then" is by time, as the as-of view folds (decision 2410): positions are issued before commit.
    const by = event.createdAt <= moment
    // A forged event recorded by then is in the chain checked below (so it is named), but in no fold.
    if (by) lastPosition = Math.max(lastPosition, event.position)
    if (forged.has(event.position)) continue
    now.apply(event, by ? undefined : markChanged)
    if (by) {
      then.apply(event)
      events += 1
    }
  }
  const schema = scratchSchema()
  let rowsThen = 0
  let rowsChangedSince = 0
  const differences: TableDifference[] = []
  for (const table of PROJECTION_TABLES) {
    const rows = [...then.models[table].values()]
    const unchanged = rows.filter((row) => !changed.get(table)!.has(row.id))
    rowsThen += rows.length
    rowsChangedSince += rows.length - unchanged.length
    await sql`CREATE TEMPORARY TABLE ${sql.id(table)} (LIKE ${sql.id('public', table)} ${SCRATCH_LIKE}) ON COMMIT DROP`.execute(trx)
    await writeRows(trx, schema, table, unchanged)
    const onlyThen = await sql<Record<string, unknown>>`SELECT * FROM ${sql.id(schema, table)} EXCEPT ALL SELECT * FROM ${sql.id('public', table)}`.execute(trx)
    if (onlyThen.rows.length) {
      differences.push({ table, onlyLive: 0, onlyReplayed: onlyThen.rows.length, examples: onlyThen.rows.slice(0, 3).map((row) => ({ side: 'replayed' as const, row })) })
    }
  }
  const { checkedTo, ...chain } = await verifyHashChainUpTo(trx, lastPosition)
  return { moment, events, lastPosition, chain, checkedTo, rowsThen, rowsChangedSince, differences }
}

/** `verifyAsOfIn` in a repeatable-read transaction rolled back: nothing is changed. */
export async function verifyProjectionsAsOf(db: Kysely<Database>, moment: Date): Promise<AsOfVerifyReport> {
  let report: AsOfVerifyReport | undefined
  try {
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        report = await verifyAsOfIn(trx, moment)
        throw new RollBack({ events: 0, seconds: 0, eventsPerSecond: 0, differences: [], chain: report.chain })
      })
  } catch (error) {
    if (!(error instanceof RollBack)) throw error
  }
  return report!
}

const rate = (r: { events: number; seconds: number }) => (r.seconds > 0 ? Math.round(r.events / r.seconds) : r.events)

/**
 * Rebuilds the live read models from the log: replays into fresh tables, then brings the live tables to exactly
 * those rows (upsert, then delete the rest), holding the append barrier exclusively so no command appends meanwhile.
 * Rows are updated in place rather than truncated, so tables of other features that point at them stay valid.
 *
 * On a connection of its own outside the portal's pipelined pool, so the scratch copies can be written with COPY
 * (decision 2761). The barrier, the read of the log, the scratch copies, the upsert and the delete are all one
 * transaction of that one connection: the barrier is taken before the log is read, so the log it folds is the whole
 * log until its commit, and a failure anywhere rolls every write back.
 */
export async function rebuildProjections(db: Kysely<Database>, options: RebuildOptions = {}): Promise<ReplayReport> {
  return withOwnConnection(db, (own) =>
    own.db.transaction().execute(async (trx) => {
      // Exclusive: every append waits until the live tables are rebuilt.
      await sql`SELECT pg_advisory_xact_lock(${APPEND_BARRIER})`.execute(trx)
      // The chain first: a rebuild folds only a log whose hashes hold, so a forged event never becomes the record.
      // A broken one is refused before anything is written, unless the operator asked to fold what precedes the break.
      const chain = await verifyHashChain(trx)
      const suspect = firstSuspectPosition(chain)
      if (chain.broken && !options.foldBeforeBreak) return { events: 0, seconds: 0, eventsPerSecond: 0, differences: [], chain, refused: true }
      const schema = scratchSchema()
      const columns = await liveColumns(trx)
      const { accounts, leftOut, ...rebuilt } = await rebuildInto(trx, own, copyInto(own, trx, schema, columns), suspect)
      // The users table is told, not rebuilt: the streams do not hold its password hashes.
      const differences = [...(await compare(trx, schema)), ...(await compareAccounts(trx, accounts))]
      // A table compare found the same as its replay is not touched (decision 2762): its upsert would insert the rows
      // the live table lacks as they are, which compare counted none of, and its delete the rows whose id the replay
      // lacks, which would each have been a row only in the live table. Nothing between compare and here writes them
      // but these statements (no trigger on a read model writes another; the barrier keeps every command out).
      // The public record is told, not rebuilt: the log holds its digests, not its rows (decision 3310).
      const publicRecord = await verifyPublicRecord(trx, schema)
      const differing = new Map(differences.map((d) => [d.table, d]))
      for (const table of PROJECTION_TABLES) {
        if (!differing.get(table)?.onlyReplayed) continue
        const names = columns.get(table)!.map((column) => column.name)
        const updates = sql.join(names.filter((c) => c !== 'id').map((c) => sql`${sql.id(c)} = EXCLUDED.${sql.id(c)}`))
        // Only the rows the live table lacks as they are (decision 2761): a row already right is not written again,
        // which on a healthy log is every row. The same difference as compare's, by whole rows.
        await sql`
          INSERT INTO ${sql.id('public', table)}
          SELECT * FROM ${sql.id(schema, table)} EXCEPT ALL SELECT * FROM ${sql.id('public', table)}
          ON CONFLICT (id) DO UPDATE SET ${updates}`.execute(trx)
      }
      for (const table of [...PROJECTION_TABLES].reverse()) {
        if (!differing.get(table)?.onlyLive) continue
        await sql`DELETE FROM ${sql.id('public', table)} t WHERE NOT EXISTS (SELECT 1 FROM ${sql.id(schema, table)} r WHERE r.id = t.id)`.execute(trx)
      }
      for (const table of PROJECTION_TABLES) await sql`DROP TABLE ${sql.id(schema, table)}`.execute(trx)
      return { ...rebuilt, eventsPerSecond: rate(rebuilt), differences, chain, publicRecord, ...(leftOut ? { leftOut } : {}) }
    }),
  )
}
