// The event store on PostgreSQL: append to a stream with an expected version, read a stream, read the log in order.
import { CompiledQuery, type Kysely, type Selectable, sql, type Transaction } from 'kysely'
import type { Database, EventMetadata, EventsTable } from '@portal/migrations/database.ts'
import { auditKey } from './audit-key.server.ts'
import { GENESIS_HASH, hmacEvent } from './event-hash.ts'
import { noteAppended } from './chain-head.server.ts'
import { inChainSql, inChainText } from './positions.ts'
import { sendUnanswered } from '@portal/workflow-platform/database.server.ts'
import { createLogLineReader } from './log-copy-text.ts'

export type { EventMetadata, LoggedEvent, NewEvent, StoredEvent } from './event-types.ts'
import type { LoggedEvent, NewEvent, StoredEvent } from './event-types.ts'

/** The stream moved on since it was read: another command won the race. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`stream ${streamId} is at version ${actualVersion}, expected ${expectedVersion}`)
  }
}

// Appends take this lock in shared mode, so they never wait for each other; a checkpoint takes it exclusively for
// a moment, so that once it holds it every position up to the log's maximum is committed (see checkpoints.server.ts).
export const APPEND_BARRIER = 7_301_001

type Db = Kysely<Database> | Transaction<Database>

/** A row of the log as the folds read it: without the chain's hashes. */
function toLogged(row: Pick<Selectable<EventsTable>, 'position' | 'stream_id' | 'stream_version' | 'type' | 'data' | 'metadata' | 'created_at'>): LoggedEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    createdAt: row.created_at,
  }
}

export function toStored(row: Selectable<EventsTable>): StoredEvent {
  return { ...toLogged(row), prevHash: row.prev_hash, hash: row.hash }
}

/**
 * Appends events to a stream inside the caller's transaction (with its projections and jobs).
 * expectedVersion is the version the stream had when the command read it (0: the stream must not exist).
 * Appends to different streams run side by side; two appends to the same version of one stream: the second
 * throws ConcurrencyError (checked first, and guaranteed by the unique (stream_id, stream_version)).
 */
/** What readStreamForAppend learnt: the stream's last hash and a position reserved for the next event. */
export interface StreamHead {
  lastHash: string | null
  reservedPositions: number[]
}

/** An event of a stream as a command folds it: its version, type and data (the rest of the row is the log's). */
export interface StreamEvent {
  streamVersion: number
  type: string
  data: Record<string, unknown>
}

/**
 * A command's first statement: takes the append barrier (shared), reads the stream and reserves the position of the
 * one event most commands record, in one round trip. The barrier is held to the commit, so appendToStream given
 * this head neither takes it nor reads the head again (the unique (stream, version) still catches a lost race).
 * A reserved position a refused command does not use is a gap in the log's positions, as a rolled-back append is.
 * Only what the fold reads comes back, and the hash of the last event only: the metadata, times and hashes of every
 * event were most of the bytes a command parsed, and garbage to collect, for nothing (docs/performance.md).
 */
export async function readStreamForAppend(trx: Transaction<Database>, streamId: string): Promise<{ events: StreamEvent[]; head: StreamHead }> {
  const { rows } = await trx.executeQuery(CompiledQuery.raw(STREAM_FOR_APPEND, [streamId]) as CompiledQuery<StreamForAppendRow>)
  const events: StreamEvent[] = rows.filter((row) => row.stream_version !== null).map((row) => ({ streamVersion: row.stream_version!, type: row.type, data: row.data }))
  return { events, head: { lastHash: rows.at(-1)!.last_hash, reservedPositions: [Number(rows[0].reserved)] } }
}

interface StreamForAppendRow {
  stream_version: number | null
  type: string
  data: Record<string, unknown>
  last_hash: string | null
  reserved: string
}

// The lock is in a subquery of its own with the nextval above it: PostgreSQL never flattens subqueries with volatile
// functions, so the barrier is held before the position is drawn. One text for every stream (decision 2800).
const STREAM_FOR_APPEND = `
    SELECT e.stream_version, e.type, e.data,
           CASE WHEN lead(e.stream_version) OVER (ORDER BY e.stream_version) IS NULL THEN e.hash END AS last_hash,
           head.reserved
    FROM (SELECT nextval('events_position_seq') AS reserved FROM (SELECT pg_advisory_xact_lock_shared(${APPEND_BARRIER})) barrier) head
    LEFT JOIN events e ON e.stream_id = $1 AND ${inChainText('e.position')}
    ORDER BY e.stream_version`

/**
 * readStreamForAppend of the stream a row names, that row read (and locked, when `row` says FOR UPDATE) in the same
 * statement (decision 3820): a command that knows its report by id finds the report's stream, the columns its facts
 * need and the report's lock in its first round trip, instead of a lookup before its transaction and a lock after the
 * stream read. `row` is a SELECT of at most one row, with a column `stream_id`, whose one parameter (if any) is
 * `key`; it is evaluated after the barrier is taken (a lateral subquery on the head), so the locks are taken in the
 * order every command takes them. Its columns come back as `row`, null when there is no such row (no stream, no events then).
 */
export async function readRowStreamForAppend<R extends { stream_id: string }>(
  trx: Transaction<Database>,
  row: string,
  key?: unknown,
): Promise<{ row: R | null; events: StreamEvent[]; head: StreamHead }> {
  let text = rowStreamTexts.get(row)
  if (text === undefined) rowStreamTexts.set(row, (text = rowStreamForAppend(row)))
  const { rows } = await trx.executeQuery(CompiledQuery.raw(text, key === undefined ? [] : [key]) as CompiledQuery<StreamForAppendRow & { named: R | null }>)
  const events: StreamEvent[] = rows.filter((r) => r.stream_version !== null).map((r) => ({ streamVersion: r.stream_version!, type: r.type, data: r.data }))
  const last = rows.at(-1)!
  return { row: last.named, events, head: { lastHash: last.last_hash, reservedPositions: [Number(rows[0].reserved)] } }
}

/** The text of each row lookup readRowStreamForAppend was given (a handful of call sites, each one constant text). */
const rowStreamTexts = new Map<string, string>()

// As STREAM_FOR_APPEND, the stream named by the row: the row's subquery refers to the head (OFFSET 0 keeps PostgreSQL
// from pulling it up into the join, where that reference would be a join condition and the order free), so it runs
// inside a nested loop after the head, once the barrier is held; its columns come back once, on the last line.
const rowStreamForAppend = (row: string) => `
    SELECT e.stream_version, e.type, e.data,
           CASE WHEN lead(e.stream_version) OVER w IS NULL THEN e.hash END AS last_hash,
           CASE WHEN lead(e.stream_version) OVER w IS NULL THEN to_jsonb(named) END AS named,
           head.reserved
    FROM (SELECT nextval('events_position_seq') AS reserved FROM (SELECT pg_advisory_xact_lock_shared(${APPEND_BARRIER})) barrier) head
    LEFT JOIN LATERAL (SELECT * FROM (${row}) found WHERE head.reserved IS NOT NULL OFFSET 0) named ON true
    LEFT JOIN events e ON e.stream_id = named.stream_id AND ${inChainText('e.position')}
    WINDOW w AS (ORDER BY e.stream_version)
    ORDER BY e.stream_version`

/** The insert of one event, the usual append, as one text (decision 2800); several events go through the builder. */
const INSERT_ONE_EVENT = `INSERT INTO events (position, stream_id, stream_version, type, data, metadata, created_at, prev_hash, hash, keyed)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true)`

export async function appendToStream(
  trx: Transaction<Database>,
  streamId: string,
  expectedVersion: number,
  events: readonly NewEvent[],
  metadata: EventMetadata,
  createdAt: Date,
  /** The head readStreamForAppend read in this transaction: saves the barrier and the head's round trip. */
  known?: StreamHead,
): Promise<StoredEvent[]> {
  if (events.length === 0) return []
  const key = auditKey()
  let positions: number[]
  let lastHash: string | null
  if (known) {
    lastHash = known.lastHash
    positions = known.reservedPositions.slice(0, events.length)
    const missing = events.length - positions.length
    if (missing > 0) {
      const more = await sql<{ p: string }>`SELECT nextval('events_position_seq') AS p FROM generate_series(1, ${missing}::int)`.execute(trx)
      positions.push(...more.rows.map((r) => Number(r.p)))
    }
  } else {
    // The barrier and the head in one statement: the lock's subquery is evaluated before the positions are drawn.
    const { rows } = await sql<{ version: number | null; hash: string | null; positions: string[] }>`
      SELECT last.stream_version AS version, last.hash,
             ARRAY(SELECT nextval('events_position_seq') FROM generate_series(1, ${events.length}::int)) AS positions
      FROM (SELECT pg_advisory_xact_lock_shared(${APPEND_BARRIER}) AS locked) barrier
      LEFT JOIN LATERAL (
        SELECT stream_version, hash FROM events WHERE stream_id = ${streamId} AND ${inChainSql()} ORDER BY stream_version DESC LIMIT 1
      ) last ON true`.execute(trx)
    const actualVersion = Number(rows[0].version ?? 0)
    if (actualVersion !== expectedVersion) throw new ConcurrencyError(streamId, expectedVersion, actualVersion)
    lastHash = rows[0].hash
    positions = rows[0].positions.map(Number)
  }

  let prevHash = lastHash ?? GENESIS_HASH
  const meta = JSON.parse(JSON.stringify(metadata)) as EventMetadata
  const stored: StoredEvent[] = []
  for (const [i, event] of events.entries()) {
    // Round-tripped through JSON so the hash covers exactly what jsonb will give back.
    const data = JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>
    const position = positions[i]
    const content = { position, streamId, streamVersion: expectedVersion + i + 1, type: event.type, data, metadata: meta, createdAt, prevHash }
    const hash = hmacEvent(key, content)
    stored.push({ ...content, hash })
    prevHash = hash
  }
  const [one] = stored
  const insert =
    stored.length === 1
      ? CompiledQuery.raw(INSERT_ONE_EVENT, [one.position, one.streamId, one.streamVersion, one.type, JSON.stringify(one.data), JSON.stringify(one.metadata), one.createdAt, one.prevHash, one.hash])
      : trx
          .insertInto('events')
          .values(
            stored.map((e) => ({
              position: e.position,
              stream_id: e.streamId,
              stream_version: e.streamVersion,
              type: e.type,
              data: JSON.stringify(e.data),
              metadata: JSON.stringify(e.metadata),
              created_at: e.createdAt,
              prev_hash: e.prevHash,
              hash: e.hash,
              keyed: true,
            })),
          )
          .compile()
  // Nothing the command does next needs the insert's answer: it goes out with the next statement (the projections',
  // or the COMMIT), one round trip less (decision 2770). Its failure is thrown by that statement or by the commit.
  await sendUnanswered(trx, insert, (error) =>
    // Another command appended the same version between our read and our insert, and committed first.
    (error as { constraint?: string }).constraint === 'events_stream_version_key' ? new ConcurrencyError(streamId, expectedVersion, expectedVersion + 1) : error,
  )
  noteAppended(trx, stored)
  return stored
}

/** The events of one stream, oldest first: those of the chain only (a row outside it is verify's to name). */
export async function readStream(db: Db, streamId: string): Promise<StoredEvent[]> {
  const rows = await db.selectFrom('events').selectAll().where('stream_id', '=', streamId).where(inChainSql()).orderBy('stream_version').execute()
  return rows.map(toStored)
}

/**
 * A page of the whole log after a position, in order. null: from its first row whatever its position, a row outside
 * the chain included (decision 2110: the reader sees every row; inChain says which belong).
 */
export async function readAll(db: Db, afterPosition: number | null, limit: number): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .$if(afterPosition !== null, (q) => q.where('position', '>', afterPosition!))
    .orderBy('position')
    .limit(limit)
    .execute()
  return rows.map(toStored)
}

/**
 * A page of the whole log after a position, in order, with the columns a fold reads only: the hashes (a third of a
 * row's bytes) are the chain check's, which reads them itself.
 */
async function readLogPage(db: Db, afterPosition: number | null, limit: number): Promise<LoggedEvent[]> {
  const rows = await db
    .selectFrom('events')
    .select(['position', 'stream_id', 'stream_version', 'type', 'data', 'metadata', 'created_at'])
    .$if(afterPosition !== null, (q) => q.where('position', '>', afterPosition!))
    .orderBy('position')
    .limit(limit)
    .execute()
  return rows.map(toLogged)
}

/**
 * Every row of the log in order (the columns a fold reads), from the first with no lower bound, fetched in pages so
 * the whole log is never held at once. The next page is asked before the current one is handed out (read-ahead):
 * the database finds and sends it while the reader works on this one. On one connection, so a reader in a
 * transaction keeps its one snapshot.
 */
export function readAllInPages(db: Db, pageSize = 2000): AsyncGenerator<LoggedEvent> {
  return pagesReadAhead((after) => readLogPage(db, after, pageSize), pageSize)
}

/** The events of the pages `readPage` answers, from the first, the next page asked before this one is handed out. */
async function* pagesReadAhead(readPage: (afterPosition: number | null) => Promise<LoggedEvent[]>, pageSize: number): AsyncGenerator<LoggedEvent> {
  let next: Promise<LoggedEvent[]> | null = readPage(null)
  try {
    while (next) {
      const page: LoggedEvent[] = await next
      next = page.length < pageSize ? null : readPage(page[page.length - 1].position)
      // A reader that stops early must not leave the page asked ahead failing unheard.
      next?.catch(() => {})
      for (const event of page) yield event
    }
  } finally {
    // Waits for the page asked ahead, so the connection is idle when the reader goes on with its transaction.
    await next?.catch(() => {})
  }
}

/**
 * The columns a fold reads, as readLogPage selects them, but the time as whole milliseconds since 1970: a number the
 * reader takes with Number(), not a text taken apart with regular expressions into a date. `floor` keeps what
 * node-postgres's parse of the text keeps of a time with microseconds (the milliseconds below it, for any time), so the
 * instants are the same (decision 2762). The milliseconds of any time the log can hold are an integer well inside a
 * float8's exact range.
 */
const LOG_COLUMNS = 'position, stream_id, stream_version, type, data, metadata, floor(extract(epoch FROM created_at) * 1000)::float8'

/** Runs `COPY … TO STDOUT` and answers its data in pieces (a connection of its own, decision 2810). */
export type CopyOut = (statement: string) => AsyncIterable<Buffer>

/**
 * Every row of the log in order (the columns a fold reads, the time as LOG_COLUMNS gives it), from the first with no
 * lower bound, in batches as the COPY stream brings them: one statement on one connection, so a reader in a
 * transaction reads the one snapshot, and the stream is read ahead while the reader works on a batch. The text is
 * taken apart by hand (log-copy-text.ts), not through node-postgres's rows (decision 2810).
 */
export async function* readLogByCopy(copyOut: CopyOut): AsyncGenerator<LoggedEvent[]> {
  const lines = createLogLineReader()
  for await (const piece of copyOut(`COPY (SELECT ${LOG_COLUMNS} FROM events ORDER BY position) TO STDOUT`)) {
    const events = lines.push(piece)
    if (events.length) yield events
  }
  lines.end()
}

export { breakLine, type ChainBreak, type ChainCheck, firstSuspectPosition, type OutsideRow, outsideLine, verifyHashChain, verifyHashChainUpTo } from './chain-verification.server.ts'
export { inChain, inChainSql } from './positions.ts'
