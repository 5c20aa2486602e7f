// Whether this node can do its work: the database answers, the queue answers and every migration it knows is applied.
// A node that turns unready says why in one log line (and once more when it is ready again).
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { pendingMigrations } from '@portal/migrations/migrate.ts'
import type { JobQueue } from '../ports/job-queue.ts'

export interface Readiness {
  ready: boolean
  database: 'ok' | 'unreachable'
  queue: 'ok' | 'unreachable'
  migrations: 'current' | 'pending' | 'unknown'
  /** Why the node is not ready, in one sentence. */
  reason?: string
}

const CHECK_TIMEOUT_MS = 3000

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error || 'connection refused'))

export async function checkReadiness(db: Kysely<Database>, queue: JobQueue): Promise<Readiness> {
  const reasons: string[] = []
  let database: Readiness['database'] = 'ok'
  let pending: Readiness['migrations'] = 'unknown'
  try {
    const missing = await withTimeout(pendingMigrations(db), 'the database')
    pending = missing.length ? 'pending' : 'current'
    if (missing.length) reasons.push(`migrations not applied: ${missing.join(', ')}`)
  } catch (error) {
    database = 'unreachable'
    reasons.push(`database unreachable: ${messageOf(error)}`)
  }
  let queueState: Readiness['queue'] = 'ok'
  try {
    await withTimeout(queue.ping(), `the queue (${queue.engine})`)
  } catch (error) {
    queueState = 'unreachable'
    reasons.push(`queue (${queue.engine}) unreachable: ${messageOf(error)}`)
  }
  const ready = reasons.length === 0
  return { ready, database, queue: queueState, migrations: pending, ...(ready ? {} : { reason: reasons.join('; ') }) }
}

interface ReadinessLog {
  warn(object: object, message: string): void
  info(message: string): void
}

/** Checks readiness and logs each change of it: one line when the node turns unready (or its reason changes). */
export function readinessProbe(db: Kysely<Database>, queue: JobQueue, log: ReadinessLog): () => Promise<Readiness> {
  let lastReason: string | undefined
  return async () => {
    const result = await checkReadiness(db, queue)
    if (!result.ready && result.reason !== lastReason) log.warn({ readiness: result }, `not ready: ${result.reason}`)
    if (result.ready && lastReason !== undefined) log.info('ready again')
    lastReason = result.reason
    return result
  }
}
