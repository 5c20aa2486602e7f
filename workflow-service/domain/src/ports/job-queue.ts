// The one small interface every queue engine (pg-boss, BullMQ) offers to the domain and the workers.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

/** How a queue treats its jobs: declared once per job name in jobs.ts, applied by every engine. */
export interface JobPolicy {
  /** Queue name, also the job's name. */
  name: string
  /** Retries after the first attempt before the job is given up and sent to its dead-letter queue. */
  retryLimit: number
  /** First retry delay in seconds; later ones back off exponentially. */
  retryDelaySeconds: number
  /** A running job whose worker stops signalling for this long is taken again by another worker (≥ 10). */
  heartbeatSeconds: number
  /** A job running longer than this is aborted and counts as a failed attempt. */
  expireInSeconds: number
  /**
   * Jobs one worker takes in one fetch and runs side by side (default 1), each done, retried or given up on its own:
   * for light jobs only, since that many run at once in one process.
   */
  batchSize?: number
}

/** The batchSize of the portal's light jobs (and of the benchmark's no-op job, which stands for them). */
export const LIGHT_JOB_BATCH = 16

export interface JobDefinition<T extends object = object> extends JobPolicy {
  /** Runs one job; must be idempotent, since a job can run again after a crash. */
  handle(data: T, signal: AbortSignal): Promise<void>
  /**
   * Runs once when the job is given up (retries exhausted or a PermanentJobError): records the failure
   * where people see it. Must be idempotent too.
   */
  onDeadLetter?(data: T, reason: string): Promise<void>
}

/** Thrown by a handler when retrying cannot help (bad job data, a record that no longer exists). */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError'
}

export interface SendOptions {
  /** Enqueue inside this transaction, so the job exists exactly when the transaction commits. */
  trx?: Transaction<Database> | Kysely<Database>
  /** While a job with this key waits or runs, another send with the same key is dropped. */
  key?: string
}

/** How many jobs of one kind wait (including delayed retries) and run now, across every node. */
export interface QueueDepth {
  name: string
  waiting: number
  active: number
}

export interface JobQueue {
  readonly engine: 'pg-boss' | 'bullmq'
  /** Throws when the queue's store (the database for pg-boss, Redis for BullMQ) does not answer. */
  ping(): Promise<void>
  /** Waiting and running jobs per job name of the policies. */
  depth(): Promise<QueueDepth[]>
  send(name: string, data: object, options?: SendOptions): Promise<void>
  /** Starts consuming the given jobs (and their dead letters) in this process. */
  work(definitions: readonly JobDefinition<any>[]): Promise<void>
  /** Stops taking jobs, lets running ones finish (bounded), closes connections. */
  stop(): Promise<void>
}

export function deadLetterName(name: string): string {
  return `${name}.dead`
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** A queue that drops every job: for the demo data, which records the workers' results itself. */
export const NO_QUEUE: JobQueue = {
  engine: 'pg-boss',
  ping: async () => {},
  depth: async () => [],
  send: async () => {},
  work: async () => {},
  stop: async () => {},
}
