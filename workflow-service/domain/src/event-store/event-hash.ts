// The hashes of the event log. Each event carries an HMAC (key outside the database) of its content and of the
// hash of the event before it in its stream; checkpoints chain the log's events together in position order.
import { createHash, createHmac } from 'node:crypto'

/** The hash the first event of a stream (and the first checkpoint) points back to. */
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

function content(event: HashedContent): string {
  return canonicalJson([
    event.position,
    event.streamId,
    event.streamVersion,
    event.type,
    event.data,
    event.metadata,
    event.createdAt.toISOString(),
    event.prevHash,
  ])
}

/** The keyed hash of an event: prevHash is the hash of the event before it in the same stream. */
export function hmacEvent(key: Buffer, event: HashedContent): string {
  return createHmac('sha256', key).update(content(event)).digest('hex')
}

/** The unkeyed hash of events written before the keyed chain (one global chain); verified, never written again. */
export function hashEvent(event: HashedContent): string {
  return createHash('sha256').update(content(event)).digest('hex')
}

export interface CheckpointContent {
  fromPosition: number
  toPosition: number
  events: number
  digest: string
  prevMac: string
  createdAt: Date
}

/** The keyed seal of a checkpoint: the events of (fromPosition, toPosition] and the checkpoint before it. */
export function hmacCheckpoint(key: Buffer, checkpoint: CheckpointContent): string {
  return createHmac('sha256', key)
    .update(
      canonicalJson([
        checkpoint.fromPosition,
        checkpoint.toPosition,
        checkpoint.events,
        checkpoint.digest,
        checkpoint.prevMac,
        checkpoint.createdAt.toISOString(),
      ]),
    )
    .digest('hex')
}

/** Accumulates the digest of a range of events: their positions and hashes in position order. */
export function rangeDigest() {
  const hash = createHash('sha256')
  return {
    add(position: number, eventHash: string) {
      hash.update(`${position}:${eventHash}\n`)
    },
    digest: () => hash.digest('hex'),
  }
}
