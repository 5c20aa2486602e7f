// Seals the log and signs the seal (decision 3710): a checkpoint, then its statement — the checkpoint's range, digest
// and keyed seal, the statement before it, and what the tables of published readings held at that moment — signed with
// the portal's Ed25519 key and kept in `signed_checkpoints`, which the portal's role may only add to.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { PUBLISHED_TABLES, rowDigest } from '../catalogue/published-rows.server.ts'
import { writeCheckpoint } from '../event-store/checkpoints.server.ts'
import { NO_QUEUE } from '../ports/job-queue.ts'
import type { Decider } from '../workflow/decider.ts'
import { systemMetadata } from '../workflow/command-context.server.ts'
import { handleCommand } from '../workflow/handle-command.server.ts'
import { TRANSPARENCY_KEY_EVENTS } from './key-event-table.ts'
import { TRANSPARENCY_KEY_STREAM, type TransparencyKeyEvent, type TransparencyKeyState } from './key-events.ts'
import { type SigningKey, signingKey, signText } from './signing-key.server.ts'
import { type CheckpointStatement, GENESIS_HASH, type PublishedDigest, statementHash, statementText } from './statement.ts'

type Db = Kysely<Database> | Transaction<Database>

/**
 * The streams whose events change what the tables of published readings hold: a publication (and its withdrawal), the
 * seed's baseline, the reference data. Between two checkpoints with none of them the tables are as the statement
 * before said, and their digest is carried over rather than read again.
 */
const PUBLIC_ROW_STREAMS = sql`(stream_id LIKE 'publication-%' OR stream_id = 'catalogue-baseline' OR stream_id LIKE 'reference-%')`

/** Serialises the signers of several processes, so each statement points back to the one signed just before it. */
const SIGNING_LOCK = 7_150_371

/** Every table of published readings: its rows and their digest. */
export async function publishedDigests(db: Db): Promise<PublishedDigest[]> {
  const result: PublishedDigest[] = []
  for (const spec of PUBLISHED_TABLES) {
    const { rows } = await sql<{ rows: number; digest: string }>`SELECT count(*)::int AS rows, ${rowDigest(spec)} AS digest FROM ${sql.table(spec.table)} t`.execute(db)
    result.push({ table: spec.table, rows: rows[0].rows, digest: rows[0].digest })
  }
  return result.sort((a, b) => a.table.localeCompare(b.table))
}

/** What the tables held at the seal: read again only when an event since the last statement that read them changed them. */
async function publishedAtSeal(snapshot: Transaction<Database>, toPosition: number): Promise<PublishedDigest[]> {
  const last = await snapshot
    .selectFrom('signed_checkpoints')
    .select(['to_position', 'statement'])
    .where(sql<boolean>`statement::jsonb -> 'published' <> 'null'::jsonb`)
    .orderBy('to_position', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (last) {
    const { rows } = await sql<{ changed: boolean }>`
      SELECT EXISTS (SELECT 1 FROM events WHERE position > ${last.to_position} AND position <= ${toPosition} AND ${PUBLIC_ROW_STREAMS}) AS changed`.execute(snapshot)
    if (!rows[0].changed) return (JSON.parse(last.statement) as CheckpointStatement).published!
  }
  return publishedDigests(snapshot)
}

const keyDecider: Decider<TransparencyKeyState, { type: 'IntroduceKey'; key: SigningKey }, TransparencyKeyEvent, null> = {
  table: TRANSPARENCY_KEY_EVENTS,
  initialState: () => ({ current: null }),
  evolve: (state, event) => TRANSPARENCY_KEY_EVENTS[event.type].evolve(state, event),
  decide: (state, command) =>
    state.current === command.key.fingerprint ? [] : [{ type: 'SigningKeyIntroduced', data: { publicKey: command.key.publicKey, fingerprint: command.key.fingerprint, replaces: state.current } }],
}

const recorded = new WeakSet<SigningKey>()

/** Records the key in the log before it signs anything (once per process and key; a key already recorded adds nothing). */
export async function recordSigningKey(db: Kysely<Database>, key: SigningKey, now = new Date()): Promise<void> {
  if (recorded.has(key)) return
  const context = { db, queue: NO_QUEUE, storageDir: '', actor: null, requestId: null, clientAddress: null, now, notices: async () => {} }
  const introduce = () => handleCommand(context, { decider: keyDecider, streamId: TRANSPARENCY_KEY_STREAM, command: { type: 'IntroduceKey', key }, facts: () => null, metadata: systemMetadata('transparency') })
  // Nodes that start together race for the first append; the loser reads the stream again and finds the key there.
  await introduce().catch(() => introduce())
  recorded.add(key)
}

/**
 * Signs every checkpoint no statement covers yet, oldest first; `sealed` is what the newest one's seal read of the
 * published tables (checkpoints sealed by an earlier version, or before a crash, get `published: null`).
 */
async function signPending(db: Kysely<Database>, key: SigningKey, sealed: { toPosition: number; published: PublishedDigest[] } | null, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SIGNING_LOCK})`.execute(trx)
    const last = await trx.selectFrom('signed_checkpoints').select(['to_position', 'statement']).orderBy('to_position', 'desc').limit(1).executeTakeFirst()
    const pending = await trx
      .selectFrom('event_checkpoints')
      .select(['from_position', 'to_position', 'events', 'digest', 'mac'])
      .$if(last !== undefined, (q) => q.where('to_position', '>', last!.to_position))
      .orderBy('to_position')
      .execute()
    let previous = last ? statementHash(last.statement) : GENESIS_HASH
    for (const checkpoint of pending) {
      const statement: CheckpointStatement = {
        version: 1,
        fromPosition: Number(checkpoint.from_position),
        toPosition: Number(checkpoint.to_position),
        events: checkpoint.events,
        logDigest: checkpoint.digest,
        checkpointMac: checkpoint.mac,
        previous,
        published: sealed && sealed.toPosition === Number(checkpoint.to_position) ? sealed.published : null,
        key: key.fingerprint,
        signedAt: now.toISOString(),
      }
      const text = statementText(statement)
      await trx.insertInto('signed_checkpoints').values({ to_position: statement.toPosition, statement: text, signature: signText(key, text), key_fingerprint: key.fingerprint }).execute()
      previous = statementHash(text)
    }
    return pending.length
  })
}

/** Seals what was appended since the last checkpoint and signs it (and any checkpoint left unsigned). */
export async function sealAndSign(db: Kysely<Database>, now = new Date()): Promise<{ sealed: boolean; signed: number }> {
  const key = signingKey()
  await recordSigningKey(db, key, now)
  const checkpoint = await writeCheckpoint(db, now, publishedAtSeal)
  const sealed = checkpoint?.seal ? { toPosition: checkpoint.toPosition, published: checkpoint.seal } : null
  const signed = await signPending(db, key, sealed, now)
  return { sealed: checkpoint !== null, signed }
}
