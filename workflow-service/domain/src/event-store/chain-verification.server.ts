// Verifies the event log against its keyed hashes: every stream's chain, and every checkpoint's seal over its range.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { auditKey } from './audit-key.server.ts'
import { chainHeadFile, ChainHeadError, flushChainHead, databaseIdentity, headMissing, headOf, otherDatabases, readChainHeads } from './chain-head.server.ts'
import { GENESIS_HASH, hashEvent, hmacCheckpoint, hmacEvent, rangeDigest } from './event-hash.ts'
import { inChain } from './positions.ts'

/** A row of `events` at a position the database never issues (decision 2110): no event of the chain. */
export interface OutsideRow {
  position: number
  streamId: string
  type: string
}

/** How verify names a row outside the chain (docs/workflow.md quotes it; the tests read it). */
export const outsideLine = (row: OutsideRow) => `вне цепочки: position ${row.position}, stream ${row.streamId}, type ${row.type}`

/** One place where the log does not match its hashes: an event (by position, stream and type) or a checkpoint. */
export interface ChainBreak {
  position: number
  streamId?: string
  type?: string
  reason: string
}

/** How verify names a break (docs/workflow.md quotes it; the tests read it). */
export const breakLine = (b: ChainBreak) =>
  `position ${b.position}${b.streamId ? `, stream ${b.streamId}` : ''}${b.type ? `, type ${b.type}` : ''}: ${b.reason}`

/** Past this many, verify stops naming breaks one by one (the count still says how many there were). */
export const BREAKS_NAMED = 1000

export interface ChainCheck {
  events: number
  checkpoints: number
  /** Events after the last checkpoint: their streams' chains are checked, their removal at a stream's end is not. */
  unanchored: number
  /** The first event (or checkpoint end) that does not match, if any; a row outside the chain comes first. */
  broken: { position: number; reason: string } | null
  /**
   * Every break found, in the order the log was read (checkpoints first, then events by position), the first
   * BREAKS_NAMED of them: verify goes on past a break, so a second forgery is named as well as the first.
   */
  breaks: ChainBreak[]
  /** How many breaks there were in all (more than `breaks` holds when past BREAKS_NAMED). */
  breakCount: number
  /** Every row at a position the database never issues (at or below zero), in position order: each breaks the log. */
  outside: OutsideRow[]
  /**
   * The log compared with the head kept beside the audit key: 'compared'; 'no file' (none yet, or removed: the
   * newest events could then have been removed unseen); 'other database' (the file holds heads of other databases
   * only: this data folder's portal never wrote to this one); 'not kept' (this process was given no data folder).
   */
  head?: 'compared' | 'no file' | 'other database' | 'not kept'
  /** With 'other database': the identities (event log id / database name) the file holds heads of. */
  headDatabases?: string[]
}

type Db = Kysely<Database> | Transaction<Database>

/**
 * Proves that no event was edited, removed, inserted or reordered: recomputes every event's HMAC and its link to
 * the event before it in its stream, and every checkpoint's seal over the positions and hashes of its range.
 * Run it in one snapshot (a repeatable-read transaction) when the portal is writing meanwhile.
 */
export async function verifyHashChain(db: Db, key: Buffer = auditKey(), headFile: string | null = chainHeadFile()): Promise<ChainCheck> {
  // This process's own committed commands are compared too, not only those its last write of the head carried.
  flushChainHead()
  const check = await verifyLog(db, key)
  if (!headFile) return { ...check, head: 'not kept' }
  // What the log cannot show of itself: its newest events or checkpoints removed (the head beside the key). Compared
  // on a broken log too: a removal at the end is one more break to name, and the line must say what was compared.
  try {
    const heads = readChainHeads(headFile, key)
    if (!heads) return { ...check, head: 'no file' }
    const database = await databaseIdentity(db)
    const own = headOf(heads, database)
    // Another database's head says nothing about this log: comparing would call a sound log broken.
    if (!own) return { ...check, head: 'other database', headDatabases: otherDatabases(heads, database) }
    return { ...withBreak(check, await headMissing(db, own.head)), head: 'compared' }
  } catch (error) {
    if (error instanceof ChainHeadError) return { ...withBreak(check, { position: 0, reason: error.message }), head: 'compared' }
    throw error
  }
}

/**
 * The first position a fold may not reach on a broken log: the first event whose own hashes do not hold (forged,
 * edited, unkeyed or out of order). A checkpoint or the head beside the key that does not match says events were
 * removed or added around them; the events still there carry their own keyed hashes, so they do not move it. Null
 * when no event is broken (rows outside the chain are never folded, so they do not move it either).
 */
export function firstSuspectPosition(check: ChainCheck): number | null {
  const positions = check.breaks.filter((b) => b.streamId !== undefined).map((b) => b.position)
  return positions.length ? Math.min(...positions) : null
}

/** The check with one more break (found after the log was read: the head beside the key). */
function withBreak(check: ChainCheck, found: { position: number; reason: string } | null): ChainCheck {
  if (!found) return check
  return { ...check, broken: check.broken ?? found, breaks: [...check.breaks, found].slice(0, BREAKS_NAMED), breakCount: check.breakCount + 1 }
}

/**
 * The chain as it stood up to a position (the last event recorded by a moment): every event up to it, and the seals
 * over them. A seal that covers the position also covers events after it; they are read too, since a seal is only
 * checked whole. Events after that are not read, and the head beside the key (today's newest events) is not compared.
 */
export async function verifyHashChainUpTo(db: Db, position: number, key: Buffer = auditKey()): Promise<ChainCheck & { checkedTo: number }> {
  const sealed = await db
    .selectFrom('event_checkpoints')
    .select((eb) => eb.fn.max('to_position').as('end'))
    .where('from_position', '<', position)
    .executeTakeFirst()
  const checkedTo = Math.max(position, Number(sealed?.end ?? 0))
  return { ...(await verifyLog(db, key, checkedTo)), checkedTo }
}

/** `upTo`: the last position read (every checkpoint that starts before it ends at or before it); null: the whole log. */
async function verifyLog(db: Db, key: Buffer, upTo: number | null = null): Promise<ChainCheck> {
  const checkpoints = await db
    .selectFrom('event_checkpoints')
    .selectAll()
    .$if(upTo !== null, (q) => q.where('from_position', '<', upTo!))
    .orderBy('from_position')
    .execute()
  // Rows outside the chain sort first: reported before anything found after them.
  const outside: OutsideRow[] = []
  const breaks: ChainBreak[] = []
  let breakCount = 0
  const found = (b: ChainBreak) => {
    breakCount += 1
    if (breaks.length < BREAKS_NAMED) breaks.push(b)
  }
  const result = (events: number, unanchored = 0): ChainCheck => ({
    events,
    checkpoints: checkpoints.length,
    unanchored,
    broken: outside.length > 0 ? { position: outside[0].position, reason: outsideReason(outside) } : breaks[0] ? { position: breaks[0].position, reason: breaks[0].reason } : null,
    breaks,
    breakCount,
    outside,
  })

  // Each checkpoint against the one before it and its seal; past a break the next is compared with this one as it
  // stands, so one removed or forged checkpoint is one break, not all that follow.
  let prevMac = GENESIS_HASH
  let prevTo = 0
  for (const cp of checkpoints) {
    const content = {
      fromPosition: Number(cp.from_position),
      toPosition: Number(cp.to_position),
      events: cp.events,
      digest: cp.digest,
      prevMac: cp.prev_mac,
      createdAt: cp.created_at,
    }
    if (content.fromPosition !== prevTo || content.prevMac !== prevMac) {
      found({ position: content.fromPosition, type: 'checkpoint', reason: `checkpoint ${cp.id} does not follow the checkpoint before it (one was removed or inserted)` })
    }
    if (hmacCheckpoint(key, content) !== cp.mac) found({ position: content.toPosition, type: 'checkpoint', reason: `checkpoint ${cp.id} does not match its keyed seal` })
    prevMac = cp.mac
    prevTo = content.toPosition
  }

  const streams = new Map<string, { version: number; hash: string }>()
  let events = 0
  let unanchored = 0
  let legacyPrev = GENESIS_HASH
  let legacyPosition = 0
  let keyedSeen = false
  let cpIndex = 0
  let range = rangeDigest()
  let rangeEvents = 0
  const closeCheckpoint = () => {
    const cp = checkpoints[cpIndex]
    const ok = rangeEvents === cp.events && range.digest() === cp.digest
    cpIndex += 1
    range = rangeDigest()
    rangeEvents = 0
    if (!ok) found({ position: Number(cp.to_position), type: 'checkpoint', reason: `the events of positions ${cp.from_position}–${cp.to_position} do not match checkpoint ${cp.id}: an event was removed, added or moved` })
  }

  // Every row, with no lower bound: a row the chain cannot hold is read and named, not skipped. A break does not stop
  // the reading: the stream goes on from the row as it stands, so each later forgery is named too.
  let after: number | null = null
  for (;;) {
    const from: number | null = after
    const page = await db
      .selectFrom('events')
      .selectAll()
      .$if(from !== null, (q) => q.where('position', '>', from!))
      .$if(upTo !== null, (q) => q.where('position', '<=', upTo!))
      .orderBy('position')
      .limit(5000)
      .execute()
    for (const row of page) {
      const position = Number(row.position)
      events += 1
      while (cpIndex < checkpoints.length && position > Number(checkpoints[cpIndex].to_position)) closeCheckpoint()
      if (cpIndex < checkpoints.length) {
        range.add(position, row.hash)
        rangeEvents += 1
      } else {
        unanchored += 1
      }
      if (!inChain(position)) {
        outside.push({ position, streamId: row.stream_id, type: row.type })
        continue
      }
      const at = (reason: string) => found({ position, streamId: row.stream_id, type: row.type, reason })

      const event = {
        position,
        streamId: row.stream_id,
        streamVersion: row.stream_version,
        type: row.type,
        data: row.data,
        metadata: row.metadata,
        createdAt: row.created_at,
        prevHash: row.prev_hash,
      }
      const stream = streams.get(row.stream_id) ?? { version: 0, hash: GENESIS_HASH }
      streams.set(row.stream_id, { version: row.stream_version, hash: row.hash })
      if (row.stream_version !== stream.version + 1) {
        at(`stream ${row.stream_id}: version ${row.stream_version} follows version ${stream.version} (an event is missing or out of order)`)
        continue
      }
      if (row.keyed) {
        keyedSeen = true
        if (row.prev_hash !== stream.hash) at('prev_hash does not match the hash of the event before it in its stream')
        else if (hmacEvent(key, event) !== row.hash) at('the content does not match its keyed hash')
      } else if (keyedSeen) {
        // Written before the keyed chain: one gapless global chain, all of it before the first keyed event.
        at('an unkeyed event after keyed ones')
      } else if (cpIndex >= checkpoints.length) {
        // Only a checkpoint ties them to the key: the portal writes the first one when it starts.
        at('an unkeyed event that no checkpoint seals (start the portal once to seal events written before the keyed chain)')
      } else {
        if (position !== legacyPosition + 1) at(`position ${legacyPosition + 1} is missing`)
        else if (row.prev_hash !== legacyPrev) at('prev_hash does not match the hash of the event before')
        else if (hashEvent(event) !== row.hash) at('the content does not match its hash')
        legacyPrev = row.hash
        legacyPosition = position
      }
    }
    if (page.length < 5000) break
    after = Number(page[page.length - 1].position)
  }
  while (cpIndex < checkpoints.length) closeCheckpoint()
  return result(events, unanchored)
}

function outsideReason(outside: OutsideRow[]): string {
  const more = outside.length > 1 ? ` (and ${outside.length - 1} more rows outside the chain)` : ''
  return `${outsideLine(outside[0])}: the database issues positions from 1 upward, so no event of the chain stands there${more}`
}
