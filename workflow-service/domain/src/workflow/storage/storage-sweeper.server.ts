// Removes stored bytes that no event references: an upload written to disk whose command was never recorded (the
// process died between the write and the commit, or a refusal's cleanup failed). Only files older than a grace
// period go, so an upload still on its way to its event is never touched. A `.part` file is an upload that never
// finished (its process was killed mid-body): no event can name it, and it goes once nothing has written to it for
// longer than an upload's body may stall; the portal also sweeps them when it starts.
import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

const SHARD = /^[0-9a-f]{2}$/
const STORED = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.part)?$/

/** A day: far longer than any upload or command takes. */
export const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000

/** Every storage key an event names: the uploads' files and the decisions' attachments. */
async function referencedKeys(db: Kysely<Database>): Promise<Set<string>> {
  const { rows } = await sql<{ key: string }>`
    SELECT data->>'storageKey' AS key FROM events WHERE data ? 'storageKey'
    UNION
    SELECT f->>'id' FROM events, jsonb_array_elements(CASE WHEN jsonb_typeof(data->'files') = 'array' THEN data->'files' ELSE '[]'::jsonb END) f`.execute(db)
  return new Set(rows.map((r) => r.key))
}

/** Ten minutes: far longer than a live upload goes without writing (HTTP_TIMEOUT_SECONDS closes an idle one). */
export const PART_IDLE_MS = 10 * 60 * 1000

/** The store's files as the sweeper sees them: each one's key, path, whether it is a `.part` and when it last changed. */
async function storedFiles(storageDir: string): Promise<Array<{ key: string; file: string; partial: boolean; mtimeMs: number }>> {
  const root = path.resolve(storageDir)
  const shards = await readdir(root, { withFileTypes: true }).catch(() => [])
  const found = []
  for (const shard of shards) {
    if (!shard.isDirectory() || !SHARD.test(shard.name)) continue
    for (const entry of await readdir(path.join(root, shard.name), { withFileTypes: true })) {
      const match = entry.isFile() ? STORED.exec(entry.name) : null
      if (!match || !match[1].startsWith(shard.name)) continue
      const file = path.join(root, shard.name, entry.name)
      const mtimeMs = await stat(file).then((s) => s.mtimeMs, () => null)
      if (mtimeMs !== null) found.push({ key: match[1], file, partial: match[2] !== undefined, mtimeMs })
    }
  }
  return found
}

/**
 * Removes the `.part` files nothing wrote to for idleMs (0: all of them, as a portal that is the store's only writer
 * does when it starts); answers their names (`<key>.part`).
 */
export async function sweepPartialFiles(storageDir: string, options: { idleMs?: number; now?: Date } = {}): Promise<string[]> {
  const before = (options.now ?? new Date()).getTime() - (options.idleMs ?? PART_IDLE_MS)
  const removed: string[] = []
  for (const { key, file, partial, mtimeMs } of await storedFiles(storageDir)) {
    if (!partial || mtimeMs > before) continue
    await rm(file, { force: true })
    removed.push(`${key}.part`)
  }
  return removed
}

/** Removes unreferenced stored files last changed before now - graceMs, and stale `.part` files; answers what went. */
export async function sweepStorage(db: Kysely<Database>, storageDir: string, options: { graceMs?: number; partIdleMs?: number; now?: Date } = {}): Promise<string[]> {
  const partials = await sweepPartialFiles(storageDir, { idleMs: options.partIdleMs, now: options.now })
  const before = (options.now ?? new Date()).getTime() - (options.graceMs ?? SWEEP_GRACE_MS)
  // Read after listing: a file listed but registered meanwhile is then referenced.
  const candidates = (await storedFiles(storageDir)).filter((f) => !f.partial && f.mtimeMs < before)
  if (candidates.length === 0) return partials
  const referenced = await referencedKeys(db)
  const removed: string[] = [...partials]
  for (const { key, file } of candidates) {
    if (referenced.has(key)) continue
    await rm(file, { force: true })
    removed.push(key)
  }
  return removed
}

/** Sweeps now and then every intervalMs (an hour by default) until stopped. */
export function startStorageSweeper(db: Kysely<Database>, storageDir: string, options: { intervalMs?: number; graceMs?: number; partIdleMs?: number; onSwept?: (keys: string[]) => void; onError?: (error: unknown) => void } = {}) {
  const run = () =>
    sweepStorage(db, storageDir, { graceMs: options.graceMs, partIdleMs: options.partIdleMs })
      .then((keys) => keys.length && options.onSwept?.(keys))
      .catch((error) => options.onError?.(error))
  let running: Promise<unknown> = run()
  const timer = setInterval(() => {
    running = running.then(run)
  }, options.intervalMs ?? 60 * 60 * 1000)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
