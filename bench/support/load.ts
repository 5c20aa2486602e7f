// HTTP load with autocannon: a warm-up, then a timed run at a fixed number of connections.
import autocannon from 'autocannon'

export interface LoadOptions {
  baseUrl: string
  /** Paths requested in turn by every connection. */
  paths: string[]
  connections: number
  seconds: number
  warmupSeconds: number
  headers?: Record<string, string>
}

export interface LoadResult {
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

async function run(options: LoadOptions, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: seconds,
    headers: options.headers,
    requests: options.paths.map((path) => ({ method: 'GET', path })),
  })
}

export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(options, options.warmupSeconds)
  const result = await run(options, options.seconds)
  const ok = result['2xx'] + result['3xx']
  return {
    requestsPerSecond: Math.round(ok / options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
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
  return { requestsPerSecond: Math.round(operations / elapsed), p50: pick(0.5), p99: pick(0.99), errors: 0, non2xx: 0 }
}
