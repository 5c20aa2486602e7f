// The event store on PostgreSQL: append to a stream with an expected version, read a stream, read the log in order.
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely'
import type { Database, EventsTable } from '@portal/migrations/database.ts'
import { GENESIS_HASH, hashEvent } from './event-hash.ts'

/** Who caused an event: recorded with every event for the audit. */
export interface EventMetadata {
  userId: number | null
  username: string
  /** The user's group (Департамент, Недропользователь…), or 'system' for workers and the demo data. */
  role: string
  requestId: string | null
  clientAddress: string | null
}

export interface NewEvent<T extends string = string, D extends object = object> {
  type: T
  data: D
}

export interface StoredEvent<T extends string = string, D = Record<string, unknown>> {
  position: number
  streamId: string
  streamVersion: number
  type: T
  data: D
  metadata: EventMetadata
  createdAt: Date
  prevHash: string
  hash: string
}

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

// One lock for every append: positions are gapless, follow commit order, and each event knows its predecessor.
const APPEND_LOCK = 7_301_001

/**
 * Takes the append lock for the rest of the transaction (re-entrant). A command that locks read-model rows before
 * appending takes it first, so every transaction takes the locks in the same order and none can deadlock.
 */
export async function acquireAppendLock(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${APPEND_LOCK})`.execute(trx)
}

type Db = Kysely<Database> | Transaction<Database>

function toStored(row: Selectable<EventsTable>): StoredEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata as unknown as EventMetadata,
    createdAt: row.created_at,
    prevHash: row.prev_hash,
    hash: row.hash,
  }
}

/**
 * Appends events to a stream inside the caller's transaction (with its projections and jobs).
 * expectedVersion is the version the stream had when the command read it (0: the stream must not exist).
 */
export async function appendToStream(
  trx: Transaction<Database>,
  streamId: string,
  expectedVersion: number,
  events: readonly NewEvent[],
  metadata: EventMetadata,
  createdAt: Date,
): Promise<StoredEvent[]> {
  if (events.length === 0) return []
  await acquireAppendLock(trx)
  const current = await trx
    .selectFrom('events')
    .select((eb) => eb.fn.max('stream_version').as('version'))
    .where('stream_id', '=', streamId)
    .executeTakeFirst()
  const actualVersion = Number(current?.version ?? 0)
  if (actualVersion !== expectedVersion) throw new ConcurrencyError(streamId, expectedVersion, actualVersion)

  const last = await trx.selectFrom('events').select(['position', 'hash']).orderBy('position', 'desc').limit(1).executeTakeFirst()
  let position = Number(last?.position ?? 0)
  let prevHash = last?.hash ?? GENESIS_HASH
  const stored: StoredEvent[] = []
  for (const [i, event] of events.entries()) {
    position += 1
    // Round-tripped through JSON so the hash covers exactly what jsonb will give back.
    const data = JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>
    const meta = JSON.parse(JSON.stringify(metadata)) as EventMetadata
    const content = { position, streamId, streamVersion: expectedVersion + i + 1, type: event.type, data, metadata: meta, createdAt, prevHash }
    const hash = hashEvent(content)
    stored.push({ ...content, hash })
    prevHash = hash
  }
  await trx
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
      })),
    )
    .execute()
  return stored
}

/** The events of one stream, oldest first. */
export async function readStream(db: Db, streamId: string): Promise<StoredEvent[]> {
  const rows = await db.selectFrom('events').selectAll().where('stream_id', '=', streamId).orderBy('stream_version').execute()
  return rows.map(toStored)
}

/** A page of the whole log after a position, in order (position 0: from the start). */
export async function readAll(db: Db, afterPosition: number, limit: number): Promise<StoredEvent[]> {
  const rows = await db.selectFrom('events').selectAll().where('position', '>', afterPosition).orderBy('position').limit(limit).execute()
  return rows.map(toStored)
}

/** Every event of the log in order, fetched in pages so the whole log is never held at once. */
export async function* readAllInPages(db: Db, pageSize = 2000): AsyncGenerator<StoredEvent> {
  let after = 0
  for (;;) {
    const page = await readAll(db, after, pageSize)
    for (const event of page) yield event
    if (page.length < pageSize) return
    after = page[page.length - 1].position
  }
}

export interface ChainCheck {
  events: number
  /** The first event whose hash or back-link does not match, if any. */
  broken: { position: number; reason: string } | null
}

/** Recomputes every hash and back-link of the log: proves no event was altered, removed or inserted. */
export async function verifyHashChain(db: Db): Promise<ChainCheck> {
  let prevHash = GENESIS_HASH
  let expectedPosition = 1
  let events = 0
  for await (const event of readAllInPages(db)) {
    events += 1
    if (event.position !== expectedPosition) return { events, broken: { position: event.position, reason: `position ${expectedPosition} is missing` } }
    if (event.prevHash !== prevHash) return { events, broken: { position: event.position, reason: 'prev_hash does not match the hash of the event before' } }
    if (hashEvent(event) !== event.hash) return { events, broken: { position: event.position, reason: 'the content does not match its hash' } }
    prevHash = event.hash
    expectedPosition += 1
  }
  return { events, broken: null }
}
