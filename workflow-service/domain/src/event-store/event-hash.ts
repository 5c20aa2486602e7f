// The hashes of the event log. Each event carries an HMAC (key outside the database) of its content and of the
// hash of the event before it in its stream; checkpoints chain the log's events together in position order.
import { createHash, createHmac, createSecretKey, type KeyObject } from 'node:crypto'

/** The hash the first event of a stream (and the first checkpoint) points back to. */
export const GENESIS_HASH = '0'.repeat(64)

/** The JSON text of each key met, kept: an event's keys are a few dozen names, escaped anew for every event before. */
const keyTexts = new Map<string, string>()
/** Bound on the keys kept (the log's keys are a few hundred names); past it a key's text is made per call. */
const MAX_KEYS = 10_000

function keyText(key: string): string {
  let text = keyTexts.get(key)
  if (text === undefined) {
    text = JSON.stringify(key)
    if (keyTexts.size < MAX_KEYS) keyTexts.set(key, text)
  }
  return text
}

/**
 * JSON with object keys sorted, so the hash does not depend on how jsonb reorders keys. Written with loops and one
 * string rather than arrays of entries filtered, sorted, mapped and joined: the chain check of the whole log spent
 * more on this than on the hashes (decision 3822); the text is the same, character for character (the sort of the
 * keys is by UTF-16 code units either way, and a hole of an array is nothing between its commas, as join made it).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null)
  if (value instanceof Date) return JSON.stringify(value.toISOString())
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ','
      if (i in value) out += canonicalJson(value[i]) ?? ''
    }
    return `${out}]`
  }
  const keys = Object.keys(value).sort()
  let out = '{'
  let first = true
  for (const key of keys) {
    const v = (value as Record<string, unknown>)[key]
    if (v === undefined) continue
    out += `${first ? '' : ','}${keyText(key)}:${canonicalJson(v)}`
    first = false
  }
  return `${out}}`
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

/**
 * The key as a KeyObject, made once per key. Given the key's bytes, createHmac imports them into a new key object at
 * every call, which cost four times the hash itself of an event's few hundred bytes (measured, decision 3822): every
 * append, and every event of a chain check, paid it. The key's bytes are never changed in place (audit-key.server.ts
 * replaces the buffer), so the object made for a buffer stays its key.
 */
const keyObjects = new WeakMap<Buffer, KeyObject>()
function secretKeyOf(key: Buffer): KeyObject {
  let object = keyObjects.get(key)
  if (object === undefined) keyObjects.set(key, (object = createSecretKey(key)))
  return object
}

/** The keyed hash of an event: prevHash is the hash of the event before it in the same stream. */
export function hmacEvent(key: Buffer, event: HashedContent): string {
  return createHmac('sha256', secretKeyOf(key)).update(content(event)).digest('hex')
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
  return createHmac('sha256', secretKeyOf(key))
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
