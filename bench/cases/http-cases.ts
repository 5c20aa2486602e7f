// The HTTP cases: the stack's ceiling (http.empty), the data's ceiling (sql.list), the API and the pages under load.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import type { Database } from '@portal/migrations/database.ts'
import { parseFilters, findType } from '@portal/workflow-domain/registry.ts'
import { listStatements } from '@portal/workflow-domain/use-cases.server.ts'
import { createKysely } from '@portal/workflow-server/service.server.ts'
import { AddressPool, crossed } from '../support/address-pool.ts'
import { measureColdLoad, measureLoad, measureLoops, type LoadResult } from '../support/load.ts'
import { freePort, type RunningPortal, stopChild, waitForHealth } from '../support/portal-process.ts'
import { sampleRss } from '../support/process-rss.ts'
import { cpuWindow, ownCpuSeconds } from '../support/cpu-seconds.ts'
import { type CaseResult, round } from '../support/results.ts'
import type { BenchContext, Recorder } from './bench-context.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The records the cases ask for: taken from the large part of the data set, the same on every run. */
export interface Targets {
  areaIds: number[]
  pointIds: number[]
  companyId: number
  pointKinds: string[]
  year: number
  search: string
  /** The cache-miss cases' space: every area with points of the listed kinds, every point, every year of readings. */
  allAreaIds: number[]
  allPointIds: number[]
  years: number[]
}

export const LIST_KINDS = ['ambient_air', 'soils']

export async function findTargets(db: Kysely<Database>): Promise<Targets> {
  const areas = await db
    .selectFrom('areas')
    .select('id')
    .where('kind', '=', 'licence_area')
    .where((eb) => eb.exists(eb.selectFrom('measures_points').select('id').whereRef('measures_points.area_id', '=', 'areas.id').where('kind', 'in', LIST_KINDS)))
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
  const points = await db.selectFrom('measures_points').select('id').orderBy('id', 'desc').limit(100).execute()
  const company = await db.selectFrom('companies').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
  const allAreas = await db
    .selectFrom('areas')
    .select('id')
    .where('kind', '=', 'licence_area')
    .where((eb) => eb.exists(eb.selectFrom('measures_points').select('id').whereRef('measures_points.area_id', '=', 'areas.id').where('kind', 'in', LIST_KINDS)))
    .orderBy('id')
    .execute()
  const allPoints = await db.selectFrom('measures_points').select('id').orderBy('id').execute()
  // The years of a point with readings (every generated point has the same years): an index scan, not 5 million rows.
  const yearsOf = await db
    .selectFrom('measures_point_indications')
    .select('year')
    .distinct()
    .where('measures_point_id', '=', (eb) => eb.selectFrom('measures_point_indications').select((e) => e.fn.max('measures_point_id').as('p')))
    .orderBy('year')
    .execute()
  return {
    allAreaIds: allAreas.map((a) => a.id),
    allPointIds: allPoints.map((p) => p.id),
    years: yearsOf.map((y) => y.year),
    areaIds: areas.map((a) => a.id),
    pointIds: points.map((p) => p.id),
    companyId: company.id,
    pointKinds: LIST_KINDS,
    year: 2024,
    search: 'Ярудейский',
  }
}

const enc = encodeURIComponent

export function apiPaths(t: Targets) {
  return {
    'api.list': t.areaIds.map((id) => `/api/v1/measures-points/?area=${id}&kind__in=${t.pointKinds.join(',')}&limit=20`),
    'api.detail': t.areaIds.map((id) => `/api/v1/areas/${id}/`),
    'api.indicators': [`/api/v1/measures-point-indications/?year=${t.year}&limit=20`],
    // The site search the public uses: a list's own search is the Department's (decision 2521), the public's is ignored.
    'api.search': [`/api/v1/search/?q=${enc(t.search)}&limit=10`],
    'page.companies': ['/monitoring/companies/'],
    'page.area': t.areaIds.slice(0, 20).map((id) => `/monitoring/areas/${id}/`),
    'page.point': t.pointIds.slice(0, 20).map((id) => `/monitoring/measures-points/${id}/`),
  }
}

const MIN_COLD_SECONDS = 2

/** The kind filters of the cold list: the hit case's pair, then each kind alone (three answers per area). */
const COLD_KIND_FILTERS = [`kind__in=${LIST_KINDS.join(',')}`, ...LIST_KINDS.map((k) => `kind=${k}`)]

/**
 * The cache-miss cases' addresses: the same routes as the hit cases, over every record, year and filter, so each
 * request asks something nobody asked before (at least 10 000 addresses on the large data set, each used once).
 */
export function coldAddresses(t: Targets) {
  const yearOrLatest = ['', ...t.years.map((y) => `?year=${y}`)]
  return {
    'api.list.cold': () => crossed([t.allAreaIds, COLD_KIND_FILTERS], (id, kinds) => `/api/v1/measures-points/?area=${id}&${kinds}&limit=20`),
    'api.detail.cold': () => crossed([t.allPointIds], (id) => `/api/v1/measures-points/${id}/`),
    'api.indicators.cold': () => crossed([t.allPointIds, t.years], (id, year) => `/api/v1/measures-point-indications/?measures_point=${id}&year=${year}&limit=20`),
    'page.area.cold': () => crossed([t.allAreaIds], (id) => `/monitoring/areas/${id}/`),
    'page.point.cold': () => crossed([t.allPointIds, yearOrLatest], (id, year) => `/monitoring/measures-points/${id}/${year}`),
    // An anonymous visitor's search is no longer asked for (decision 3503) and a limit the list does not show is sent
    // to the one it shows (3509), so neither keys a page: the pages the list really has, one per page size «показать
    // ещё» reaches (20, 40, … 1 000), are its misses — 50 of them, used up in a second or two.
    'page.companies.cold': () => crossed([COLD_LIMITS], (limit) => `/monitoring/companies/?limit=${limit}`),
  } satisfies Record<string, () => AddressPool>
}

/** Every page size a list page shows (a multiple of 20 up to 1 000, decision 3509), each its own cache entry. */
/** The page sizes the companies list offers (decision 3509): its cold case asks each once per pass. */
export const COLD_LIMITS = Array.from({ length: 50 }, (_, i) => 20 * (i + 1))

function loadResult(name: string, load: LoadResult, rss: number, limit?: string): CaseResult {
  if (load.errors > 0 || load.non2xx > 0) throw new Error(`${name}: ${load.errors} errors and ${load.non2xx} answers other than 2xx/3xx`)
  if (load.requestsPerSecond === 0) throw new Error(`${name}: no answer completed within the measured seconds`)
  return { case: name, value: load.requestsPerSecond, unit: 'req/s', p50_ms: load.p50, p99_ms: load.p99, rss_mb: rss, ...(limit ? { limit_case: limit } : {}) }
}

/** http.empty: an empty Fastify route in as many processes as the portal's web tier. */
export async function emptyRouteCase(context: BenchContext, record: Recorder): Promise<void> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/support/empty-server.ts'), String(port), String(context.webProcesses)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    const baseUrl = `http://127.0.0.1:${port}`
    await waitForHealth(`${baseUrl}/`, child, 30_000)
    await new Promise((r) => setTimeout(r, 500))
    const rss = sampleRss(child.pid!)
    const load = await measureLoad({ baseUrl, paths: ['/'], connections: context.connections, seconds: context.seconds, warmupSeconds: context.warmupSeconds })
    record(loadResult('http.empty', load, rss.stop()))
  } finally {
    await stopChild(child)
  }
}

/** sql.list: the two statements of api.list (rows and count) through bare pg, at the same concurrency. */
export async function sqlListCase(context: BenchContext, targets: Targets, record: Recorder): Promise<void> {
  const type = findType('measures-points')!
  const pool = new pg.Pool({ connectionString: context.dataSet.url, max: 10 * context.webProcesses })
  // A query on a lost connection fails the case with its error; an idle one's must not be an uncaught exception.
  pool.on('error', () => {})
  const compiler = createKysely(context.dataSet.url, 1)
  try {
    const statements = targets.areaIds.map((id) => {
      const filters = parseFilters(type, { area: String(id), kind__in: targets.pointKinds.join(',') })
      const { rows, count } = listStatements(type, filters, 20, 0)
      return [rows.compile(compiler), count.compile(compiler)]
    })
    const run = (_loop: number, i: number) => {
      const [rows, count] = statements[i % statements.length]
      return Promise.all([pool.query(rows.sql, rows.parameters as unknown[]), pool.query(count.sql, count.parameters as unknown[])]).then(() => 1)
    }
    await measureLoops(context.connections, context.warmupSeconds, run)
    // CPU per list of this process (the client) and of PostgreSQL: what api.list.cold's misses are held against.
    const cpu = cpuWindow(ownCpuSeconds, context.dataSet.postmaster)
    cpu.start()
    const load = await measureLoops(context.connections, context.seconds, run)
    const { cpuMs, pgCpuMs } = cpu.stop(load.answers ?? 0)
    record({ case: 'sql.list', value: load.requestsPerSecond, unit: 'req/s', p50_ms: load.p50, p99_ms: load.p99, cpu_ms: cpuMs, ...(pgCpuMs !== null ? { pg_cpu_ms: pgCpuMs } : {}) })
  } finally {
    await pool.end()
    await compiler.destroy()
  }
}

/** The API and page cases against the running portal. */
export async function portalLoadCases(context: BenchContext, portal: RunningPortal, targets: Targets, record: Recorder): Promise<void> {
  const paths = apiPaths(targets)
  const limits: Partial<Record<keyof typeof paths, string>> = {
    'api.list': 'sql.list',
    'api.detail': 'http.empty',
    'api.indicators': 'http.empty',
    'api.search': 'http.empty',
    'page.companies': 'http.empty',
    'page.area': 'http.empty',
    'page.point': 'http.empty',
  }
  for (const [name, list] of Object.entries(paths) as Array<[keyof typeof paths, string[]]>) {
    context.log(`${name}: ${list.length} address(es), e.g. ${list[0]}`)
    const rss = sampleRss(portal.pid)
    const load = await measureLoad({ baseUrl: portal.baseUrl, paths: list, connections: context.connections, seconds: context.seconds, warmupSeconds: context.warmupSeconds })
    record(loadResult(name, load, rss.stop(), limits[name]))
  }
}

/**
 * The cache-miss cases: every request a different address, each answer checked to be a miss (the case fails on any
 * other), with the same ceilings as the hit cases. The cache is emptied before each case (a NOTIFY public_changed, as
 * any publication sends), so no address an earlier case asked can be a hit.
 */
export async function portalColdCases(context: BenchContext, portal: RunningPortal, targets: Targets, wanted: (name: string) => boolean, record: Recorder): Promise<void> {
  const pools = coldAddresses(targets)
  const limits: Record<keyof typeof pools, string> = {
    'api.list.cold': 'sql.list',
    'api.detail.cold': 'http.empty',
    'api.indicators.cold': 'http.empty',
    'page.area.cold': 'http.empty',
    'page.point.cold': 'http.empty',
    'page.companies.cold': 'http.empty',
  }
  const db = createKysely(context.dataSet.url, 1)
  // A failed case (answers too slow, a hit) is reported after the others have run: each is a figure of its own.
  const failures: string[] = []
  try {
    for (const [name, pool] of Object.entries(pools) as Array<[keyof typeof pools, () => AddressPool]>) {
      if (!wanted(name)) continue
      try {
        await coldCase(name, pool())
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        context.log(`FAILED ${name}: ${message}`)
        failures.push(message)
      }
    }
  } finally {
    await db.destroy()
  }
  if (failures.length > 0) throw new Error(failures.join('; '))

  async function coldCase(name: keyof typeof pools, addresses: AddressPool): Promise<void> {
    context.log(`${name}: ${addresses.size} addresses, each asked once, e.g. ${addresses.peek(1)[0]}`)
    const rss = sampleRss(portal.pid)
    const miss = await missCpu(name, addresses)
    const result: CaseResult = { ...loadResult(name, miss.load, rss.stop(), limits[name]), cpu_ms: miss.cpuMs, ...(miss.pgCpuMs !== null ? { pg_cpu_ms: miss.pgCpuMs } : {}) }
    record(isPageCase(name) ? { ...result, parts: await pageParts(name, miss) } : result)
  }

  /** CPU per answer of the web tier and of PostgreSQL over a pool's misses, after the cache was emptied. */
  async function missCpu(name: string, addresses: AddressPool) {
    await sql`SELECT pg_notify('public_changed', '')`.execute(db)
    // The notification reaches every web process's listener in a moment; the first addresses are the warm-up's.
    await new Promise((r) => setTimeout(r, 300))
    // A miss of a page takes hundreds of milliseconds on a loaded machine: a shorter run (the harness's test) might
    // see no answer complete.
    const seconds = Math.max(context.seconds, MIN_COLD_SECONDS)
    // CPU per answer of the web tier (the portal's process and its web processes) and of PostgreSQL, measured run only.
    const cpu = cpuWindow(portal.pid, context.dataSet.postmaster)
    // A small pool (the companies list's 50 page sizes) cannot feed the usual connections through a warm-up and a run:
    // fewer connections then, so each still asks its own address.
    const connections = Math.max(1, Math.min(context.connections, Math.floor(addresses.size / 8)))
    if (connections < context.connections) context.log(`${name}: ${connections} connections (a pool of ${addresses.size} addresses)`)
    const load = await measureColdLoad({ baseUrl: portal.baseUrl, addresses, connections, seconds, warmupSeconds: context.warmupSeconds, beforeMeasured: () => cpu.start() })
    const { cpuMs, pgCpuMs } = cpu.stop(load.requests)
    // Errors and answers other than 2xx/3xx refuse the run here, data requests included (loadResult throws on them).
    loadResult(name, load, 0)
    // Refused, not reported: a figure with hits in it is not a miss's cost.
    if (load.notMisses > 0) throw new Error(`${name}: ${load.notMisses} of ${load.requests} answers were not cache misses, the first ${load.firstNotMiss}`)
    if (load.seconds < seconds * 0.9) context.log(`${name}: the ${addresses.size} addresses were used up after ${load.seconds} s`)
    return { load, cpuMs, pgCpuMs }
  }

  /** CPU per answer of the web tier over addresses the cache holds (each asked in a warm-up first): the serving alone. */
  async function hitCpu(name: string, paths: string[]): Promise<number> {
    const cpu = cpuWindow(portal.pid, null)
    const load = await measureLoad({
      baseUrl: portal.baseUrl,
      paths,
      connections: context.connections,
      seconds: Math.min(context.seconds, HIT_SECONDS),
      warmupSeconds: Math.min(context.warmupSeconds, 1),
      // Each connection asks the addresses from the first on, so each goes through them all twice (the connections
      // are spread over the web processes, so each process holds every address), however short the seconds.
      warmupRequests: paths.length * context.connections * 2,
      beforeMeasured: () => cpu.start(),
      measuredHeaders: { 'x-cache': 'hit' },
    })
    const { cpuMs } = cpu.stop(load.answers ?? 0)
    if (load.failedHeaders) throw new Error(`${name}: ${load.failedHeaders} of ${load.answers} answers of the hit run were not cache hits, the first ${load.firstFailedHeader}`)
    if (load.errors > 0 || load.non2xx > 0 || !load.answers) throw new Error(`${name}: ${load.errors} errors and ${load.non2xx} answers other than 2xx/3xx in the hit run`)
    return cpuMs
  }

  /**
   * A page miss by part, measured right after it: the same addresses served from the cache (the serving: Fastify,
   * headers, the socket), their data requests (`.data`: the loaders, their reads and the loader data's encoding, no
   * HTML) as misses and as hits. Loaders and reads = data miss − data hit; render = page miss − page hit − that;
   * PostgreSQL = the page miss's.
   */
  async function pageParts(name: (typeof PAGE_CASES)[number], page: { cpuMs: number; pgCpuMs: number | null }): Promise<NonNullable<CaseResult['parts']>> {
    const paths = pools[name]().peek(HIT_ADDRESSES)
    const serving = await hitCpu(name, paths)
    const dataPool = () => pools[name]().map(dataAddress)
    const dataMiss = await missCpu(`${name} (data)`, dataPool())
    const dataHit = await hitCpu(`${name} (data)`, dataPool().peek(HIT_ADDRESSES))
    const loaders = dataMiss.cpuMs - dataHit
    return {
      serving_ms: round(serving, 3),
      loaders_ms: round(loaders, 3),
      render_ms: round(page.cpuMs - serving - loaders, 3),
      ...(page.pgCpuMs !== null ? { postgres_ms: page.pgCpuMs } : {}),
    }
  }
}

/** The page cases, measured by part. */
const PAGE_CASES = ['page.area.cold', 'page.point.cold', 'page.companies.cold'] as const
const isPageCase = (name: string): name is (typeof PAGE_CASES)[number] => (PAGE_CASES as readonly string[]).includes(name)
/** Addresses and seconds of a hit run: few enough to stay in every web process's cache, a run long enough to count. */
const HIT_ADDRESSES = 50
const HIT_SECONDS = 3

/** A page's data request, as Remix's single fetch asks it: `/a/b/?q` → `/a/b.data?q` (the root is `/_root.data`). */
export function dataAddress(address: string): string {
  const [pathname, query] = address.split(/\?(.*)/s, 2)
  const trimmed = pathname.replace(/\/$/, '')
  return `${trimmed === '' ? '/_root' : trimmed}.data${query ? `?${query}` : ''}`
}

export async function databaseVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(db)
  return rows[0].v
}
