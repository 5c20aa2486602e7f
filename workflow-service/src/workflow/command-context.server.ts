// What every workflow command gets from its caller, and the transaction that appends, projects and enqueues at once.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import type { CurrentUser } from '../auth/permissions.ts'
import {
  appendToStream,
  ConcurrencyError,
  type EventMetadata,
  type NewEvent,
  type StoredEvent,
} from '../event-store/event-store.server.ts'
import { currentJobContext } from '../observability/job-context.ts'
import { eventsAppended } from '../observability/metrics.server.ts'
import { notifyOfEvents } from '../notifications/notify-of-events.server.ts'
import { projectEvents } from './projections.server.ts'
import { refuseConflict } from './refusal.ts'

export interface CommandContext {
  db: Kysely<Database>
  queue: JobQueue
  storageDir: string
  actor: CurrentUser | null
  requestId: string | null
  clientAddress: string | null
  /** The time of the command: it becomes the time of its events (never read inside decide). */
  now: Date
}

export function metadataOf(context: Pick<CommandContext, 'actor' | 'requestId' | 'clientAddress'>): EventMetadata {
  return {
    // Id 0 is an actor with no account (the demo data of companies without a demo user).
    userId: context.actor?.id || null,
    username: context.actor?.username ?? 'anonymous',
    role: context.actor?.groups[0] ?? 'public',
    requestId: context.requestId,
    clientAddress: context.clientAddress,
  }
}

/**
 * The metadata of events recorded by background workers and the demo data; inside a job, the request id is the one
 * of the web request that sent it, so the request can be followed from the page to the worker's events.
 */
export function systemMetadata(username = 'system'): EventMetadata {
  return { userId: null, username, role: 'system', requestId: currentJobContext()?.requestId ?? null, clientAddress: null }
}

/** Appends to a stream and updates every projection from the appended events, in the caller's transaction. */
export async function appendAndProject(
  trx: Transaction<Database>,
  streamId: string,
  expectedVersion: number,
  events: readonly NewEvent[],
  metadata: EventMetadata,
  now: Date,
): Promise<StoredEvent[]> {
  const stored = await appendToStream(trx, streamId, expectedVersion, events, metadata, now)
  eventsAppended.inc(stored.length)
  await projectEvents(trx, stored)
  // The people concerned are told in the same transaction: no status change without its notice, none without one.
  await notifyOfEvents(trx, stored)
  return stored
}

export const LOST_RACE = 'Данные изменены другим пользователем одновременно с вами: обновите страницу и повторите действие.'

/** Runs a command's transaction; a stream that moved on since it was read is a 409, never a half-written change. */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    // Inside a caller's transaction (the demo data loads in one) the command joins it instead of nesting.
    if (db.isTransaction) return await work(db as Transaction<Database>)
    return await db.transaction().execute(work)
  } catch (error) {
    if (error instanceof ConcurrencyError) throw refuseConflict(LOST_RACE)
    const code = (error as { code?: string }).code
    if (code === '23505' && (error as { constraint?: string }).constraint === 'events_stream_version_key') throw refuseConflict(LOST_RACE)
    // A deadlock or serialization failure is also a lost race: nothing was written, the user can try again.
    if (code === '40P01' || code === '40001') throw refuseConflict(LOST_RACE)
    throw error
  }
}

export async function nextId(trx: Transaction<Database>, sequence: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT nextval(${sequence}::regclass) AS id`.execute(trx)
  return Number(rows[0].id)
}
