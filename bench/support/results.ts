// One benchmark result per case, the table printed at the end and bench/results/latest.json.
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface CaseResult {
  case: string
  value: number
  unit: string
  p50_ms?: number
  p99_ms?: number
  rss_mb?: number
  /** The case this one is compared with: its ceiling (http.empty, sql.list) or its peer (peer.append). */
  limit_case?: string
  /** value / value of limit_case. */
  ratio?: number
  /** Why the case has no figure (e.g. Redis unreachable); value is 0 then. */
  skipped?: string
}

export const CASE_NAMES = [
  'http.empty',
  'sql.list',
  'api.list',
  'api.detail',
  'api.indicators',
  'api.search',
  'page.companies',
  'page.area',
  'page.point',
  'api.list.cold',
  'api.detail.cold',
  'api.indicators.cold',
  'page.area.cold',
  'page.point.cold',
  'page.companies.cold',
  'page.js',
  'page.lcp',
  'workflow.commands',
  'workflow.append',
  'peer.append',
  'workflow.replay',
  'queue.pgboss',
  'queue.bullmq',
  'files.csv',
  'files.xlsx',
] as const

export type CaseName = (typeof CASE_NAMES)[number]

const round = (n: number, digits: number) => Number(n.toFixed(digits))

/** Fills ratio from limit_case for every case whose limit was measured too. */
export function withRatios(results: CaseResult[]): CaseResult[] {
  const byName = new Map(results.map((r) => [r.case, r]))
  return results.map((r) => {
    const limit = r.limit_case ? byName.get(r.limit_case) : undefined
    if (!limit || !limit.value || !r.value) return r
    const ratio = r.value / limit.value
    // A miss can be a thousandth of the bare route: two decimals would print 0.
    return { ...r, ratio: round(ratio, ratio < 0.1 ? 4 : 2) }
  })
}

export function formatTable(results: CaseResult[]): string {
  const cell = (v: number | string | undefined) => (v === undefined ? '' : String(v))
  const lines = ['| case | value | unit | p50 ms | p99 ms | RSS MB | limit case | ratio |', '|---|---:|---|---:|---:|---:|---|---:|']
  for (const r of results) {
    const value = r.skipped ? `— (${r.skipped})` : cell(r.value)
    lines.push(`| ${r.case} | ${value} | ${r.unit} | ${cell(r.p50_ms)} | ${cell(r.p99_ms)} | ${cell(r.rss_mb)} | ${cell(r.limit_case)} | ${cell(r.ratio)} |`)
  }
  return lines.join('\n')
}

export interface MachineInfo {
  cpus: number
  cpu_model: string
  memory_gb: number
  node: string
  postgres: string
  platform: string
  /** Load average over 1, 5 and 15 minutes when the run started: the machine may be shared. */
  load_average_at_start: number[]
  web_processes: number
  scale: string
  started_at: string
  seconds: number
}

export function machineBasics(): Pick<MachineInfo, 'cpus' | 'cpu_model' | 'memory_gb' | 'node' | 'platform' | 'load_average_at_start'> {
  const cpus = os.cpus()
  return {
    cpus: os.availableParallelism(),
    cpu_model: cpus[0]?.model ?? 'unknown',
    memory_gb: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    load_average_at_start: os.loadavg().map((l) => round(l, 2)),
  }
}

/** Writes {machine, cases} with absent fields omitted. */
export function writeResults(file: string, machine: MachineInfo, results: CaseResult[]): void {
  mkdirSync(path.dirname(file), { recursive: true })
  const cases = results.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)))
  writeFileSync(file, `${JSON.stringify({ machine, cases }, null, 2)}\n`)
}

export { round }
