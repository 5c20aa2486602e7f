// Prometheus metrics of this process (prom-client), served at /metrics by web and worker nodes. The counters are
// process-wide, so domain code counts without a handle on the app; the gauges are read from the database and the
// queue when Prometheus scrapes: those of the app whose /metrics answers, so two apps in one process (a test file's
// two apps, test files sharing a process) never read each other's.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '@portal/migrations/database.ts'
import type { JobQueue } from '@portal/workflow-domain/ports.ts'
import { onEventsAppended } from '@portal/workflow-domain/ports.ts'
import { storageSpace } from './storage-space.server.ts'

export const registry = new Registry()
collectDefaultMetrics({ register: registry, prefix: 'portal_' })

export const httpRequests = new Counter({
  name: 'portal_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
})

export const httpDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

export const jobDuration = new Histogram({
  name: 'portal_job_duration_seconds',
  help: 'Time a background job ran on this node, by kind and outcome (ok, failed)',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600],
  registers: [registry],
})

export const fileCheckRows = new Counter({
  name: 'portal_file_check_rows_total',
  help: 'Data rows read by the file check (rate() of it is rows per second)',
  registers: [registry],
})

export const eventsAppended = new Counter({
  name: 'portal_events_appended_total',
  help: 'Events appended to the workflow event log by this process',
  registers: [registry],
})
// The domain reports its appends through its port; this process counts them from the moment its metrics load.
onEventsAppended((count) => eventsAppended.inc(count))

export interface MetricsSources {
  db: Kysely<Database>
  queue: JobQueue
  /** The file store whose free space is reported (a node that stores files). */
  storage?: { dir: string; minFreeBytes: number }
}
/** The sources of the app whose /metrics is answering (the gauges' collect runs inside its request). */
const scraping = new AsyncLocalStorage<MetricsSources>()
/**
 * The sources of the app built last in this process and not yet closed: read when the registry is asked outside any
 * app's request (a node:cluster primary asking this process for its figures; such a process has one app).
 */
let processSources: MetricsSources | undefined
const sourcesNow = (): MetricsSources | undefined => scraping.getStore() ?? processSources

let gather: () => Promise<string> = () => registry.metrics()

/**
 * What /metrics answers: this process's registry, unless a process of several (node:cluster) gathers them all; the
 * gauges read `from`, the answering app's database and queue.
 */
export const metricsText = (from?: MetricsSources): Promise<string> => (from ? scraping.run(from, gather) : gather())

/** Makes /metrics answer with `source` (a web process asks the cluster's primary for every process's metrics). */
export function gatherMetricsWith(source: () => Promise<string>): void {
  gather = source
}

/**
 * The database and queue the scrape-time gauges read when no app's request names them (the node's own). Returns
 * the release its app calls when it closes: a closed app's database is never read again.
 */
export function measureFrom(next: MetricsSources): () => void {
  processSources = next
  return () => {
    if (processSources === next) processSources = undefined
  }
}

new Gauge({
  name: 'portal_queue_jobs',
  help: 'Jobs in the queue across every node, by kind and state (waiting includes delayed retries; active)',
  labelNames: ['kind', 'state'] as const,
  registers: [registry],
  // Every process reads the same queue: summed over the processes of a node it would count each job several times.
  aggregator: 'max',
  async collect() {
    this.reset()
    const sources = sourcesNow()
    if (!sources) return
    const depths = await sources.queue.depth().catch(() => [])
    for (const d of depths) {
      this.set({ kind: d.name, state: 'waiting' }, d.waiting)
      this.set({ kind: d.name, state: 'active' }, d.active)
    }
  },
})

new Gauge({
  name: 'portal_job_outbox_backlog',
  help: 'Jobs committed to the outbox and not yet handed to Redis (BullMQ engine)',
  registers: [registry],
  aggregator: 'max',
  async collect() {
    this.reset()
    const sources = sourcesNow()
    if (!sources || sources.queue.engine !== 'bullmq') return
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM job_outbox`.execute(sources.db).catch(() => ({ rows: [] }))
    if (rows[0]) this.set(rows[0].n)
  },
})

new Gauge({
  name: 'portal_storage_free_bytes',
  help: 'Free bytes on the file store (STORAGE_DIR); below STORAGE_MIN_FREE_MB the node is not ready',
  labelNames: ['dir'] as const,
  registers: [registry],
  // Every process of a node sees the same disk.
  aggregator: 'max',
  async collect() {
    this.reset()
    const storage = sourcesNow()?.storage
    if (!storage) return
    const { freeBytes } = await storageSpace(storage.dir, storage.minFreeBytes)
    if (freeBytes !== null) this.set({ dir: storage.dir }, freeBytes)
  },
})

new Gauge({
  name: 'portal_storage_ready',
  help: '1 while the file store has at least STORAGE_MIN_FREE_MB free, else 0',
  labelNames: ['dir'] as const,
  registers: [registry],
  aggregator: 'min',
  async collect() {
    this.reset()
    const storage = sourcesNow()?.storage
    if (!storage) return
    this.set({ dir: storage.dir }, (await storageSpace(storage.dir, storage.minFreeBytes)).enough ? 1 : 0)
  },
})
