// /metrics of a node with several web processes (WEB_PROCESSES > 1): whichever process answers asks the primary,
// which gathers every web process's registry and its own (the background workers run there) and merges them with
// prom-client's AggregatorRegistry: counters and histograms summed, the queue gauges taken once.
import cluster, { type Worker } from 'node:cluster'
import { randomUUID } from 'node:crypto'
import { AggregatorRegistry } from 'prom-client'
import { gatherMetricsWith, registry } from '@portal/workflow-server/service.server.ts'

const ASK_ALL = 'portal:metrics-of-all?'
const ALL = 'portal:metrics-of-all'
const ASK_OWN = 'portal:metrics-of-process?'
const OWN = 'portal:metrics-of-process'
/** A process that does not answer within this long (it is dying) is left out of the scrape. */
const WAIT_MS = 3000

/** One process's registry as getMetricsAsJSON() gives it, as it crosses the IPC channel. */
type ProcessMetrics = object[]
type Message = { type?: string; id?: string; body?: string; metrics?: ProcessMetrics }

function reply<T>(send: () => void, matches: (m: Message) => T | undefined, on: NodeJS.EventEmitter, event: string): Promise<T | undefined> {
  return new Promise((resolve) => {
    // A process's and a worker's 'message' event both give the message first (a socket handle may follow).
    const listener = (message: Message | null) => {
      const value = message ? matches(message) : undefined
      if (value === undefined) return
      done(value)
    }
    const done = (value: T | undefined) => {
      clearTimeout(timer)
      on.off(event, listener)
      resolve(value)
    }
    const timer = setTimeout(() => done(undefined), WAIT_MS)
    on.on(event, listener)
    send()
  })
}

/** In the primary: answers the web processes' requests for the metrics of every process. */
export function serveClusterMetrics(): void {
  const askOwn = (worker: Worker) => {
    const id = randomUUID()
    return reply<ProcessMetrics>(() => worker.send({ type: ASK_OWN, id }), (m) => (m.type === OWN && m.id === id ? (m.metrics ?? []) : undefined), worker, 'message')
  }
  cluster.on('message', (worker: Worker, message: Message) => {
    if (message?.type !== ASK_ALL) return
    void (async () => {
      const live = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w.isConnected())
      const all = [await registry.getMetricsAsJSON(), ...(await Promise.all(live.map(askOwn))).filter((m): m is ProcessMetrics => m !== undefined)]
      const body = await AggregatorRegistry.aggregate(all).metrics()
      if (worker.isConnected()) worker.send({ type: ALL, id: message.id, body })
    })()
  })
}

/** In a web process: gives its own registry to the primary, and answers /metrics with every process's. */
export function reportMetricsToPrimary(): void {
  process.on('message', (message: Message) => {
    if (message?.type !== ASK_OWN) return
    void registry.getMetricsAsJSON().then((metrics) => process.send?.({ type: OWN, id: message.id, metrics }))
  })
  gatherMetricsWith(async () => {
    const id = randomUUID()
    const body = await reply<string>(() => process.send?.({ type: ASK_ALL, id }), (m) => (m.type === ALL && m.id === id ? (m.body ?? '') : undefined), process, 'message')
    if (body === undefined) throw new Error('the primary process did not gather the metrics in time')
    return body
  })
}
