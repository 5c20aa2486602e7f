// `npm run bench`: the portal's benchmark. Loads (once) the large data set, starts the portal as production runs it,
// measures every case with a warm-up, prints one table and writes bench/results/latest.json.
// Options: --scale large|large-x2|large-x10|tiny, --web-processes N, --seconds S, --warmup S, --connections N, --file-rows N,
//          --cases a,b (only these), --no-build, --out FILE.
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createKysely } from '@portal/workflow-server/service.server.ts'
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

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'large' },
    'web-processes': { type: 'string', default: String(os.availableParallelism()) },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '50' },
    'file-rows': { type: 'string' },
    cases: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(root, 'bench/results/latest.json') },
  },
})
if (!Object.hasOwn(SCALES, values.scale)) {
  process.stderr.write(`--scale must be one of ${Object.keys(SCALES).join(', ')}\n`)
  process.exit(2)
}
const scale = values.scale as BenchScale
const tiny = scale === 'tiny'
const only = values.cases ? new Set(values.cases.split(',')) : null
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

const machine = { ...machineBasics(), web_processes: Number(values['web-processes']), scale, started_at: new Date().toISOString() }
log(`machine: ${machine.cpus} cores (${machine.cpu_model}), load average ${machine.load_average_at_start.join(' ')}`)
const dataSet = await openBenchDataSet(scale, log)
log(dataSet.seedSeconds ? `data set loaded in ${dataSet.seedSeconds.toFixed(0)} s` : 'data set reused from an earlier run')
const context: BenchContext = {
  scale,
  seconds: Number(values.seconds ?? (tiny ? 1 : 10)),
  warmupSeconds: Number(values.warmup ?? (tiny ? 0.5 : 3)),
  connections: Number(values.connections),
  webProcesses: Number(values['web-processes']),
  fileRows: Number(values['file-rows'] ?? (tiny ? 2000 : 1_000_000)),
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
const seconds = Math.round((Date.now() - started) / 1000)
writeResults(values.out, { ...machine, postgres, seconds }, ordered)
process.stdout.write(`\n${formatTable(ordered)}\n\n${ordered.length} cases in ${seconds} s; written to ${path.relative(process.cwd(), values.out)}\n`)
const missing = CASE_NAMES.filter((n) => wanted(n) && !ordered.some((r) => r.case === n))
if (missing.length) process.stdout.write(`missing: ${missing.join(', ')}\n`)
if (failed || missing.length) process.exitCode = 1
