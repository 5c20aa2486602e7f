// `npm start` / `npm run serve`: the whole portal in one process: database, migrations, demo data, workers, web server.
import './required-node.ts' // first: a Node older than the declared one stops here, before anything else loads
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { buildApp, DatabaseUnreachableError, openDatabase, type PortalDatabase, createLogger, projectRoot, demoAccountsInUse } from '@portal/workflow-server/service.server.ts'
import { AuditKeyError, loadAuditKey, useAuditKey, databaseIdentity, useChainHead, startStorageSweeper, startCheckpoints, sealAndSign, signingKey, sweepPartialFiles } from '@portal/workflow-domain/commands.server.ts'
import type { JobQueue } from '@portal/workflow-domain/ports.ts'
import { startWorkers } from '@portal/workers/workers.server.ts'
import { filePrechecks, openQueue, reportTemplateFiles, seedPortalWhenEmpty } from './composition.server.ts'
import { awaitMigrations } from './await-migrations.server.ts'
import { reportMetricsToPrimary, serveClusterMetrics } from './cluster-metrics.server.ts'
import { configOrFail, failStart } from './start-up.server.ts'
import { isWebProcess, startWebCluster } from './web-cluster.server.ts'

const remixBuildDir = path.join(projectRoot(), 'remix-app/build')

async function loadRemixBuild(): Promise<{ build: ServerBuild; clientDir: string }> {
  const serverEntry = path.join(remixBuildDir, 'server/index.js')
  if (!existsSync(serverEntry)) failStart('the web pages are not built: run "npm run build" (npm start does it for you)')
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild
  return { build, clientDir: path.join(remixBuildDir, 'client') }
}

/**
 * The demo accounts still in use, for the lines under «Портал запущен», read once the portal serves: a database gone
 * at that moment (its PostgreSQL killed, started again by the supervision) leaves the lines out, never ends a
 * portal that is already serving.
 */
function demoAccountsShown(db: PortalDatabase['db']): Promise<Awaited<ReturnType<typeof demoAccountsInUse>>> {
  return demoAccountsInUse(db).catch(() => [])
}

async function main(): Promise<void> {
  const config = configOrFail()
  const log = createLogger(config.logLevel)
  try {
    useAuditKey(loadAuditKey({ dataDir: config.dataDir }))
  } catch (error) {
    if (error instanceof AuditKeyError) failStart(error.message)
    throw error
  }

  let database: PortalDatabase
  // /healthz fails once the PostgreSQL this portal keeps has been gone for longer than the grace (decision 3501).
  const grace = config.embeddedPostgresGraceSeconds * 1000
  let toldFailing = false
  const failing = () => {
    const since = database.downSince()
    if (since === null || Date.now() - since <= grace) return null
    toldFailing = true
    return `the embedded PostgreSQL this portal keeps has been gone for ${Math.round((Date.now() - since) / 1000)} s (EMBEDDED_PG_GRACE_SECONDS=${config.embeddedPostgresGraceSeconds})`
  }
  /**
   * The exit after the last failed start, ordered after /healthz: not before the grace has passed and /healthz has
   * answered 503 once (or, with nobody asking, 5 s past the grace), so a supervisor that watches /healthz and one
   * that watches the exit see the same story. Tries that fail fast would otherwise end the process inside the grace.
   */
  const exitAfterHealthFailed = () => {
    const gaveUp = Date.now()
    const check = setInterval(() => {
      const gone = Date.now() - (database.downSince() ?? gaveUp)
      if (gone <= grace || (!toldFailing && gone <= grace + 5000)) return
      clearInterval(check)
      // The log is written asynchronously: a moment for the line to leave before the exit.
      setTimeout(() => process.exit(1), 200)
    }, 100)
  }
  try {
    // Alone on its data folder, and watching the PostgreSQL it starts: started again when it dies, and when it cannot
    // be, this process exits 1 so that whatever supervises the portal restarts both (decision 3501).
    database = await openDatabase(config, (m) => log.info(m), (m) => log.warn(m), {
      exclusive: true,
      supervise: {
        restarts: config.embeddedPostgresRestarts,
        log: (m) => log.error(m),
        giveUp: (m) => {
          log.fatal(m)
          exitAfterHealthFailed()
        },
      },
    })
  } catch (error) {
    failStart(error instanceof Error ? error.message : String(error))
  }
  log.info({ embedded: database.embedded }, 'database ready')

  let queue: JobQueue | undefined
  let checkpoints: ReturnType<typeof startCheckpoints> | undefined
  let sweeper: ReturnType<typeof startStorageSweeper> | undefined
  const stopAll = async () => {
    await checkpoints?.stop()
    await sweeper?.stop()
    await queue?.stop().catch((e) => log.error(e, 'stopping the queue failed'))
    await database.close().catch((e) => log.error(e, 'closing the database failed'))
  }

  try {
    // openDatabase applied them as the owner; the portal's own role could not.
    const applied = database.applied
    if (applied.length) log.info({ applied }, 'migrations applied')
    // A MIGRATIONS=check node whose database lacks migrations answers only its probes (/readyz 503) until they are in.
    await awaitMigrations(database.db, database.pending, { port: config.port, host: config.host, role: 'web', log })
    // The head beside the audit key, kept under this database's identity (the demo seed's events move it too).
    useChainHead(config.dataDir, await databaseIdentity(database.db))
    await seedPortalWhenEmpty(database.db, { demoUsers: database.embedded, storageDir: config.storageDir, log: (m) => log.info(m) })
    // Seals the event log now (events of an earlier version included), then every minute and at shutdown, each seal
    // signed for the public's transparency record (decision 3710).
    checkpoints = startCheckpoints(database.db, { seal: sealAndSign, onError: (error) => log.error({ err: error }, 'writing an event log checkpoint failed') })
    log.info({ fingerprint: signingKey().fingerprint }, 'transparency key: checkpoints are signed with this Ed25519 key (GET /api/v1/transparency/)')
    // Uploads a killed process left half written (`<key>.part`): on the embedded database this portal is the store's
    // only writer and nothing is being written yet, so all of them; on a server of several nodes, those idle for long.
    const partials = await sweepPartialFiles(config.storageDir, { idleMs: database.embedded ? 0 : undefined })
    if (partials.length) log.info({ files: partials }, 'removed uploads a stopped process left half written')
    // Bytes of uploads that never reached their event (a crash between the write and the commit) go after a day.
    sweeper = startStorageSweeper(database.db, config.storageDir, {
      onSwept: (keys) => log.info({ keys }, 'removed stored files no event references'),
      onError: (error) => log.error({ err: error }, 'sweeping the file storage failed'),
    })
    queue = await openQueue(config, database.url, config.workers, log)
    if (config.workers) await startWorkers(queue, { db: database.db, config, log })

    if (config.webProcesses > 1) {
      // This process keeps the database and the workers; the web processes serve the port (web-cluster.server.ts).
      serveClusterMetrics()
      const web = startWebCluster({ count: config.webProcesses, databaseUrl: database.url, log })
      const stopCluster = async () => {
        await web.stop()
        await stopAll()
        process.exit(0)
      }
      process.once('SIGINT', () => void stopCluster())
      process.once('SIGTERM', () => void stopCluster())
      await web.ready
      process.stdout.write(`\nПортал запущен: http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/monitoring/ (${config.webProcesses} web processes)\n\n`)
      const demoUsers = await demoAccountsShown(database.db)
      if (demoUsers.length > 0) process.stdout.write(`Демо-учётные записи (логин/пароль): ${demoUsers.map((u) => `${u.username}/${u.username} (${u.group})`).join(', ')}\n\n`)
      return
    }

    // /metrics of any web process of a cluster reports every process of the node.
    if (isWebProcess()) reportMetricsToPrimary()
    const app = await buildApp({ db: database.db, config, queue, templates: reportTemplateFiles, prechecks: filePrechecks, remix: await loadRemixBuild(), logger: log, publicCache: { databaseUrl: database.url }, failing })
    let stopping = false
    const shutdown = async (signal: string) => {
      if (stopping) return
      stopping = true
      log.info({ signal }, 'shutting down')
      await app.close().catch((e) => log.error(e, 'closing the server failed'))
      await stopAll()
      process.exit(0)
    }
    process.once('SIGINT', () => void shutdown('SIGINT'))
    process.once('SIGTERM', () => void shutdown('SIGTERM'))

    try {
      await app.listen({ port: config.port, host: config.host })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      await stopAll()
      if (code === 'EADDRINUSE') failStart(`port ${config.port} is already in use: stop the other program or set PORT`)
      throw error
    }
    // A web process of the cluster: the primary says where the portal is, once.
    if (isWebProcess()) return
    const shown = config.host === '0.0.0.0' ? 'localhost' : config.host
    process.stdout.write(`\nПортал запущен: http://${shown}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.port}/monitoring/\n\n`)
    const demo = await demoAccountsShown(database.db)
    if (demo.length > 0) {
      process.stdout.write(`Демо-учётные записи (логин/пароль): ${demo.map((u) => `${u.username}/${u.username} (${u.group})`).join(', ')}\n\n`)
    }
  } catch (error) {
    log.error(error)
    await stopAll()
    if (error instanceof DatabaseUnreachableError) failStart(error.message)
    process.exit(1)
  }
}

void main()
