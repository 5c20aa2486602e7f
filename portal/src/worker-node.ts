// Entry point of a worker-only node (`npm run workers`): the queue consumers, and a small HTTP listener on
// WORKER_HTTP_PORT for /healthz, /readyz and /metrics. SIGTERM lets running jobs finish (or, past the queue's
// patience, return to the queue for another worker) before the node exits. The listener opens before the queue does:
// a node whose Redis does not answer yet says so on /readyz (503) instead of answering nothing.
import './required-node.ts' // first: a Node older than the declared one stops here, before anything else loads
import Fastify, { type FastifyBaseLogger } from 'fastify'
import { openDatabase, createLogger, healthRoutes } from '@portal/workflow-server/service.server.ts'
import type { JobQueue } from '@portal/workflow-domain/ports.ts'
import { databaseIdentity, useChainHead } from '@portal/workflow-domain/commands.server.ts'
import { startWorkers } from '@portal/workers/workers.server.ts'
import { awaitMigrations } from './await-migrations.server.ts'
import { configOrFail, failStart } from './start-up.server.ts'
import { openQueue } from './composition.server.ts'

const config = configOrFail()
const log = createLogger(config.logLevel)
// Migrates as the owner at start, or with MIGRATIONS=check only compares (then /readyz says what is missing).
const database = await openDatabase(config, (m) => log.info(m), (m) => log.warn(m)).catch((error: Error) => failStart(error.message))
await awaitMigrations(database.db, database.pending, { port: config.workerHttpPort, host: config.host, role: 'worker', log })
// The events its jobs append move the head kept beside the audit key, under this database's identity.
useChainHead(config.dataDir, await databaseIdentity(database.db))

// The queue as the probes see it while it opens: not ready, and why.
let queue: JobQueue | undefined
const engine = config.redisUrl ? 'bullmq' : 'pg-boss'
const probed: JobQueue = {
  engine,
  ping: () => (queue ? queue.ping() : Promise.reject(new Error(`the queue is not open yet (${engine === 'bullmq' ? 'Redis does not answer' : 'pg-boss is starting'})`))),
  depth: () => (queue ? queue.depth() : Promise.resolve([])),
  send: (name, data, options) => (queue ? queue.send(name, data, options) : Promise.reject(new Error('the queue is not open yet'))),
  work: (definitions) => (queue ? queue.work(definitions) : Promise.reject(new Error('the queue is not open yet'))),
  stop: () => queue?.stop() ?? Promise.resolve(),
}

const http = Fastify({ loggerInstance: log as FastifyBaseLogger, forceCloseConnections: true })
await healthRoutes(http, { db: database.db, queue: probed, role: 'worker', starting: () => (queue ? null : `queue (${engine}) unreachable: the queue is not open yet`) })
try {
  await http.listen({ port: config.workerHttpPort, host: config.host })
} catch (error) {
  await database.close()
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') failStart(`port ${config.workerHttpPort} is already in use: set WORKER_HTTP_PORT`)
  throw error
}
const address = http.server.address()
log.info({ port: typeof address === 'object' && address ? address.port : config.workerHttpPort }, 'worker node listening: not ready until its queue is open')

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  log.info({ signal }, 'worker node stopping: running jobs finish or return to the queue')
  await queue?.stop().catch((e) => log.error({ err: e }, 'stopping the queue failed'))
  await http.close().catch(() => {})
  await database.close().catch((e) => log.error({ err: e }, 'closing the database failed'))
  process.exit(0)
}
process.once('SIGINT', () => void stop('SIGINT'))
process.once('SIGTERM', () => void stop('SIGTERM'))

const opened = await openQueue(config, database.url, true, log)
await startWorkers(opened, { db: database.db, config, log })
queue = opened
log.info({ port: typeof address === 'object' && address ? address.port : config.workerHttpPort }, 'worker node ready')
