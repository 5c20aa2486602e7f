// What every entry point of the portal does first: read the configuration, and stop with one line when it cannot.
import { type Config, ConfigError, loadConfig, loadSessionSecret } from '@portal/workflow-server/service.server.ts'

/** Stops the start with one line on standard error (compose and systemd show it as the reason). */
export function failStart(message: string): never {
  process.stderr.write(`Ошибка запуска: ${message}\n`)
  process.exit(1)
}

/** The environment's configuration; a wrong value stops the start with the line naming the variable. */
export function configOrFail(): Config {
  try {
    const config = loadConfig()
    // A missing SESSION_SECRET is made once and kept 0600 beside the audit key, never a fixed string.
    return { ...config, sessionSecret: loadSessionSecret({ dataDir: config.dataDir }) }
  } catch (error) {
    if (error instanceof ConfigError) failStart(error.message)
    throw error
  }
}
