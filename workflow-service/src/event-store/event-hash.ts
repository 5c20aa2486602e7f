// The hash chain of the event log: each event's hash covers its content and the hash of the event before it.
import { createHash } from 'node:crypto'

/** The hash the first event of the log points back to. */
export const GENESIS_HASH = '0'.repeat(64)

/** JSON with object keys sorted, so the hash does not depend on how jsonb reorders keys. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null)
  if (value instanceof Date) return JSON.stringify(value.toISOString())
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
}

export interface HashedContent {
  position: number
  streamId: string
  streamVersion: number
  type: string
  data: unknown
  metadata: unknown
  createdAt: Date
  prevHash: string
}

export function hashEvent(event: HashedContent): string {
  const content = canonicalJson([
    event.position,
    event.streamId,
    event.streamVersion,
    event.type,
    event.data,
    event.metadata,
    event.createdAt.toISOString(),
    event.prevHash,
  ])
  return createHash('sha256').update(content).digest('hex')
}
