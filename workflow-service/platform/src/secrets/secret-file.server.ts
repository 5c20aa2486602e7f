// A secret kept in the data folder: made once (32 random bytes as hex, mode 0600) on the first start that needs it,
// and the same after a restart and in every process of the node. The audit key and the session secret both live so.
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** The secret of DATA_DIR/`name`, made when missing; null when the file holds less than 32 characters. */
export function secretFromFile(dataDir: string, name: string): { file: string; secret: string | null } {
  const file = path.join(dataDir, name)
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
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
  return { file, secret: secret.length < 32 ? null : secret }
}
