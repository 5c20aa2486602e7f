// Times repeated calls of one request and prints the rows of a latency table (p50, p95, max, requests per second).
export const LATENCY_HEADER = ['| request | requests | p50 ms | p95 ms | max ms | req/s |', '|---|---:|---:|---:|---:|---:|']

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/** Runs `run` n times after a short warm-up (plans and caches), checking each status, and returns one table row. */
export async function latencyRow(
  label: string,
  n: number,
  run: (i: number) => Promise<{ statusCode: number }>,
  status = 200,
): Promise<string> {
  for (let i = 0; i < Math.min(10, n); i++) await run(i)
  const times: number[] = []
  const started = performance.now()
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    const res = await run(i)
    if (res.statusCode !== status) throw new Error(`${label} answered ${res.statusCode}`)
    times.push(performance.now() - t0)
  }
  const total = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  return `| ${label} | ${n} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${times[times.length - 1].toFixed(2)} | ${(n / total).toFixed(0)} |`
}
