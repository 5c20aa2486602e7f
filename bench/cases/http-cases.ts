// The HTTP cases: the stack's ceiling (http.empty), the data's ceiling (sql.list), the API and the pages under load.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import type { Database } from '@portal/migrations/database.ts'
import { parseFilters } from '@portal/workflow-service/catalogue/filters.ts'
import { listStatements } from '@portal/workflow-service/catalogue/query.server.ts'
import { findType } from '@portal/workflow-service/catalogue/registry/index.ts'
import { createKysely } from '@portal/workflow-service/db/connect.server.ts'
import { measureLoad, measureLoops, type LoadResult } from '../support/load.ts'
import { freePort, type RunningPortal, stopChild, waitForHealth } from '../support/portal-process.ts'
import { sampleRss } from '../support/process-rss.ts'
import type { CaseResult } from '../support/results.ts'
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
  return {
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
    const load = await measureLoops(context.connections, context.seconds, run)
    record({ case: 'sql.list', value: load.requestsPerSecond, unit: 'req/s', p50_ms: load.p50, p99_ms: load.p99 })
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

export async function databaseVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(db)
  return rows[0].v
}
