// The head of the event log, kept beside the audit key and outside the database: the newest checkpoint this data
// folder saw, and the newest event of every stream appended since it. The log alone cannot show its own newest
// events removed (nothing after them links to them) or its newest checkpoint removed with the events it sealed;
// compared with this file, `replay --verify` can. The file is sealed with the audit key (HMAC), written 0600, and
// only moves forward; it is written after a command commits, so it never names an event that is not in the log.
// Commands' heads are gathered and written together a moment later (decision 2315): the command does not wait for
// the file, and a crash before the write leaves the head behind the log (less is checked), never ahead of it.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import path from 'node:path'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { auditKey } from './audit-key.server.ts'
import { canonicalJson } from './event-hash.ts'

export const CHAIN_HEAD_FILE = 'audit.head'

export interface ChainHead {
  checkpoint: { toPosition: number; mac: string } | null
  /** Per stream: its newest event appended after `checkpoint` (the ones at or before it are sealed by it). */
  streams: Record<string, { version: number; position: number; hash: string }>
}

/**
 * The file holds one head per database (decision 1220): the key is the database's identity, so a data folder used
 * with two databases (a test copy, a move to a server) never mixes their streams, and verify compares a database
 * only with its own head. A head written before identities were kept sits under LEGACY until a writer adopts it.
 */
export type ChainHeads = Record<string, ChainHead>
const LEGACY = 'written before the head recorded its database'

let headFile: string | null = null
let headDatabase: string | null = null

/**
 * Records the head in DATA_DIR/audit.head from now on, under the identity of the database this process writes to
 * (the portal, its web processes and worker nodes call it once their database is migrated). Without an identity
 * (replay, which appends nothing) the file is only read.
 */
export function useChainHead(dataDir: string | null, database: string | null = null): void {
  // What was gathered for the earlier file and database goes there, never into the new one.
  flushChainHead()
  headFile = dataDir ? path.join(dataDir, CHAIN_HEAD_FILE) : null
  headDatabase = database
  // A process that ends on its own (exit, a signal's handler calling process.exit) writes what it gathered first.
  if (headFile && !flushOnExit) {
    flushOnExit = true
    process.once('exit', flushChainHead)
  }
}
let flushOnExit = false

/** The file this process records the head in, or null when it records none (tests, benchmarks, seeds). */
export function chainHeadFile(): string | null {
  return headFile
}

/**
 * Which database a head belongs to: the random id the migration made with the database (any role may read it)
 * and the database's name, so copies made from one template (same id, other names) are told apart too.
 * PostgreSQL's system identifier would tell servers apart better, but the portal's role may not read it.
 */
export async function databaseIdentity(db: Kysely<Database> | Transaction<Database>): Promise<string> {
  const { rows } = await sql<{ id: string; name: string }>`SELECT id::text AS id, current_database() AS name FROM event_log_identity`.execute(db)
  if (rows.length !== 1) throw new ChainHeadError('the database has no event log identity (event_log_identity): apply the migrations')
  return `${rows[0].id}/${rows[0].name}`
}

const sealOf = (key: Buffer, content: unknown) => createHmac('sha256', key).update(`head\n${canonicalJson(content)}`).digest('hex')

export class ChainHeadError extends Error {}

/**
 * The recorded heads by database, or null when there is no file; a file whose seal does not match throws
 * ChainHeadError. A file of the earlier format (one head, no database) reads as the LEGACY entry.
 */
export function readChainHeads(file: string, key: Buffer = auditKey()): ChainHeads | null {
  if (!existsSync(file)) return null
  let parsed: { heads?: ChainHeads; head?: ChainHead; mac?: string }
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as typeof parsed
  } catch {
    throw new ChainHeadError(`${file} is not the head the portal wrote (unreadable)`)
  }
  const sealed = parsed.heads ?? parsed.head
  const expected = sealed ? Buffer.from(sealOf(key, sealed), 'hex') : Buffer.alloc(0)
  const given = Buffer.from(String(parsed.mac ?? ''), 'hex')
  if (!sealed || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ChainHeadError(`${file} does not match its keyed seal: it was edited`)
  }
  return parsed.heads ?? { [LEGACY]: parsed.head! }
}

/** What the file holds for a database: its own head, the one written before databases were recorded, or none. */
export function headOf(heads: ChainHeads, database: string): { head: ChainHead; legacy: boolean } | null {
  if (heads[database]) return { head: heads[database], legacy: false }
  if (heads[LEGACY]) return { head: heads[LEGACY], legacy: true }
  return null
}

/** The databases other than this one whose heads the file holds (for a verify that could not compare). */
export const otherDatabases = (heads: ChainHeads, database: string) => Object.keys(heads).filter((d) => d !== database && d !== LEGACY)

function write(file: string, heads: ChainHeads, key: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  const fd = openSync(temporary, 'w', 0o600)
  try {
    writeSync(fd, JSON.stringify({ heads, mac: sealOf(key, heads) }))
    // On the disk before the rename: after a power cut the head is the old one or the new one, never an empty file
    // that verify would have to call unreadable. Affordable because a write carries a batch of commands.
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  chmodSync(temporary, 0o600)
  // A rename replaces the file at once: a reader never sees half of it.
  renameSync(temporary, file)
}

/**
 * Moves this database's head forward by a change. Several processes may write it (web processes, workers): the read
 * and the write are close together but not atomic across processes, so an update can be lost to a concurrent one. A
 * lost update leaves the head behind the log (less is checked), never ahead of it (no false alarm).
 */
function update(change: (head: ChainHead) => boolean): void {
  const file = headFile
  const database = headDatabase
  if (!file || !database) return
  const key = auditKey()
  let heads: ChainHeads
  try {
    heads = readChainHeads(file, key) ?? {}
  } catch {
    // An edited head is evidence for the verifier: leave it as it is.
    return
  }
  // A head of the earlier format was written by this data folder's portal: it becomes this database's.
  const own = headOf(heads, database)
  const head = own?.head ?? { checkpoint: null, streams: {} }
  if (!change(head) && !own?.legacy) return
  delete heads[LEGACY]
  heads[database] = head
  write(file, heads, key)
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

/** How long committed appends are gathered before one write of the head carries them all. */
export const HEAD_WRITE_DELAY_MS = 100

let gathered: Appended[] = []
let writeTimer: NodeJS.Timeout | null = null

/**
 * After a transaction committed: each stream's newest event it appended, gathered for the next write of the head
 * (within HEAD_WRITE_DELAY_MS, or at flushChainHead). Never throws (the commit stands).
 */
export function recordCommitted(events: readonly Appended[]): void {
  if (!headFile || events.length === 0) return
  gathered.push(...events)
  if (writeTimer) return
  writeTimer = setTimeout(flushChainHead, HEAD_WRITE_DELAY_MS)
  // A gathered head never keeps a process alive: its exit writes it (useChainHead).
  writeTimer.unref()
}

/** Writes what recordCommitted gathered, now: at exit, before a checkpoint, and before this process verifies. */
export function flushChainHead(): void {
  if (writeTimer) clearTimeout(writeTimer)
  writeTimer = null
  const events = gathered
  gathered = []
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
  // The appends gathered so far go first; those the checkpoint seals are then dropped with the rest.
  flushChainHead()
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
