// Measures what login and sessions cost: a request of the public, the same with a session, a login, and the
// initialization endpoint's category scan at scale. Prints a table (not a test).
// Usage: npm run bench:auth [-- --scale 5 --requests 300]
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { migrateToLatest } from '@portal/migrations/migrate.ts'
import { createQueue } from '@portal/workers/queue/create-queue.ts'
import { buildApp } from '@portal/workflow-service/app.ts'
import { loadConfig } from '@portal/workflow-service/config.ts'
import { createKysely } from '@portal/workflow-service/db/connect.server.ts'
import { startEmbeddedPostgres } from '@portal/workflow-service/db/embedded-postgres.server.ts'
import { runSeed } from '@portal/workflow-service/seed/seed.server.ts'

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '5' }, requests: { type: 'string', default: '300' } },
})
const scale = Number(values.scale)
const requests = Number(values.requests)

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/** A multipart login as the browser sends it, with the public CSRF token. */
async function login(app: FastifyInstance, username: string, address: string) {
  const csrf = await app.inject({ url: '/auth/csrf/' })
  const cookie = String(csrf.headers['set-cookie']).split(';')[0]
  const boundary = 'bench-boundary'
  const payload = ['username', 'password']
    .map((f) => `--${boundary}\r\nContent-Disposition: form-data; name="${f}"\r\n\r\n${username}\r\n`)
    .join('') + `--${boundary}--\r\n`
  return app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload,
    remoteAddress: address,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie, 'x-csrftoken': csrf.json().csrftoken },
  })
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'))
chmodSync(dataDir, 0o755)
const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir, port: 46000 + Math.floor(Math.random() * 1000) })
const maintenanceUrl = process.env.DATABASE_URL ?? embedded!.url
const name = `portal_bench_${Date.now().toString(36)}`
const admin = new pg.Client({ connectionString: maintenanceUrl })
await admin.connect()
await admin.query(`CREATE DATABASE "${name}"`)
const url = new URL(maintenanceUrl)
url.pathname = `/${name}`
const db = createKysely(url.toString())
try {
  await migrateToLatest(db)
  await runSeed(db, { scale, demoUsers: true, storageDir: path.join(dataDir, 'files') })
  const points = await db.selectFrom('measures_points').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  console.log(`demo data at scale ${scale}: ${points.n} measuring points\n`)
  const queue = await createQueue({ url: url.toString(), supervise: false })
  const app = await buildApp({ db, config: loadConfig({ DATABASE_URL: url.toString() }), queue })
  const session = String((await login(app, 'department', '10.0.0.1')).headers['set-cookie']).split(';')[0]

  const cases: Array<[string, (i: number) => Promise<{ statusCode: number }>, number]> = [
    ['GET /healthz, public', () => app.inject({ url: '/healthz' }), 200],
    ['GET /healthz, with a session (one lookup)', () => app.inject({ url: '/healthz', headers: { cookie: session } }), 200],
    ['GET /api/v1/initialization/, public', () => app.inject({ url: '/api/v1/initialization/' }), 200],
    ['GET /api/v1/initialization/, with a session', () => app.inject({ url: '/api/v1/initialization/', headers: { cookie: session } }), 200],
    // Different addresses, so the throttle never steps in; argon2 dominates.
    ['POST /auth/login/ (argon2id verify + new session)', (i) => login(app, 'admin', `10.1.${Math.floor(i / 250)}.${i % 250}`), 200],
  ]
  const rows: string[] = ['| request | requests | p50 ms | p95 ms | max ms | req/s |', '|---|---:|---:|---:|---:|---:|']
  for (const [label, run, status] of cases) {
    const n = label.startsWith('POST') ? Math.min(requests, 50) : requests
    for (let i = 0; i < 5; i++) await run(i)
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
    rows.push(`| ${label} | ${n} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${times[times.length - 1].toFixed(2)} | ${(n / total).toFixed(0)} |`)
  }
  console.log(rows.join('\n'))
  await app.close()
  await queue.stop()
} finally {
  await db.destroy()
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.end()
  await embedded?.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
