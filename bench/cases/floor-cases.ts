// The floors the bench holds the portal to, measured in the same run as the cases they judge: page.floor (a bare
// Remix page on the portal's own stack) and sql.tx (the bare transaction of a command's essential writes).
import { spawn, spawnSync } from 'node:child_process'
import { createHmac, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import pg from 'pg'
import { JOBS } from '@portal/workflow-domain/ports.ts'
import portalRoutes from '../../remix-app/app/routes.ts'
import { cpuWindow, ownCpuSeconds } from '../support/cpu-seconds.ts'
import { measureLoad, measureLoops } from '../support/load.ts'
import { freePort, stopChild, waitForHealth } from '../support/portal-process.ts'
import { sampleRss } from '../support/process-rss.ts'
import type { BenchContext, Recorder } from './bench-context.ts'
import { WRITERS } from './workflow-cases.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const FLOOR_APP = path.join(root, 'bench/floor-app')
const FLOOR_BUILD = path.join(FLOOR_APP, 'build/server/index.js')

/** The rows the floor page renders; an answer without exactly these many is not the floor and is not reported. */
export const FLOOR_ROWS = 20
const ROW_MARK = 'class="floor-row"'

export function floorRowsOf(page: string): number {
  let rows = 0
  for (let at = page.indexOf(ROW_MARK); at >= 0; at = page.indexOf(ROW_MARK, at + ROW_MARK.length)) rows++
  return rows
}

/** Builds the floor app with the portal's build tool (remix vite:build, as `npm run build` builds remix-app). */
export function buildFloor(log: (m: string) => void): void {
  log('building the floor page (remix vite:build bench/floor-app)')
  const result = spawnSync('npx', ['remix', 'vite:build', FLOOR_APP], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error('the floor page did not build')
}

/**
 * page.floor: the floor page in as many processes as the portal's web tier, at the same connections as the page
 * cases: req/s and the web processes' CPU per answer. Every answer must hold the 20 rows, or the case fails.
 */
export async function pageFloorCase(context: BenchContext, build: boolean, record: Recorder): Promise<void> {
  // The portal's build has a route per entry of its route config and the root; a floor built when the portal had
  // another number is built again (its route tree is counted from the portal's config when it is built).
  const portalRouteCount = portalRoutes.length + 1
  const routesOfBuild = async () => Object.keys(((await import(`${pathToFileURL(FLOOR_BUILD).href}?at=${Date.now()}`)) as { routes: Record<string, unknown> }).routes).length
  if (build || !existsSync(FLOOR_BUILD)) buildFloor(context.log)
  let routeCount = await routesOfBuild()
  if (routeCount !== portalRouteCount) {
    buildFloor(context.log)
    routeCount = await routesOfBuild()
  }
  if (routeCount !== portalRouteCount) throw new Error(`page.floor: ${routeCount} routes against the portal's ${portalRouteCount}: not reported`)
  const port = await freePort()
  // Node runs the server's TypeScript itself (type stripping): no loader between the requests and the page.
  const child = spawn(process.execPath, [path.join(root, 'bench/support/floor-server.ts'), FLOOR_BUILD, String(port), String(context.webProcesses)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    const baseUrl = `http://127.0.0.1:${port}`
    await waitForHealth(`${baseUrl}/healthz`, child, 30_000)
    await new Promise((r) => setTimeout(r, 500))
    const paths = Array.from({ length: 100 }, (_, i) => `/monitoring/floor/${i + 1}`)
    const first = await (await fetch(`${baseUrl}${paths[0]}`)).text()
    if (floorRowsOf(first) !== FLOOR_ROWS) throw new Error(`page.floor: the page shows ${floorRowsOf(first)} rows, not ${FLOOR_ROWS}: not reported`)
    const rss = sampleRss(child.pid!)
    const cpu = cpuWindow(child.pid!, null)
    const load = await measureLoad({
      baseUrl,
      paths,
      connections: context.connections,
      seconds: context.seconds,
      warmupSeconds: context.warmupSeconds,
      // A warm-up of a few seconds is a few hundred answers on a loaded machine, which may be fewer than the JIT
      // takes to optimise the render: a count of answers as well (the portal's misses share their stack's code from
      // case to case, warmed by the cases before).
      warmupRequests: context.scale === 'tiny' ? 0 : 1500,
      beforeMeasured: () => cpu.start(),
      check: (body) => floorRowsOf(body) === FLOOR_ROWS,
    })
    const { cpuMs } = cpu.stop(load.answers ?? 0)
    if (load.failedChecks) throw new Error(`page.floor: ${load.failedChecks} answers did not show the ${FLOOR_ROWS} rows: not reported`)
    if (load.errors > 0 || load.non2xx > 0 || !load.requestsPerSecond) throw new Error(`page.floor: ${load.errors} errors, ${load.non2xx} answers other than 2xx`)
    record({
      case: 'page.floor',
      value: load.requestsPerSecond,
      unit: 'req/s',
      p50_ms: load.p50,
      p99_ms: load.p99,
      rss_mb: rss.stop(),
      cpu_ms: cpuMs,
      detail: { routes: routeCount, rows: FLOOR_ROWS, bytes: Buffer.byteLength(first) },
    })
  } finally {
    await stopChild(child)
  }
}

/**
 * sql.tx: what a workflow command must write, through bare pg at the commands' concurrency (16 writers, a stream
 * and a report each): the stream's head read with the next position, the report's row locked, the event inserted
 * with its HMAC, the read model updated and a job row inserted, in one transaction. CPU per transaction of this
 * process (the client) and of PostgreSQL, and transactions per second. Run on the copy after workflow.commands,
 * whose queue made the job tables.
 */
export async function sqlTxCase(context: BenchContext, databaseUrl: string, record: Recorder): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: WRITERS })
  // A query on a lost connection fails the case with its error; an idle one's must not be an uncaught exception.
  pool.on('error', () => {})
  try {
    const { rows: reports } = await pool.query<{ id: number }>('SELECT id FROM import_reports ORDER BY id DESC LIMIT $1', [WRITERS])
    if (reports.length < WRITERS) throw new Error(`sql.tx needs ${WRITERS} reports`)
    const { rows: [queue] } = await pool.query<{ table_name: string }>('SELECT table_name FROM pgboss.queue WHERE name = $1', [JOBS.reportPublication])
    if (!queue) throw new Error(`sql.tx: no pg-boss queue ${JOBS.reportPublication}`)
    const key = randomBytes(32)
    const run = `${process.pid}-${Date.now().toString(36)}`
    const insertJob = `INSERT INTO pgboss.${pg.escapeIdentifier(queue.table_name)} (name, data) VALUES ($1, $2)`
    const tx = async (loop: number) => {
      const client = await pool.connect()
      try {
        const streamId = `bench-floor-${run}-${loop}`
        const reportId = reports[loop].id
        await client.query('BEGIN')
        const { rows: [head] } = await client.query<{ position: string; version: number | null; hash: string | null }>(
          `SELECT nextval('events_position_seq') AS position, last.stream_version AS version, last.hash
           FROM (SELECT 1) one LEFT JOIN LATERAL (SELECT stream_version, hash FROM events WHERE stream_id = $1 ORDER BY stream_version DESC LIMIT 1) last ON true`,
          [streamId],
        )
        await client.query('SELECT id FROM import_reports WHERE id = $1 FOR UPDATE', [reportId])
        const version = (head.version ?? 0) + 1
        const createdAt = new Date()
        const data = { reportId, decision: version % 2 ? 'agree' : 'cancel', comment: 'Бенчмарк' }
        const metadata = { actor: 'bench', requestId: 'bench' }
        const prevHash = head.hash ?? '0'.repeat(64)
        const hash = createHmac('sha256', key).update(JSON.stringify([Number(head.position), streamId, version, 'BenchFloorRecorded', data, metadata, createdAt.toISOString(), prevHash])).digest('hex')
        await client.query(
          `INSERT INTO events (position, stream_id, stream_version, type, data, metadata, created_at, prev_hash, hash, keyed) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true)`,
          [head.position, streamId, version, 'BenchFloorRecorded', JSON.stringify(data), JSON.stringify(metadata), createdAt, prevHash, hash],
        )
        await client.query('UPDATE import_reports SET updated = $2, version = version + 1 WHERE id = $1', [reportId, createdAt])
        await client.query(insertJob, [JOBS.reportPublication, JSON.stringify({ reportId })])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    }
    await measureLoops(WRITERS, context.warmupSeconds, tx)
    const cpu = cpuWindow(ownCpuSeconds, context.dataSet.postmaster)
    cpu.start()
    const load = await measureLoops(WRITERS, context.seconds, tx)
    const { cpuMs, pgCpuMs } = cpu.stop(load.answers ?? 0)
    record({ case: 'sql.tx', value: load.requestsPerSecond, unit: 'tx/s', p50_ms: load.p50, p99_ms: load.p99, cpu_ms: cpuMs, ...(pgCpuMs !== null ? { pg_cpu_ms: pgCpuMs } : {}) })
  } finally {
    await pool.end()
  }
}
