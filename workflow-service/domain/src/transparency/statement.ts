// The statement the portal signs for each checkpoint of its log (decision 3710), and how anyone checks it: what a
// verifier outside needs (the statement's text, its hash, the key's fingerprint, the signature's check) and nothing
// of the portal's own. Ed25519, so a signature proves the statement came from the holder of the key without the
// verifier holding any secret.
import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto'
import { canonicalJson, GENESIS_HASH } from '../event-store/event-hash.ts'

/** A table of published readings as a statement holds it: how many rows and their order-free digest. */
export interface PublishedDigest {
  table: string
  rows: number
  digest: string
}

export interface CheckpointStatement {
  version: 1
  /** The log's events (fromPosition, toPosition] this checkpoint seals: how many and the digest of their hashes. */
  fromPosition: number
  toPosition: number
  events: number
  logDigest: string
  /** The checkpoint's keyed seal, which the operator's `replay --verify` checks with the audit key. */
  checkpointMac: string
  /** The hash of the statement before (GENESIS_HASH for the first signed one): the statements form one chain. */
  previous: string
  /** Every table of published readings as the log stood at toPosition; null where it was not computed. */
  published: PublishedDigest[] | null
  /** The fingerprint of the key that signs it. */
  key: string
  signedAt: string
}

export { GENESIS_HASH }

/** The signed text: the statement as canonical JSON (keys sorted), so its bytes do not depend on who wrote it. */
export const statementText = (statement: CheckpointStatement): string => canonicalJson(statement)

/** The hash the next statement points back to. */
export const statementHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')

// The DER head of an Ed25519 SubjectPublicKeyInfo: with the 32 raw bytes after it, a public key Node can read.
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/** A raw 32-byte Ed25519 public key (base64) as a key object; null when it is not one. */
export function publicKeyOf(base64: string): KeyObject | null {
  const raw = Buffer.from(base64, 'base64')
  if (raw.length !== 32) return null
  try {
    return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' })
  } catch {
    return null
  }
}

/** The key's fingerprint, as ssh writes one: «SHA256:» and the base64 of the raw key's SHA-256, without padding. */
export const fingerprintOf = (publicKeyBase64: string): string =>
  `SHA256:${createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('base64').replace(/=+$/, '')}`

/** Whether `signature` (base64) is the key's Ed25519 signature of the text. */
export function signatureHolds(text: string, signature: string, publicKeyBase64: string): boolean {
  const key = publicKeyOf(publicKeyBase64)
  if (!key) return false
  try {
    return verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(signature, 'base64'))
  } catch {
    return false
  }
}
