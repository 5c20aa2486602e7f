// Two web nodes and two worker nodes of the production build, as separate processes on one PostgreSQL server and one
// Redis, connected as the portal's own role: sessions, uploads, checks and publications cross nodes, a worker killed
// or stopped mid-file leaves nothing stuck or doubled, and a node without its database or its migrations is not ready.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Cluster, freePort, type Node, startCluster } from './support/cluster.ts'
import { Client } from './support/http-client.ts'
import { startSharedCache } from './support/shared-cache.ts'
import { sampledOn } from '../workers/test/support/fixture-files.ts'
import { addTestSubstances } from '../workers/test/support/workflow-fixture.ts'
import { useAuditKey } from '@portal/workflow-domain/commands.server.ts'
import { NO_QUEUE } from '@portal/workflow-domain/ports.ts'

const RESPONSIBLE = { fullname: 'Иванова Мария Петровна', position: 'Инженер-эколог', email: 'ivanova@example.ru', phone: '+7 (34922) 4-12-34' }
const HEADER = [
  'Пункт наблюдения (номенклатура)',
  'Год',
  'Дата отбора',
  'Показатель',
  'Значение',
  'Единица измерения',
  'ПДК',
  'ПДК максимальная',
]
// Big enough that a worker is stopped mid-check: a file is staged in batches of 2 000 rows and the worker is stopped as
// soon as the first batch is seen, some 15 batches before the end (asserted: fewer rows staged, still processing).
const LARGE_ROWS = 30_000

let cluster: Cluster
let web1: Node
let web2: Node
const holder = new Client()
const department = new Client()
let area: { id: number; name: string; pointId: number; nomenclature: string }

function csv(rows: number, year: number): Blob {
  const lines = [HEADER.join(';')]
  // Every row a reading of its own: the natural key (point, year, substance, sampling date) repeats nowhere (decision 2120).
  for (let i = 0; i < rows; i++) lines.push(`${area.nomenclature};${year};${sampledOn(year, i)};Сажа ${Math.floor(i / 300)};${((i % 1000) / 1000).toFixed(3)};мг/м3;0,15;`)
  return new Blob([lines.join('\r\n') + '\r\n'], { type: 'text/csv' })
}

/** The requests a node has answered, by its metrics (its answers to /metrics left out). */
function requestsServed(metrics: string): number {
  return metrics
    .split('\n')
    .filter((line) => line.startsWith('portal_http_requests_total{') && !line.includes('route="/metrics"'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0)
}

/** A report of observation results for the holder's area and year, made through web node `base`. */
async function newReport(base: string, year: number): Promise<number> {
  const responsible = await holder.request(base, 'POST', '/api/v1/ecomon-responsibles/', { area: area.id, year, ...RESPONSIBLE })
  expect(responsible.status, JSON.stringify(responsible.body)).toBe(201)
  const created = await holder.request(base, 'POST', '/api/v1/import-reports/', { area: area.id, year, report_type: 'observation_results' })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.id
}

async function upload(base: string, reportId: number, file: Blob, requestId: string): Promise<number> {
  const form = new FormData()
  form.set('report', String(reportId))
  form.set('description', 'Результаты наблюдений')
  form.set('file', file, 'Результаты наблюдений.csv')
  const res = await holder.request(base, 'POST', '/api/v1/import-files/', form, { 'x-request-id': requestId })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  expect(res.body.status).toBe('processing')
  return res.body.id
}

async function fileStatusOn(base: string, fileId: number): Promise<string> {
  const res = await holder.request(base, 'GET', `/api/v1/import-files/${fileId}/`)
  return res.body.status
}

/** Readings of the area's point in a year, as the public sees them through web node `base`. */
async function publishedOn(base: string, year: number): Promise<number> {
  const res = await new Client().request(base, 'GET', `/api/v1/measures-point-indications/?measures_point=${area.pointId}&year=${year}&limit=1`)
  expect(res.status).toBe(200)
  return res.body.count
}

const linesWith = (nodes: Node[], requestId: string): Array<Record<string, unknown>> =>
  nodes.flatMap((n) => n.lines.filter((l) => l.requestId === requestId || l.reqId === requestId).map((l) => ({ node: n.name, ...l })))

beforeAll(async () => {
  cluster = await startCluster({ webs: 2, workers: 2 })
  ;[web1, web2] = cluster.webs
  const user = await cluster.db.selectFrom('users').select('company_id').where('username', '=', 'holder1').executeTakeFirstOrThrow()
  const found = await cluster.db
    .selectFrom('areas')
    .innerJoin('measures_points', 'measures_points.area_id', 'areas.id')
    .select(['areas.id as id', 'areas.name as name', 'measures_points.id as pointId', 'measures_points.nomenclature as nomenclature'])
    .where('areas.company_id', '=', user.company_id!)
    .where('areas.kind', '=', 'licence_area')
    .where('measures_points.kind', '=', 'ambient_air')
    .orderBy('areas.id')
    .orderBy('measures_points.id')
    .executeTakeFirstOrThrow()
  area = { id: found.id, name: found.name, pointId: found.pointId, nomenclature: found.nomenclature ?? '' }
  // The files name substances «Сажа N» (a reading of its own per row), which a file may name only once the reference
  // lists them (decision 3412): the administrator adds them, as an event of the cluster's log, under its audit key.
  useAuditKey(Buffer.from(cluster.env.AUDIT_KEY!, 'utf8'))
  const names = Array.from({ length: Math.ceil(LARGE_ROWS / 300) }, (_, i) => `Сажа ${i}`)
  await addTestSubstances(cluster.db, NO_QUEUE, cluster.storageDir, names, 'мг/м³')
})

afterAll(async () => {
  await cluster?.stop()
})

describe('a cluster of two web nodes and two worker nodes', () => {
  it('carries a session made on one web node to the other', async () => {
    await holder.login(web1.url, 'holder1')
    const there = await holder.request(web2.url, 'GET', `/api/v1/import-reports/?area_name=${encodeURIComponent(area.name)}`)
    expect(there.status, JSON.stringify(there.body)).toBe(200)
    const stranger = await new Client().request(web2.url, 'GET', `/api/v1/import-reports/?area_name=${encodeURIComponent(area.name)}`)
    expect([401, 403]).toContain(stranger.status)
  })

  it('runs every node as the portal role, whose connection can append to the event log but never alter it', async () => {
    // Every connection to the database but the test's own comes from a node (web, worker, their queue): the portal's role.
    const roles = await sql<{ usename: string }>`
      SELECT DISTINCT usename FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend' AND application_name <> 'cluster-test'`.execute(cluster.db)
    expect(roles.rows.map((r) => r.usename)).toEqual([cluster.appRole])
    expect(await (await fetch(`${web1.url}/readyz`)).json()).toMatchObject({ ready: true, migrations: 'current' })

    // With the nodes' own credentials (DATABASE_URL of every node), history cannot be rewritten, hidden or unchained.
    const node = new pg.Client({ connectionString: cluster.databaseUrl })
    await node.connect()
    try {
      const { rows } = await node.query<{ n: number }>('SELECT count(*)::int AS n FROM events')
      expect(rows[0].n).toBeGreaterThan(0)
      const attempts = [
        "UPDATE events SET type = 'ReportAgreed' WHERE position = (SELECT min(position) FROM events)",
        'DELETE FROM events WHERE position = (SELECT max(position) FROM events)',
        'TRUNCATE events',
        'ALTER TABLE events DISABLE TRIGGER ALL',
        'DROP TABLE events',
        'SET session_replication_role = replica',
        'DELETE FROM event_checkpoints',
        "INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-forged', now()::text)",
      ]
      for (const attempt of attempts) await expect(node.query(attempt), attempt).rejects.toThrow(/permission denied|must be owner/)
      expect((await node.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0].n).toBe(rows[0].n)
    } finally {
      await node.end()
    }
  })

  it('keeps a node whose database lacks the migrations not ready, and never migrates it', async () => {
    // A database the migrate step never ran on, open to the portal's role.
    const admin = new pg.Client({ connectionString: cluster.ownerUrl })
    await admin.connect()
    const name = `${new URL(cluster.ownerUrl).pathname.slice(1)}_unmigrated`
    await admin.query(`CREATE DATABASE "${name}"`)
    await admin.query(`GRANT CONNECT, CREATE ON DATABASE "${name}" TO "${cluster.appRole}"`)
    const url = new URL(cluster.databaseUrl)
    url.pathname = `/${name}`
    try {
      const node = await cluster.startWeb('web-unmigrated', { DATABASE_URL: url.toString() }, false)
      // Not ready from its start; the first answers may still say the database is slow to answer (a loaded machine).
      await vi.waitFor(
        async () => {
          const res = await fetch(`${node.url}/readyz`)
          expect(res.status).toBe(503)
          const body = await res.json()
          expect(body, JSON.stringify(body)).toMatchObject({ ready: false, database: 'ok', migrations: 'pending' })
          expect(body.reason).toMatch(/^migrations not applied: /)
        },
        { timeout: 20_000, interval: 500 },
      )
      expect(node.lines.some((l) => typeof l.msg === 'string' && l.msg.includes('this node (MIGRATIONS=check) does not apply them'))).toBe(true)
      expect(await node.stop('SIGTERM')).toBe(0)
      const target = new pg.Client({ connectionString: url.toString() })
      await target.connect()
      const tables = await target.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)
      await target.end()
      expect(tables.rows[0].n).toBe(0)
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
    }
  })

  let reportId: number
  let fileId: number
  it('checks an upload to one web node on a worker node, and shows its status on the other web node', async () => {
    reportId = await newReport(web2.url, 2018)
    const requestId = `cluster-upload-${randomBytes(4).toString('hex')}`
    fileId = await upload(web1.url, reportId, csv(50, 2018), requestId)
    await vi.waitFor(async () => expect(await fileStatusOn(web2.url, fileId)).toBe('success'), { timeout: 60_000, interval: 250 })

    // The request is followed across nodes: the web node's request, the worker's job lines, the worker's event.
    expect(linesWith([web1], requestId).length).toBeGreaterThan(0)
    // The status is recorded inside the job: its last line follows a moment later.
    await vi.waitFor(() => expect(linesWith(cluster.workers, requestId).map((l) => l.msg)).toEqual(expect.arrayContaining(['job file-check started', 'job file-check done'])), {
      timeout: 10_000,
    })
    const jobLines = linesWith(cluster.workers, requestId)
    expect(new Set(jobLines.map((l) => l.job))).toEqual(new Set(['file-check']))
    const events = await sql<{ type: string; request_id: string }>`
      SELECT type, metadata->>'requestId' AS request_id FROM events WHERE stream_id = ${`file-${fileId}`} ORDER BY position`.execute(cluster.db)
    expect(events.rows.map((e) => e.request_id)).toEqual(events.rows.map(() => requestId))
    expect(events.rows.map((e) => e.type)).toContain('FileCheckPassed')
  })

  it('publishes the rows of a report agreed on one web node, visible through the other', async () => {
    const before = await publishedOn(web1.url, 2018)
    await department.login(web2.url, 'department')
    const requestId = `cluster-agree-${randomBytes(4).toString('hex')}`
    const agreed = await department.request(web2.url, 'PUT', `/api/v1/import-reports/${reportId}/`, { status: 'agreed', comment: 'Согласовано' }, { 'x-request-id': requestId })
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200)
    await vi.waitFor(async () => expect(await publishedOn(web1.url, 2018)).toBe(before + 50), { timeout: 60_000, interval: 250 })
    await vi.waitFor(() => expect(linesWith(cluster.workers, requestId).map((l) => l.msg)).toContain('job report-publication done'), { timeout: 10_000 })
  })

  it("keeps a public answer in the deployment's shared cache, so a second read does not reach a web node, and passes every signed-in one", async () => {
    // A web node of its own, whose metrics count what reaches it.
    const token = randomBytes(12).toString('hex')
    const node = await cluster.startWeb('web-behind-cache', { METRICS_TOKEN: token })
    const cache = await startSharedCache(node.url)
    const served = async () => requestsServed(await (await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text())
    // What reached the node: its count settles at `expected` (a request is counted once its answer is sent).
    const reached = (more: number) => vi.waitFor(async () => expect(await served()).toBe(base + more), { timeout: 5_000, interval: 50 })
    // The node's readiness probes are counted too: start from where its count has settled.
    let base = await served()
    for (let same = 0; same < 3; ) {
      await new Promise((r) => setTimeout(r, 100))
      const now = await served()
      same = now === base ? same + 1 : 0
      base = now
    }
    try {
      const api = '/api/v1/companies/'
      const first = await fetch(`${cache.url}${api}`)
      expect(first.status).toBe(200)
      expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+/)
      expect(first.headers.get('x-cache-status')).toBe('MISS')
      const body = await first.text()
      await reached(1)
      const second = await fetch(`${cache.url}${api}`)
      expect(second.headers.get('x-cache-status')).toBe('HIT')
      expect(await second.text()).toBe(body)
      // One request straight to the node makes 2: had the second read reached it, it would make 3.
      expect((await fetch(`${node.url}${api}`)).status).toBe(200)
      await reached(2)

      // Signed in, the same address is the holder's own answer each time: never kept, never served from the copy.
      const signedIn = new Client()
      await signedIn.login(node.url, 'holder1')
      // The login's requests: the count settles again.
      const login = await served()
      await reached(login - base)
      const afterLogin = login - base
      for (const round of [1, 2]) {
        const own = await fetch(`${cache.url}${api}`, { headers: { cookie: signedIn.cookie } })
        expect(own.status).toBe(200)
        expect(own.headers.get('x-cache-status'), `round ${round}`).not.toBe('HIT')
        expect(own.headers.get('cache-control') ?? '').not.toMatch(/public/)
        await reached(afterLogin + round)
      }

      // A page: the first visit sets the anonymous CSRF cookie and is private; with that cookie it is kept for it.
      const page = '/monitoring/companies/'
      const visit = await fetch(`${cache.url}${page}`)
      expect(visit.status).toBe(200)
      expect(visit.headers.get('x-cache-status')).not.toBe('HIT')
      const cookie = visit.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
      expect(cookie).not.toBe('')
      const kept = await fetch(`${cache.url}${page}`, { headers: { cookie } })
      expect(kept.headers.get('cache-control')).toMatch(/^public/)
      const pageBody = await kept.text()
      await reached(afterLogin + 4)
      const again = await fetch(`${cache.url}${page}`, { headers: { cookie } })
      expect(again.headers.get('x-cache-status')).toBe('HIT')
      expect(await again.text()).toBe(pageBody)
      expect((await fetch(`${node.url}/api/v1/companies/`)).status).toBe(200)
      await reached(afterLogin + 5)
    } finally {
      await cache.stop()
      await node.stop()
    }
  })

  it('leaves no job stuck and no row published twice when a worker node is killed in the middle of a large file', async () => {
    const year = 2017
    const largeReport = await newReport(web1.url, year)
    const requestId = `cluster-large-${randomBytes(4).toString('hex')}`
    const largeFile = await upload(web2.url, largeReport, csv(LARGE_ROWS, year), requestId)
    const staged = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM import_staged_rows WHERE file_id = ${largeFile}`.execute(cluster.db)).rows[0].n)
    // The first batches are staged: the worker is inside the job. Kill that worker without any chance to clean up.
    await vi.waitFor(async () => expect(await staged()).toBeGreaterThan(0), { timeout: 60_000, interval: 20 })
    const busy = cluster.workers.find((w) => w.lines.some((l) => l.requestId === requestId && l.msg === 'job file-check started'))!
    expect(busy).toBeDefined()
    await busy.stop('SIGKILL')
    expect(await staged()).toBeLessThan(LARGE_ROWS)
    expect(await fileStatusOn(web1.url, largeFile)).toBe('processing')

    // The other worker node takes the job again once the dead one's lock lapses, and finishes it once.
    const survivor = cluster.workers.find((w) => w !== busy)!
    await vi.waitFor(async () => expect(await fileStatusOn(web1.url, largeFile)).toBe('success'), { timeout: 100_000, interval: 500 })
    // The job's line is written after its transaction commits: the status can be read a moment before it arrives.
    await vi.waitFor(() => expect(survivor.lines.some((l) => l.requestId === requestId && l.msg === 'job file-check done')).toBe(true), { timeout: 30_000, interval: 200 })
    expect(await staged()).toBe(LARGE_ROWS)
    const results = await sql<{ type: string }>`
      SELECT type FROM events WHERE stream_id = ${`file-${largeFile}`} AND type IN ('FileCheckPassed', 'FileCheckFailed')`.execute(cluster.db)
    expect(results.rows).toEqual([{ type: 'FileCheckPassed' }])

    // Agreed, every row is published exactly once.
    const before = await publishedOn(web2.url, year)
    const agreed = await department.request(web1.url, 'PUT', `/api/v1/import-reports/${largeReport}/`, { status: 'agreed', comment: 'Согласовано' })
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200)
    await vi.waitFor(async () => expect(await publishedOn(web2.url, year)).toBe(before + LARGE_ROWS), { timeout: 100_000, interval: 500 })

    // Nothing waits or runs in the queue any more, as the surviving worker node's metrics say.
    await vi.waitFor(
      async () => {
        const metrics = await (await fetch(`${survivor.url}/metrics`)).text()
        for (const kind of ['file-check', 'report-publication']) {
          expect(metrics).toContain(`portal_queue_jobs{kind="${kind}",state="waiting"} 0`)
          expect(metrics).toContain(`portal_queue_jobs{kind="${kind}",state="active"} 0`)
        }
        expect(metrics).toMatch(/portal_file_check_rows_total \d+/)
        expect(metrics).toMatch(/portal_job_duration_seconds_count\{kind="file-check",outcome="ok"\} [1-9]/)
      },
      { timeout: 30_000, interval: 500 },
    )
    expect(await publishedOn(web2.url, year)).toBe(before + LARGE_ROWS)
  }, 300_000)

  // The two large-file cases check their file twice (once cut off, once whole, with the natural-key query over every
  // row), wait for a lock to lapse and publish: on a loaded 2-core machine each has taken more than two minutes.
  it('lets a worker node told to stop in the middle of a large file finish it or return it to the queue: nothing stuck, nothing doubled', async () => {
    // A fresh worker beside the survivor of the case above, so that either may be the one told to stop.
    cluster.workers.push(await cluster.startWorker('worker-3'))
    const year = 2015
    const report = await newReport(web2.url, year)
    const requestId = `cluster-term-${randomBytes(4).toString('hex')}`
    const file = await upload(web1.url, report, csv(LARGE_ROWS, year), requestId)
    const staged = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM import_staged_rows WHERE file_id = ${file}`.execute(cluster.db)).rows[0].n)
    await vi.waitFor(async () => expect(await staged()).toBeGreaterThan(0), { timeout: 60_000, interval: 20 })
    const live = cluster.workers.filter((w) => !w.exited)
    const busy = live.find((w) => w.lines.some((l) => l.requestId === requestId && l.msg === 'job file-check started'))!
    expect(busy).toBeDefined()
    expect(await staged()).toBeLessThan(LARGE_ROWS)
    // SIGTERM, as `docker compose stop` sends: the node stops taking jobs, lets this one run out its grace, exits 0.
    expect(await busy.stop('SIGTERM')).toBe(0)
    expect(busy.lines.some((l) => typeof l.msg === 'string' && l.msg.startsWith('worker node stopping'))).toBe(true)

    // Finished by the stopping node within its grace, or taken again from the start by the other one.
    const other = live.find((w) => w !== busy)!
    await vi.waitFor(async () => expect(await fileStatusOn(web2.url, file)).toBe('success'), { timeout: 100_000, interval: 500 })
    // The job's last log line follows its result by a moment; every live worker is asked, not only the first other one.
    const finishedBy = () => live.filter((w) => w.lines.some((l) => l.requestId === requestId && l.msg === 'job file-check done'))
    await vi.waitFor(() => expect(finishedBy().length).toBeGreaterThan(0), { timeout: 30_000, interval: 200 })
    expect(finishedBy()).toHaveLength(1)
    expect(await staged()).toBe(LARGE_ROWS)
    const results = await sql<{ type: string }>`
      SELECT type FROM events WHERE stream_id = ${`file-${file}`} AND type IN ('FileCheckPassed', 'FileCheckFailed')`.execute(cluster.db)
    expect(results.rows).toEqual([{ type: 'FileCheckPassed' }])

    const before = await publishedOn(web1.url, year)
    const agreed = await department.request(web2.url, 'PUT', `/api/v1/import-reports/${report}/`, { status: 'agreed', comment: 'Согласовано' })
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200)
    await vi.waitFor(async () => expect(await publishedOn(web1.url, year)).toBe(before + LARGE_ROWS), { timeout: 100_000, interval: 500 })
    await vi.waitFor(
      async () => {
        const metrics = await (await fetch(`${other.url}/metrics`)).text()
        for (const kind of ['file-check', 'report-publication']) {
          expect(metrics).toContain(`portal_queue_jobs{kind="${kind}",state="waiting"} 0`)
          expect(metrics).toContain(`portal_queue_jobs{kind="${kind}",state="active"} 0`)
        }
      },
      { timeout: 30_000, interval: 500 },
    )
    expect(await publishedOn(web1.url, year)).toBe(before + LARGE_ROWS)
  }, 300_000)

  it('finishes a request in flight when a web node is told to stop, then exits cleanly', async () => {
    // The last use of the second web node.
    const node = web2
    const reportId = await newReport(web1.url, 2016)
    const requestId = `cluster-drain-${randomBytes(4).toString('hex')}`
    const boundary = `----cluster-${randomBytes(6).toString('hex')}`
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="report"\r\n\r\n${reportId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nОстановка узла\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="drain.csv"\r\nContent-Type: text/csv\r\n\r\n`
    const rest = `${HEADER.join(';')}\r\n${area.nomenclature};2016;;Сажа;0,01;мг/м3;0,15;\r\n\r\n--${boundary}--\r\n`
    let finish: () => void = () => {}
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head))
        finish = () => {
          controller.enqueue(new TextEncoder().encode(rest))
          controller.close()
        }
      },
    })
    const answer = fetch(`${node.url}/api/v1/import-files/`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { cookie: holder.cookie, 'x-csrftoken': holder.csrfToken, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-request-id': requestId },
    } as RequestInit)
    // The node has the request (its first log line), then is told to stop, then the rest of the body arrives.
    await vi.waitFor(() => expect(node.lines.some((l) => l.reqId === requestId)).toBe(true), { timeout: 20_000, interval: 50 })
    const exited = node.stop('SIGTERM')
    await vi.waitFor(() => expect(node.lines.some((l) => l.msg === 'shutting down')).toBe(true), { timeout: 20_000, interval: 50 })
    finish()
    const res = await answer
    expect(res.status).toBe(201)
    expect((await res.json()).status).toBe('processing')
    expect(await exited).toBe(0)
  })

  it('keeps a node started against a dead database from ever being ready: it stops with one line naming DATABASE_URL', async () => {
    const deadPort = await freePort()
    const child = spawn(process.execPath, [path.resolve('dist/server.js')], {
      env: { ...cluster.env, DATABASE_URL: `postgres://nobody@127.0.0.1:${deadPort}/none`, PORT: String(await freePort()), WORKERS: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (c) => (stderr += c))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).not.toBe(0)
    const lines = stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('DATABASE_URL')
  })

  it('turns a web node whose database becomes unreachable not ready, says why in one log line, and stops cleanly', async () => {
    // The node reaches PostgreSQL through a relay the test can cut, as a network failure would.
    const target = new URL(cluster.databaseUrl)
    const sockets = new Set<net.Socket>()
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname)
      sockets.add(client).add(upstream)
      client.pipe(upstream).pipe(client)
      const drop = () => {
        client.destroy()
        upstream.destroy()
      }
      client.on('error', drop).on('close', drop)
      upstream.on('error', drop).on('close', drop)
    })
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
    const relayed = new URL(cluster.databaseUrl)
    relayed.hostname = '127.0.0.1'
    relayed.port = String((relay.address() as net.AddressInfo).port)
    const node = await cluster.startWeb('web-relayed', { DATABASE_URL: relayed.toString() })

    await new Promise<void>((resolve) => {
      relay.close(() => resolve())
      for (const s of sockets) s.destroy()
    })
    await vi.waitFor(
      async () => {
        // A node that went away says how, with its last log lines, instead of a refused connection.
        if (node.exited) throw new Error(`the node exited (${node.child.exitCode ?? node.child.signalCode}) after: ${JSON.stringify(node.lines.slice(-8))}`)
        const res = await fetch(`${node.url}/readyz`)
        expect(res.status).toBe(503)
        expect(await res.json()).toMatchObject({ status: 'not ready', database: 'unreachable' })
      },
      { timeout: 20_000, interval: 250 },
    )
    await fetch(`${node.url}/readyz`)
    expect((await fetch(`${node.url}/healthz`)).status).toBe(200)
    // The node's log reaches the test through a pipe, after the answer that caused it: the lines are counted once
    // the node has stopped and its output is read to the end (counted at once, a loaded CI run saw none yet).
    expect(await node.stop('SIGTERM')).toBe(0)
    await node.closed
    const notReady = node.lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('not ready: database unreachable'))
    expect(notReady, `the node's last lines: ${JSON.stringify(node.lines.slice(-8))}`).toHaveLength(1)
  })
})
