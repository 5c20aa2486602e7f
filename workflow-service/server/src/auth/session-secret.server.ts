// The key that signs the public's CSRF tokens (SESSION_SECRET). Without the variable the portal makes one on its first
// start and keeps it in the data folder (mode 0600), like the audit key: never a fixed string that anybody who has read
// the sources could sign tokens with, and the same after a restart and in every web process of the node.
import { secretFromFile } from '@portal/workflow-platform/secrets.server.ts'

export const SESSION_SECRET_FILE = 'session.secret'

/** SESSION_SECRET, else DATA_DIR/session.secret, made (mode 0600) when missing. */
export function loadSessionSecret(options: { dataDir: string; env?: Record<string, string | undefined> }): string {
  const fromEnv = (options.env ?? process.env).SESSION_SECRET
  if (fromEnv) return fromEnv
  const { file, secret } = secretFromFile(options.dataDir, SESSION_SECRET_FILE)
  if (secret === null) throw new Error(`the session secret file ${file} holds less than 32 characters`)
  return secret
}
