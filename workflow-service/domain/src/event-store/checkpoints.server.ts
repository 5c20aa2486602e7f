// Global checkpoints of the event log: a keyed seal over every event of a range of positions, chained to the
// checkpoint before it. Per-stream chains cannot show a stream's last events removed, or a whole stream; these can.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { auditKey } from './audit-key.server.ts'
import { recordCheckpoint } from './chain-head.server.ts'
import { GENESIS_HASH, hmacCheckpoint, rangeDigest } from './event-hash.ts'
import { APPEND_BARRIER } from './event-store.server.ts'

/**
 * A read of the database exactly as it stood at the seal: every event up to the checkpoint's last position committed,
 * none after it. What the transparency statement says of the published readings is read so (decision 3710).
 */
export type AtSeal<T> = (snapshot: Transaction<Database>, toPosition: number) => Promise<T>

/**
 * Runs `read` in a second transaction that imports the snapshot of `holder` (which holds the append barrier), so the
 * read sees what the holder saw while the holder may commit as soon as `taken` resolves and long reads block no append.
 */
function readAtSnapshot<T>(db: Kysely<Database>, holder: Transaction<Database>, read: (snapshot: Transaction<Database>) => Promise<T>) {
  let markTaken!: () => void
  const taken = new Promise<void>((resolve) => (markTaken = resolve))
  const result = (async () => {
    const { rows } = await sql<{ snapshot: string }>`SELECT pg_export_snapshot() AS snapshot`.execute(holder)
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (snapshot) => {
        await sql`SET TRANSACTION SNAPSHOT ${sql.lit(rows[0].snapshot)}`.execute(snapshot)
        markTaken()
        return read(snapshot)
      })
  })()
  // A failed import must not keep the holder (and every append) waiting.
  result.catch(() => markTaken())
  return { taken, result }
}

export interface Checkpoint {
  fromPosition: number
  toPosition: number
  events: number
}

/**
 * Seals the events appended since the last checkpoint. Holding the append barrier exclusively for one statement
 * waits for the appends in flight to commit, so no position at or below the maximum read can appear later.
 * Returns null when there is nothing new, or another process sealed the same range first.
 */
export async function writeCheckpoint<T = never>(db: Kysely<Database>, now = new Date(), atSeal?: AtSeal<T>): Promise<(Checkpoint & { seal?: T }) | null> {
  let seal: Promise<T> | undefined
  const { upTo, last } = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${APPEND_BARRIER})`.execute(trx)
    const { rows } = await sql<{ max: number | null }>`SELECT max(position) AS max FROM events`.execute(trx)
    const upTo = Number(rows[0].max ?? 0)
    const last = await trx.selectFrom('event_checkpoints').select(['to_position', 'mac']).orderBy('to_position', 'desc').limit(1).executeTakeFirst()
    if (atSeal && upTo > Number(last?.to_position ?? 0)) {
      const reader = readAtSnapshot(db, trx, (snapshot) => atSeal(snapshot, upTo))
      seal = reader.result
      // The barrier is held until the reader has taken the snapshot over: no append commits between the two.
      await reader.taken
    }
    return { upTo, last }
  })
  const sealed = seal === undefined ? undefined : await seal
  const fromPosition = Number(last?.to_position ?? 0)
  if (upTo <= fromPosition) return null

  const digest = rangeDigest()
  let events = 0
  // The first range has no lower bound: it seals every row up to upTo, one outside the chain included (verify
  // names that one apart; its removal then breaks this seal too). Its recorded start stays 0.
  let after: number | null = last ? fromPosition : null
  for (;;) {
    const from: number | null = after
    const page = await db
      .selectFrom('events')
      .select(['position', 'hash'])
      .$if(from !== null, (q) => q.where('position', '>', from!))
      .where('position', '<=', upTo)
      .orderBy('position')
      .limit(5000)
      .execute()
    for (const row of page) digest.add(Number(row.position), row.hash)
    events += page.length
    if (page.length < 5000) break
    after = Number(page[page.length - 1].position)
  }
  const content = { fromPosition, toPosition: upTo, events, digest: digest.digest(), prevMac: last?.mac ?? GENESIS_HASH, createdAt: now }
  const mac = hmacCheckpoint(auditKey(), content)
  try {
    await db
      .insertInto('event_checkpoints')
      .values({
        from_position: content.fromPosition,
        to_position: content.toPosition,
        events: content.events,
        digest: content.digest,
        prev_mac: content.prevMac,
        mac,
        created_at: now,
      })
      .execute()
  } catch (error) {
    if ((error as { constraint?: string }).constraint === 'event_checkpoints_from_key') return null
    throw error
  }
  // Beside the audit key: removing this checkpoint (with the events it seals) is then seen by replay --verify.
  recordCheckpoint({ toPosition: upTo, mac })
  return { fromPosition, toPosition: upTo, events, ...(sealed === undefined ? {} : { seal: sealed }) }
}

/**
 * Writes a checkpoint now and then every intervalMs until stopped (several processes may run it: one wins each range).
 * `seal` is what writes one: the checkpoint alone by default, the portal's signed seal (transparency/) when given.
 */
export function startCheckpoints(db: Kysely<Database>, options: { intervalMs?: number; onError?: (error: unknown) => void; seal?: (db: Kysely<Database>) => Promise<unknown> } = {}) {
  const onError = options.onError ?? (() => {})
  const seal = options.seal ?? ((d: Kysely<Database>) => writeCheckpoint(d))
  let running: Promise<unknown> = seal(db).catch(onError)
  const timer = setInterval(() => {
    running = running.then(() => seal(db)).catch(onError)
  }, options.intervalMs ?? 60_000)
  timer.unref()
  return {
    /** Stops the timer and seals what was appended up to now. */
    async stop() {
      clearInterval(timer)
      await running
      await seal(db).catch(onError)
    },
  }
}
