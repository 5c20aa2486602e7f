// Whether this node can do its work: the database answers, the queue answers and every migration it knows is applied.
// A node that turns unready says why in one log line (and once more when it is ready again).
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { pendingMigrations } from '@portal/migrations/migrate.ts'
import type { JobQueue } from '@portal/workflow-domain/ports.ts'
import { storageSpace } from './storage-space.server.ts'

export interface Readiness {
  ready: boolean
  database: 'ok' | 'unreachable'
  queue: 'ok' | 'unreachable'
  migrations: 'current' | 'pending' | 'unknown'
  /** The file store's free space against STORAGE_MIN_FREE_MB (a node that stores no files: not asked). */
  storage?: 'ok' | 'low' | 'unreadable'
  /** Why the node is not ready, in one sentence. */
  reason?: string
}

/** Each check's patience: /readyz answers within about a second whatever the database or Redis does. */
const CHECK_TIMEOUT_MS = 800

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error || 'connection refused'))

/** The file store a node writes to and the free space it needs (STORAGE_DIR, STORAGE_MIN_FREE_MB). */
export interface StorageNeed {
  dir: string
  minFreeBytes: number
}

const MB = 1024 * 1024

export async function checkReadiness(db: Kysely<Database>, queue: JobQueue, storage?: StorageNeed): Promise<Readiness> {
  // The three are asked at once: a node answers within one check's patience, not the sum of them.
  const [migrations, ping, space] = await Promise.allSettled([
    withTimeout(pendingMigrations(db), 'the database'),
    withTimeout(queue.ping(), `the queue (${queue.engine})`),
    storage ? withTimeout(storageSpace(storage.dir, storage.minFreeBytes), 'the file store') : Promise.resolve(undefined),
  ])
  const reasons: string[] = []
  let database: Readiness['database'] = 'ok'
  let pending: Readiness['migrations'] = 'unknown'
  if (migrations.status === 'fulfilled') {
    pending = migrations.value.length ? 'pending' : 'current'
    if (migrations.value.length) reasons.push(`migrations not applied: ${migrations.value.join(', ')}`)
  } else {
    database = 'unreachable'
    reasons.push(`database unreachable: ${messageOf(migrations.reason)}`)
  }
  let queueState: Readiness['queue'] = 'ok'
  if (ping.status === 'rejected') {
    queueState = 'unreachable'
    reasons.push(`queue (${queue.engine}) unreachable: ${messageOf(ping.reason)}`)
  }
  let storageState: Readiness['storage']
  if (storage) {
    const found = space.status === 'fulfilled' ? space.value : undefined
    storageState = found?.freeBytes == null ? 'unreadable' : found.enough ? 'ok' : 'low'
    if (storageState === 'unreadable') reasons.push(`file store ${storage.dir} unreadable`)
    if (storageState === 'low') reasons.push(`file store ${storage.dir} has less free space than STORAGE_MIN_FREE_MB=${storage.minFreeBytes / MB}`)
  }
  const ready = reasons.length === 0
  return { ready, database, queue: queueState, migrations: pending, ...(storageState ? { storage: storageState } : {}), ...(ready ? {} : { reason: reasons.join('; ') }) }
}

interface ReadinessLog {
  warn(object: object, message: string): void
  info(message: string): void
}

/** Checks readiness and logs each change of it: one line when the node turns unready (or its reason changes). */
export function readinessProbe(db: Kysely<Database>, queue: JobQueue, log: ReadinessLog, storage?: StorageNeed): () => Promise<Readiness> {
  let lastState: string | undefined
  return async () => {
    const result = await checkReadiness(db, queue, storage)
    // What is wrong, not how it was said: a refused connection and one that timed out are one change of state.
    const state = result.ready ? undefined : `${result.database}/${result.queue}/${result.migrations}/${result.storage ?? ''}`
    if (state !== undefined && state !== lastState) log.warn({ readiness: result }, `not ready: ${result.reason}`)
    if (result.ready && lastState !== undefined) log.info('ready again')
    lastState = state
    return result
  }
}
