// The one small interface every queue engine (pg-boss, BullMQ) offers to the domain and the workers.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export interface JobDefinition<T extends object = object> {
  /** Queue name, also the job's name. */
  name: string
  /** Attempts before a job is given up and sent to the dead-letter queue. */
  retryLimit: number
  /** First retry delay in seconds; later ones back off exponentially. */
  retryDelaySeconds: number
  /** Runs one job; must be idempotent, since a job can run again after a crash. */
  handle(data: T, signal: AbortSignal): Promise<void>
}

export interface SendOptions {
  /** Enqueue inside this transaction, so the job exists exactly when the transaction commits. */
  trx?: Transaction<Database> | Kysely<Database>
  /** One pending job per key (what the job acts on). */
  key?: string
}

export interface JobQueue {
  readonly engine: 'pg-boss' | 'bullmq'
  send(name: string, data: object, options?: SendOptions): Promise<void>
  /** Starts consuming the given jobs in this process. */
  work(definitions: readonly JobDefinition<any>[]): Promise<void>
  stop(): Promise<void>
}
