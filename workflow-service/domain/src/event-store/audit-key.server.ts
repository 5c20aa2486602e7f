// The key of the event log's HMAC chain. It lives outside the database (AUDIT_KEY, or a 0600 file in the data
// folder created on first start), so someone who can rewrite the database still cannot forge a chain that verifies.
import path from 'node:path'
import { secretFromFile } from '@portal/workflow-platform/secrets.server.ts'

export const AUDIT_KEY_FILE = 'audit.key'

export class AuditKeyError extends Error {}

let current: Buffer | null = null

/** The key from AUDIT_KEY (at least 32 characters), else from DATA_DIR/audit.key, creating it (mode 0600) when missing. */
export function loadAuditKey(options: { dataDir: string; env?: Record<string, string | undefined> }): Buffer {
  const fromEnv = (options.env ?? process.env).AUDIT_KEY
  if (fromEnv) {
    if (fromEnv.length < 32) throw new AuditKeyError('AUDIT_KEY must be at least 32 characters (for example: openssl rand -hex 32)')
    return Buffer.from(fromEnv, 'utf8')
  }
  const { file, secret } = secretFromFile(options.dataDir, AUDIT_KEY_FILE)
  if (secret === null) throw new AuditKeyError(`the audit key file ${file} holds less than 32 characters`)
  return Buffer.from(secret, 'utf8')
}

/** Sets the key every append and verification of this process uses. */
export function useAuditKey(key: Buffer): void {
  current = key
}

/**
 * The key in use. A process that did not set one (a command, a worker node, a benchmark) loads it the same way
 * the portal does, from AUDIT_KEY or DATA_DIR (default ./.data).
 */
export function auditKey(): Buffer {
  if (!current) current = loadAuditKey({ dataDir: path.resolve(process.env.DATA_DIR || './.data') })
  return current
}
