// The key of the event log's HMAC chain. It lives outside the database (AUDIT_KEY, or a 0600 file in the data
// folder created on first start), so someone who can rewrite the database still cannot forge a chain that verifies.
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

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
  const file = path.join(options.dataDir, AUDIT_KEY_FILE)
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true })
    // 'wx': two processes starting at once never overwrite each other's key.
    try {
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  // A key others can read is no secret: tighten it rather than use it as it is.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
  const key = readFileSync(file, 'utf8').trim()
  if (key.length < 32) throw new AuditKeyError(`the audit key file ${file} holds less than 32 characters`)
  return Buffer.from(key, 'utf8')
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
