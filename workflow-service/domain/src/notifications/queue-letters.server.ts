// Each letter of the mail outbox gets its `mail-send` job in the transaction that writes it (the outbox pattern: no
// letter without its job, no job without its letter), and a worker's start queues the letters that have none.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { NO_QUEUE, type JobQueue } from '../ports/job-queue.ts'
import { JOBS } from '../ports/jobs.ts'
import { fixed, rowsOf } from '@portal/workflow-platform/database.server.ts'

/** One job per letter while it waits or runs: a second send with the key is dropped. */
export const mailSendKey = (outboxId: number) => `${JOBS.mailSend}:${outboxId}`

const waiting = (db: Kysely<Database>) =>
  db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).where('skipped_reason', 'is', null).where(sql<boolean>`next_attempt_at < 'infinity'::timestamptz`)

/** Queues the sending of the letters written at these positions (events', or a due notice's negated id), in the transaction. */
export async function queueLettersAt(trx: Transaction<Database>, queue: JobQueue, positions: readonly number[], requestId: string | null): Promise<void> {
  // The demo data and the tools run without a queue: their letters are queued when a worker starts.
  if (queue === NO_QUEUE || positions.length === 0) return
  // One text whatever the number of events (their positions are one array), as `waiting` selects them.
  const rows = await rowsOf(
    trx,
    fixed<{ id: number }>`SELECT id FROM mail_outbox WHERE sent_at IS NULL AND skipped_reason IS NULL AND next_attempt_at < 'infinity'::timestamptz
      AND event_position = ANY(${[...positions]}::bigint[]) ORDER BY id`,
  )
  for (const { id } of rows) await queue.send(JOBS.mailSend, { outboxId: id, requestId }, { trx, key: mailSendKey(id) })
}

/**
 * Queues the sending of these letters (the ids the writes that made them answered, decision 3821), in their
 * transaction: no lookup of the outbox.
 */
export async function queueLetters(trx: Transaction<Database>, queue: JobQueue, letters: readonly number[], requestId: string | null): Promise<void> {
  // The demo data and the tools run without a queue: their letters are queued when a worker starts.
  if (queue === NO_QUEUE) return
  for (const id of letters) await queue.send(JOBS.mailSend, { outboxId: id, requestId }, { trx, key: mailSendKey(id) })
}

/**
 * Queues a job for each letter still to send (not sent, skipped or given up) that may have none: written where no
 * queue was at hand (the demo data, a tool) or before this version. A letter whose job waits or runs is not queued twice.
 */
export async function queueWaitingLetters(db: Kysely<Database>, queue: JobQueue): Promise<number> {
  const rows = await waiting(db).orderBy('id').execute()
  for (const { id } of rows) await queue.send(JOBS.mailSend, { outboxId: id }, { key: mailSendKey(id) })
  return rows.length
}
