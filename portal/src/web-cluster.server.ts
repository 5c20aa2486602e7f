// Several web processes behind one port (node:cluster): the primary keeps the database, migrations, demo data and
// background workers; each web process has its own connection pool and serves requests (WEB_PROCESSES).
import cluster, { type Worker } from 'node:cluster'

export interface WebCluster {
  /** Resolves once every web process listens. */
  ready: Promise<void>
  /** Stops every web process (each drains its requests) and waits for them. */
  stop(): Promise<void>
}

/** True in a web process started by the primary. */
export const isWebProcess = (): boolean => cluster.isWorker

/**
 * The environment of a web process: the primary's database by URL (never a second embedded server), no background
 * workers, one process (it serves; it does not fork again). The primary migrated already: a web process only
 * checks, as the portal's own role, and never holds the owner's password.
 */
export function webProcessEnv(databaseUrl: string): Record<string, string> {
  return { DATABASE_URL: databaseUrl, DATABASE_OWNER_URL: '', MIGRATIONS: 'check', WORKERS: 'off', WEB_PROCESSES: '1' }
}

export function startWebCluster(options: {
  count: number
  databaseUrl: string
  log: { info(o: object, m: string): void; error(o: object, m: string): void }
}): WebCluster {
  let stopping = false
  const env = webProcessEnv(options.databaseUrl)
  let listening = 0
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  const fork = (): Worker => {
    const worker = cluster.fork(env)
    worker.once('listening', () => {
      if (++listening === options.count) markReady()
    })
    worker.once('exit', (code, signal) => {
      if (stopping) return
      // A web process that died is replaced: the others kept serving meanwhile.
      options.log.error({ pid: worker.process.pid, code, signal }, 'a web process exited: starting another')
      fork()
    })
    return worker
  }
  for (let i = 0; i < options.count; i++) fork()
  options.log.info({ processes: options.count }, 'web processes started')
  return {
    ready,
    async stop() {
      stopping = true
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead())
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => worker.process.kill('SIGKILL'), 15_000)
              worker.once('exit', () => {
                clearTimeout(timer)
                resolve()
              })
              worker.process.kill('SIGTERM')
            }),
        ),
      )
    },
  }
}
