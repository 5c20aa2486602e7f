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
  /** CPU ms per operation of the serving side, from /proc: the web tier's processes, or the bench process for the cases it runs itself. */
  cpu_ms?: number
  /** CPU ms per operation of PostgreSQL (every process of the embedded server); absent on a server that is not ours. */
  pg_cpu_ms?: number
  /** The bare case this one is held against in CPU per operation (page.floor, sql.tx, sql.list). */
  floor_case?: string
  /** (cpu_ms + pg_cpu_ms) / the floor's. */
  floor_ratio?: number
  /** The aim for the case, and whether this run met it. */
  aim?: string
  aim_met?: boolean
  /** An aim missed: where the CPU above the floor goes, measured (ms per operation). */
  above_floor?: { process_ms: number; postgres_ms?: number }
  /**
   * A page miss by part (CPU ms per answer, measured in the same run): serving (the same page from the cache), the
   * loaders with their reads (its data request's miss less its hit), the render (the rest of the web tier's) and
   * PostgreSQL.
   */
  parts?: { serving_ms: number; loaders_ms: number; render_ms: number; postgres_ms?: number }
  /** What the case checked or is made of (the floor's routes, a replay's own limit). */
  detail?: Record<string, number | string>
}

export const CASE_NAMES = [
  'http.empty',
  'page.floor',
  'sql.list',
  'sql.tx',
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

/** The floor of each case held to one: the bare page of the portal's stack, the bare transaction of a command. */
export const FLOORS: Record<string, string> = {
  'page.area.cold': 'page.floor',
  'page.point.cold': 'page.floor',
  'page.companies.cold': 'page.floor',
  'workflow.commands': 'sql.tx',
  // Its aim is in answers per second (≥ 0.7 of the bare statements'); its CPU is held to theirs beside it.
  'api.list.cold': 'sql.list',
}

/** The aims (38), read from the run's own figures: a ratio to the floor or the limit case, or a value. */
interface Aim {
  text: string
  met(r: CaseResult): boolean | undefined
}
const atMost = (bound: number): Aim => ({ text: `CPU ≤ ${bound} × floor`, met: (r) => (r.floor_ratio === undefined ? undefined : r.floor_ratio <= bound) })
export const AIMS: Record<string, Aim> = {
  'page.area.cold': atMost(1.6),
  'page.point.cold': atMost(1.6),
  'page.companies.cold': atMost(1.6),
  'workflow.commands': atMost(3),
  'workflow.replay': { text: '≥ 100000 events/s', met: (r) => (r.value ? r.value >= 100_000 : undefined) },
  'api.list.cold': { text: '≥ 0.7 × sql.list', met: (r) => (r.ratio === undefined ? undefined : r.ratio >= 0.7) },
}

const cpuOf = (r: CaseResult) => (r.cpu_ms === undefined ? undefined : r.cpu_ms + (r.pg_cpu_ms ?? 0))

/**
 * Fills ratio from limit_case, floor_ratio from the case's floor (CPU per operation, web or client process and
 * PostgreSQL together), whether the case's aim is met, and, where it is missed, the CPU above the floor by part.
 */
export function withRatios(results: CaseResult[]): CaseResult[] {
  const byName = new Map(results.map((r) => [r.case, r]))
  return results.map((measured) => {
    let r = measured
    const limit = r.limit_case ? byName.get(r.limit_case) : undefined
    if (limit && limit.value && r.value) {
      const ratio = r.value / limit.value
      // A miss can be a thousandth of the bare route: two decimals would print 0.
      r = { ...r, ratio: round(ratio, ratio < 0.1 ? 4 : 2) }
    }
    const floor = FLOORS[r.case] ? byName.get(FLOORS[r.case]) : undefined
    const [own, floorCpu] = [cpuOf(r), floor && cpuOf(floor)]
    if (floor && own !== undefined && floorCpu) r = { ...r, floor_case: floor.case, floor_ratio: round(own / floorCpu, 2) }
    const aim = AIMS[r.case]
    const met = aim && !r.skipped ? aim.met(r) : undefined
    if (aim && met !== undefined) r = { ...r, aim: aim.text, aim_met: met }
    if (met === false && floor && r.cpu_ms !== undefined && floor.cpu_ms !== undefined) {
      const postgres = r.pg_cpu_ms !== undefined ? round(r.pg_cpu_ms - (floor.pg_cpu_ms ?? 0), 3) : undefined
      r = { ...r, above_floor: { process_ms: round(r.cpu_ms - floor.cpu_ms, 3), ...(postgres !== undefined ? { postgres_ms: postgres } : {}) } }
    }
    return r
  })
}

export function formatTable(results: CaseResult[]): string {
  const cell = (v: number | string | undefined) => (v === undefined ? '' : String(v))
  const lines = [
    '| case | value | unit | p50 ms | p99 ms | RSS MB | limit case | ratio | CPU ms/op | PG ms/op | floor | × floor | aim | met | above the floor (process / PG ms) | by part (serving / loaders and reads / render / PG ms) | detail |',
    '|---|---:|---|---:|---:|---:|---|---:|---:|---:|---|---:|---|---|---|---|---|',
  ]
  for (const r of results) {
    const value = r.skipped ? `— (${r.skipped})` : cell(r.value)
    const met = r.aim_met === undefined ? '' : r.aim_met ? 'met' : 'missed'
    const above = r.above_floor ? `${r.above_floor.process_ms} / ${cell(r.above_floor.postgres_ms)}` : ''
    const parts = r.parts ? `${r.parts.serving_ms} / ${r.parts.loaders_ms} / ${r.parts.render_ms} / ${cell(r.parts.postgres_ms)}` : ''
    const detail = Object.entries(r.detail ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')
    lines.push(
      `| ${r.case} | ${value} | ${r.unit} | ${cell(r.p50_ms)} | ${cell(r.p99_ms)} | ${cell(r.rss_mb)} | ${cell(r.limit_case)} | ${cell(r.ratio)} | ` +
        `${cell(r.cpu_ms)} | ${cell(r.pg_cpu_ms)} | ${cell(r.floor_case)} | ${cell(r.floor_ratio)} | ${cell(r.aim)} | ${met} | ${above} | ${parts} | ${detail} |`,
    )
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
