// The key that signs the public's CSRF tokens (SESSION_SECRET). Without the variable the portal makes one on its first
// start and keeps it in the data folder (mode 0600), like the audit key: never a fixed string that anybody who has read
// the sources could sign tokens with, and the same after a restart and in every web process of the node.
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const SESSION_SECRET_FILE = 'session.secret'

/** SESSION_SECRET, else DATA_DIR/session.secret, made (mode 0600) when missing. */
export function loadSessionSecret(options: { dataDir: string; env?: Record<string, string | undefined> }): string {
  const fromEnv = (options.env ?? process.env).SESSION_SECRET
  if (fromEnv) return fromEnv
  const file = path.join(options.dataDir, SESSION_SECRET_FILE)
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true })
    // 'wx': two processes starting at once never overwrite each other's secret.
    try {
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  // A secret others can read is no secret: tighten it rather than use it as it is.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
  const secret = readFileSync(file, 'utf8').trim()
  if (secret.length < 32) throw new Error(`the session secret file ${file} holds less than 32 characters`)
  return secret
}
