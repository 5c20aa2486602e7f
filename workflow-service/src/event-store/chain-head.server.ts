// The head of the event log, kept beside the audit key and outside the database: the newest checkpoint this data
// folder saw, and the newest event of every stream appended since it. The log alone cannot show its own newest
// events removed (nothing after them links to them) or its newest checkpoint removed with the events it sealed;
// compared with this file, `replay --verify` can. The file is sealed with the audit key (HMAC), written 0600, and
// only moves forward; it is written after a command commits, so it never names an event that is not in the log.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { auditKey } from './audit-key.server.ts'
import { canonicalJson } from './event-hash.ts'

export const CHAIN_HEAD_FILE = 'audit.head'

export interface ChainHead {
  checkpoint: { toPosition: number; mac: string } | null
  /** Per stream: its newest event appended after `checkpoint` (the ones at or before it are sealed by it). */
  streams: Record<string, { version: number; position: number; hash: string }>
}

let headFile: string | null = null

/** Records the head in DATA_DIR/audit.head from now on (the portal, its web processes and worker nodes call it). */
export function useChainHead(dataDir: string | null): void {
  headFile = dataDir ? path.join(dataDir, CHAIN_HEAD_FILE) : null
}

/** The file this process records the head in, or null when it records none (tests, benchmarks, seeds). */
export function chainHeadFile(): string | null {
  return headFile
}

const sealOf = (key: Buffer, head: ChainHead) => createHmac('sha256', key).update(`head\n${canonicalJson(head)}`).digest('hex')

export class ChainHeadError extends Error {}

/** The recorded head, or null when there is no file; a file whose seal does not match throws ChainHeadError. */
export function readChainHead(file: string, key: Buffer = auditKey()): ChainHead | null {
  if (!existsSync(file)) return null
  let parsed: { head?: ChainHead; mac?: string }
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as { head?: ChainHead; mac?: string }
  } catch {
    throw new ChainHeadError(`${file} is not the head the portal wrote (unreadable)`)
  }
  const expected = parsed.head ? Buffer.from(sealOf(key, parsed.head), 'hex') : Buffer.alloc(0)
  const given = Buffer.from(String(parsed.mac ?? ''), 'hex')
  if (!parsed.head || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ChainHeadError(`${file} does not match its keyed seal: it was edited`)
  }
  return parsed.head
}

function write(file: string, head: ChainHead, key: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify({ head, mac: sealOf(key, head) }), { mode: 0o600 })
  chmodSync(temporary, 0o600)
  // A rename replaces the file at once: a reader never sees half of it.
  renameSync(temporary, file)
}

/**
 * Moves the head forward by a change. Several processes may write it (web processes, workers): the read and the
 * write are close together but not atomic across processes, so an update can be lost to a concurrent one. A lost
 * update leaves the head behind the log (less is checked), never ahead of it (no false alarm).
 */
function update(change: (head: ChainHead) => boolean): void {
  const file = headFile
  if (!file) return
  const key = auditKey()
  let head: ChainHead
  try {
    head = readChainHead(file, key) ?? { checkpoint: null, streams: {} }
  } catch {
    // An edited head is evidence for the verifier: leave it as it is.
    return
  }
  if (change(head)) write(file, head, key)
}

type Appended = { streamId: string; streamVersion: number; position: number; hash: string }

const appendsOf = new WeakMap<object, Appended[]>()

/** Collects the events appended in this transaction, to record them once it has committed (see recordCommitted). */
export function trackAppends(trx: object): Appended[] {
  const list: Appended[] = []
  appendsOf.set(trx, list)
  return list
}

/** Called by every append: remembered for its transaction, if the transaction is tracked. */
export function noteAppended(trx: object, events: readonly Appended[]): void {
  appendsOf.get(trx)?.push(...events)
}

/** After a transaction committed: each stream's newest event it appended. Never throws (the commit stands). */
export function recordCommitted(events: readonly Appended[]): void {
  if (!headFile || events.length === 0) return
  try {
    update((head) => {
      let changed = false
      for (const event of events) {
        const known = head.streams[event.streamId]
        if (known && known.version >= event.streamVersion) continue
        if (head.checkpoint && event.position <= head.checkpoint.toPosition) continue
        head.streams[event.streamId] = { version: event.streamVersion, position: event.position, hash: event.hash }
        changed = true
      }
      return changed
    })
  } catch {
    // The head is evidence kept on the side: a full disk must not undo a committed command (verify checks less).
  }
}

/** After a checkpoint was written: it becomes the head's, and the streams' entries it seals are dropped. */
export function recordCheckpoint(checkpoint: { toPosition: number; mac: string }): void {
  update((head) => {
    if (head.checkpoint && head.checkpoint.toPosition >= checkpoint.toPosition) return false
    head.checkpoint = { toPosition: checkpoint.toPosition, mac: checkpoint.mac }
    for (const [stream, entry] of Object.entries(head.streams)) if (entry.position <= checkpoint.toPosition) delete head.streams[stream]
    return true
  })
}

type Db = Kysely<Database> | Transaction<Database>

/** Compares the log with a recorded head: the reason it does not reach the head, or null when it does. */
export async function headMissing(db: Db, head: ChainHead): Promise<{ position: number; reason: string } | null> {
  if (head.checkpoint) {
    const found = await db.selectFrom('event_checkpoints').select('mac').where('to_position', '=', head.checkpoint.toPosition).executeTakeFirst()
    if (!found || found.mac !== head.checkpoint.mac) {
      return { position: head.checkpoint.toPosition, reason: `the checkpoint up to position ${head.checkpoint.toPosition} named by ${CHAIN_HEAD_FILE} is missing: the newest checkpoints (and the events they sealed) were removed` }
    }
  }
  for (const [stream, entry] of Object.entries(head.streams)) {
    const found = await db.selectFrom('events').select(['hash', 'position']).where('stream_id', '=', stream).where('stream_version', '=', entry.version).executeTakeFirst()
    if (!found || found.hash !== entry.hash || Number(found.position) !== entry.position) {
      return { position: entry.position, reason: `stream ${stream}: its event ${entry.version} named by ${CHAIN_HEAD_FILE} is missing: the stream's newest events were removed` }
    }
  }
  return null
}
