// Removes stored bytes that no event references: an upload written to disk whose command was never recorded (the
// process died between the write and the commit, or a refusal's cleanup failed). Only files older than a grace
// period go, so an upload still on its way to its event is never touched.
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

/** Removes unreferenced stored files last changed before now - graceMs; answers the keys removed. */
export async function sweepStorage(db: Kysely<Database>, storageDir: string, options: { graceMs?: number; now?: Date } = {}): Promise<string[]> {
  const before = (options.now ?? new Date()).getTime() - (options.graceMs ?? SWEEP_GRACE_MS)
  const root = path.resolve(storageDir)
  const shards = await readdir(root, { withFileTypes: true }).catch(() => [])
  // Read after listing: a file listed but registered meanwhile is then referenced.
  const candidates: Array<{ key: string; file: string }> = []
  for (const shard of shards) {
    if (!shard.isDirectory() || !SHARD.test(shard.name)) continue
    for (const entry of await readdir(path.join(root, shard.name), { withFileTypes: true })) {
      const match = entry.isFile() ? STORED.exec(entry.name) : null
      if (!match || !match[1].startsWith(shard.name)) continue
      const file = path.join(root, shard.name, entry.name)
      if ((await stat(file)).mtimeMs < before) candidates.push({ key: match[1], file })
    }
  }
  if (candidates.length === 0) return []
  const referenced = await referencedKeys(db)
  const removed: string[] = []
  for (const { key, file } of candidates) {
    if (referenced.has(key)) continue
    await rm(file, { force: true })
    removed.push(key)
  }
  return removed
}

/** Sweeps now and then every intervalMs (an hour by default) until stopped. */
export function startStorageSweeper(db: Kysely<Database>, storageDir: string, options: { intervalMs?: number; graceMs?: number; onSwept?: (keys: string[]) => void; onError?: (error: unknown) => void } = {}) {
  const run = () =>
    sweepStorage(db, storageDir, { graceMs: options.graceMs })
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
