// The transactional outbox of the BullMQ engine: jobs written in the caller's transaction, relayed to Redis after commit.
import type { Kysely, Transaction } from 'kysely'
import pg from 'pg'
import type { Database } from '@portal/migrations/database.ts'

export interface OutboxJob {
  id: number
  name: string
  data: object
  key: string | null
}

/** Written in the caller's transaction: the job exists exactly when the transaction commits. */
export async function writeOutbox(
  trx: Transaction<Database> | Kysely<Database>,
  job: { name: string; data: object; key?: string },
): Promise<void> {
  await trx
    .insertInto('job_outbox')
    .values({ name: job.name, data: JSON.stringify(job.data), key: job.key ?? null })
    .execute()
}

export interface OutboxRelay {
  /** Delivers everything committed so far (also runs on each notification and every few seconds). */
  drain(): Promise<number>
  stop(): Promise<void>
}

/**
 * Moves committed outbox rows to the queue. A row is deleted in the same transaction that delivered it, so a
 * crash between delivery and commit delivers it again: jobs are keyed and handlers idempotent, that is safe.
 */
export async function startOutboxRelay(options: {
  url: string
  deliver(job: OutboxJob): Promise<void>
  onError?: (error: unknown) => void
  pollMs?: number
}): Promise<OutboxRelay> {
  const pool = new pg.Pool({ connectionString: options.url, max: 2 })
  pool.on('error', (error) => options.onError?.(error))
  const listener = new pg.Client({ connectionString: options.url })
  listener.on('error', (error) => options.onError?.(error))
  let stopped = false
  let running: Promise<number> | null = null
  let again = false

  async function drainOnce(): Promise<number> {
    let delivered = 0
    for (;;) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const { rows } = await client.query<OutboxJob>(
          `DELETE FROM job_outbox WHERE id IN (
             SELECT id FROM job_outbox ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED
           ) RETURNING id, name, data, key`,
        )
        rows.sort((a, b) => Number(a.id) - Number(b.id))
        for (const row of rows) await options.deliver(row)
        await client.query('COMMIT')
        delivered += rows.length
        if (rows.length < 100) return delivered
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    }
  }

  function drain(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let total = 0
      do {
        again = false
        total += await drainOnce()
      } while (again && !stopped)
      return total
    })().finally(() => {
      running = null
    })
    return running
  }

  const kick = () => {
    if (!stopped) drain().catch((error) => options.onError?.(error))
  }
  await listener.connect()
  listener.on('notification', kick)
  await listener.query('LISTEN job_outbox')
  // Notifications can be missed while the listener reconnects; the poll is the safety net.
  const timer = setInterval(kick, options.pollMs ?? 2000)
  kick()

  return {
    drain,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running?.catch(() => 0)
      await listener.end().catch(() => {})
      await pool.end().catch(() => {})
    },
  }
}
