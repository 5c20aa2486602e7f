// The portal's Ed25519 signing key, kept as the audit key is (decision 3710): derived from it, so every process that
// may seal the log can sign its checkpoints, and no second secret needs a home. Changing the audit key changes the
// signing key; the new key is then recorded in the log (`transparency-key`) before it signs anything.
import { createHmac, createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto'
import { auditKey } from '../event-store/audit-key.server.ts'
import { fingerprintOf } from './statement.ts'

// The DER head of an Ed25519 PKCS#8 private key: with a 32-byte seed after it, a key Node can read.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

export interface SigningKey {
  privateKey: KeyObject
  /** The raw 32-byte public key, base64. */
  publicKey: string
  fingerprint: string
}

const keys = new WeakMap<Buffer, SigningKey>()

/** The signing key of an audit key (the one in use when none is given). */
export function signingKey(fromAuditKey: Buffer = auditKey()): SigningKey {
  const known = keys.get(fromAuditKey)
  if (known) return known
  // A labelled HMAC of the audit key: the seed reveals nothing of the audit key, and one audit key gives one seed.
  const seed = createHmac('sha256', fromAuditKey).update('portal transparency signing key, version 1').digest()
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' })
  const publicKey = (createPublicKey(privateKey).export({ format: 'der', type: 'spki' }) as Buffer).subarray(-32).toString('base64')
  const key = { privateKey, publicKey, fingerprint: fingerprintOf(publicKey) }
  keys.set(fromAuditKey, key)
  return key
}

/** The key's Ed25519 signature of the text, base64. */
export const signText = (key: SigningKey, text: string): string => sign(null, Buffer.from(text, 'utf8'), key.privateKey).toString('base64')
