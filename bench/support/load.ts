// HTTP load with autocannon: a warm-up, then a timed run at a fixed number of connections.
import autocannon from 'autocannon'
import type { AddressPool } from './address-pool.ts'

export interface LoadOptions {
  baseUrl: string
  /** Paths requested in turn by every connection. */
  paths: string[]
  connections: number
  seconds: number
  warmupSeconds: number
  headers?: Record<string, string>
  /** Called between the warm-up and the measured run (a CPU window starts there). */
  beforeMeasured?: () => void
  /** At least this many answers in the warm-up (its seconds may be too few for the JIT on a loaded machine). */
  warmupRequests?: number
  /** Every answer's body must pass this (the floor's 20 rows): those that do not are counted in `failedChecks`. */
  check?: (body: string) => boolean
  /** Every answer of the measured run must have these headers (a hit case's `x-cache: hit`): others are counted in `failedHeaders`. */
  measuredHeaders?: Record<string, string>
}

export interface LoadResult {
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  /** Answers of the measured run (2xx and 3xx). */
  answers?: number
  /** Answers whose body failed the check (LoadOptions.check), warm-up included. */
  failedChecks?: number
  /** Answers of the measured run without LoadOptions.measuredHeaders, and the first one's address and header. */
  failedHeaders?: number
  firstFailedHeader?: string
}

type Failed = { count: number; headers: number; firstHeader?: string }

async function run(options: LoadOptions, seconds: number, failed: Failed, amount?: number, measured = false): Promise<autocannon.Result> {
  const { check } = options
  const wanted = measured && options.measuredHeaders ? Object.entries(options.measuredHeaders) : []
  const onResponse =
    check || wanted.length > 0
      ? (path: string, body: string, headers?: Record<string, string | string[] | undefined>) => {
          if (check && !check(body)) failed.count += 1
          const other = wanted.find(([name, value]) => headers?.[name] !== value)
          if (other) {
            failed.headers += 1
            failed.firstHeader ??= `${path} (${other[0]}: ${String(headers?.[other[0]])})`
          }
        }
      : undefined
  return autocannon({
    url: options.baseUrl,
    connections: options.connections,
    ...(amount ? { amount } : { duration: seconds }),
    headers: options.headers,
    requests: options.paths.map((path) => ({
      method: 'GET',
      path,
      ...(onResponse ? { onResponse: (_status: number, body: string, _context: unknown, headers?: Record<string, string | string[] | undefined>) => onResponse(path, body, headers) } : {}),
    })),
  })
}

export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const failed: Failed = { count: 0, headers: 0 }
  if (options.warmupSeconds > 0) await run(options, options.warmupSeconds, failed)
  if (options.warmupRequests) await run(options, 0, failed, options.warmupRequests)
  options.beforeMeasured?.()
  const result = await run(options, options.seconds, failed, undefined, true)
  const ok = result['2xx'] + result['3xx']
  return {
    requestsPerSecond: Math.round(ok / options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    answers: ok,
    failedChecks: failed.count,
    failedHeaders: failed.headers,
    firstFailedHeader: failed.firstHeader,
  }
}

export interface ColdLoadOptions {
  baseUrl: string
  /** Every request takes the next address of the pool: none is asked twice. */
  addresses: AddressPool
  connections: number
  seconds: number
  warmupSeconds: number
  /** Called between the warm-up and the measured run (a CPU window starts there). */
  beforeMeasured?: () => void
}

export interface ColdLoadResult extends LoadResult {
  /** Answers whose x-cache header was not `miss`: a hit, or an answer that did not go through the public cache. */
  notMisses: number
  /** The first such answer's address and header. */
  firstNotMiss?: string
  /** Seconds actually measured: fewer than asked when the pool ran out first. */
  seconds: number
  requests: number
}

/** autocannon's per-connection context: the address of the request in flight. */
type AskedPath = { path?: string }

/**
 * Load where no answer may come from the public cache: each request asks an address no request asked before (one
 * pool shared by every connection), and every answer's `x-cache` header is checked. A run stops early rather than
 * ask an address twice.
 */
export async function measureColdLoad(options: ColdLoadOptions): Promise<ColdLoadResult> {
  const { addresses } = options
  let notMisses = 0
  let firstNotMiss: string | undefined
  let ranOut = 0
  const runCold = async (seconds: number, share: number) => {
    // Each connection may build one request more than it sends when the run stops.
    const budget = Math.floor((addresses.remaining - options.connections) * share)
    if (budget < options.connections) throw new Error(`the pool of ${addresses.size} addresses is used up (${addresses.used} asked)`)
    const started = performance.now()
    const result = await autocannon({
      url: options.baseUrl,
      connections: options.connections,
      duration: seconds,
      maxOverallRequests: budget,
      requests: [
        {
          method: 'GET',
          setupRequest: (request, context) => {
            const path = addresses.take()
            ;(context as AskedPath).path = path ?? 'none'
            if (path === null) ranOut += 1
            return { ...request, path: path ?? '/healthz' }
          },
          onResponse: (_status, _body, context, headers) => {
            const state = headers?.['x-cache'] ?? headers?.['X-Cache']
            if (state === 'miss') return
            notMisses += 1
            firstNotMiss ??= `${(context as AskedPath).path} (x-cache: ${state ?? 'none'})`
          },
        },
      ],
    })
    return { result, seconds: (performance.now() - started) / 1000 }
  }
  // The warm-up may take at most half of the addresses (a small data set has few).
  if (options.warmupSeconds > 0) await runCold(options.warmupSeconds, 0.5)
  options.beforeMeasured?.()
  const { result, seconds } = await runCold(options.seconds, 1)
  if (ranOut > 0) throw new Error(`the pool of ${addresses.size} addresses ran out: ${ranOut} request(s) had no new address`)
  const ok = result['2xx'] + result['3xx']
  return {
    requestsPerSecond: Math.round(ok / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    notMisses,
    firstNotMiss,
    seconds: Number(seconds.toFixed(2)),
    requests: ok,
    answers: ok,
  }
}

/** Runs `work` from `concurrency` loops for `seconds`; returns operations per second and latency percentiles. */
export async function measureLoops(concurrency: number, seconds: number, work: (loop: number, i: number) => Promise<number | void>): Promise<LoadResult> {
  const times: number[] = []
  let operations = 0
  const until = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let i = 0; performance.now() < until; i++) {
        const t0 = performance.now()
        const n = await work(loop, i)
        times.push(performance.now() - t0)
        operations += typeof n === 'number' ? n : 1
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  const pick = (p: number) => Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(2))
  return { requestsPerSecond: Math.round(operations / elapsed), p50: pick(0.5), p99: pick(0.99), errors: 0, non2xx: 0, answers: operations }
}
