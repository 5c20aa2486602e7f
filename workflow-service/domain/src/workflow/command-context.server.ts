// What every workflow command gets from its caller (the use-case context plus the services), and its transaction.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { CurrentUser } from '../auth/permissions.ts'
import { ConcurrencyError, type EventMetadata } from '../event-store/event-store.server.ts'
import { currentJobContext } from '@portal/workflow-platform/logs.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import type { NoticeWriter } from '../ports/notice-writer.ts'
import { CommandRefused } from './refusal.ts'
import { recordCommitted, trackAppends } from '../event-store/chain-head.server.ts'
import { fixed, rowsOf } from '@portal/workflow-platform/database.server.ts'

export interface CommandContext {
  db: Kysely<Database>
  queue: JobQueue
  storageDir: string
  actor: CurrentUser | null
  requestId: string | null
  clientAddress: string | null
  /** The time of the command: it becomes the time of its events (never read inside decide). */
  now: Date
  /** Who is told of the command's events, in its transaction (the composition root's notice writer). */
  notices: NoticeWriter
}

/** Who is calling, as every door knows it: the user, the request's id and the client's address. */
export interface Caller {
  actor: CurrentUser | null
  requestId: string | null
  clientAddress: string | null
}

/** The one builder of a command's context, for the API's routes and the pages' actions alike. */
export function commandContextOf(services: Pick<CommandContext, 'db' | 'queue' | 'storageDir' | 'notices'>, caller: Caller): CommandContext {
  return { db: services.db, queue: services.queue, storageDir: services.storageDir, notices: services.notices, ...caller, now: new Date() }
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

/** Runs a command's transaction; a stream that moved on since it was read is a lost race, never a half-written change. */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    // Inside a caller's transaction (the demo data loads in one; a command of two streams) the command joins it.
    if (db.isTransaction) return await work(db as Transaction<Database>)
    let appended: ReturnType<typeof trackAppends> = []
    const result = await db.transaction().execute((trx) => {
      appended = trackAppends(trx)
      return work(trx)
    })
    // Committed: the streams' new heads go beside the audit key (event-store/chain-head.server.ts).
    recordCommitted(appended)
    return result
  } catch (error) {
    if (db.isTransaction) throw error
    if (error instanceof ConcurrencyError) throw new CommandRefused({ reason: 'lost-race' })
    const code = (error as { code?: string }).code
    if (code === '23505' && (error as { constraint?: string }).constraint === 'events_stream_version_key') throw new CommandRefused({ reason: 'lost-race' })
    // A deadlock or serialization failure is also a lost race: nothing was written, the user can try again.
    if (code === '40P01' || code === '40001') throw new CommandRefused({ reason: 'lost-race' })
    throw error
  }
}

export async function nextId(trx: Transaction<Database>, sequence: string): Promise<number> {
  const [row] = await rowsOf(trx, fixed<{ id: number }>`SELECT nextval(${sequence}::regclass) AS id`)
  return Number(row.id)
}
