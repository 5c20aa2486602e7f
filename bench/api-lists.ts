// Measures the list endpoints of the API on a scaled demo data set and prints a table (not a test).
// Usage: npm run bench:api [-- --scale 5 --requests 200]
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { migrateToLatest } from '@portal/migrations/migrate.ts'
import { createQueue } from '@portal/workers/queue/create-queue.ts'
import { buildApp } from '@portal/workflow-service/app.ts'
import { loadConfig } from '@portal/workflow-service/config.ts'
import { createKysely } from '@portal/workflow-service/db/connect.server.ts'
import { startEmbeddedPostgres } from '@portal/workflow-service/db/embedded-postgres.server.ts'
import { runSeed } from '@portal/workflow-service/seed/seed.server.ts'

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '5' }, requests: { type: 'string', default: '200' } },
})
const scale = Number(values.scale)
const requests = Number(values.requests)

/** The paths measured: every list filter the API offers is worth a row here. */
const PATHS = [
  '/api/v1/companies/',
  '/api/v1/companies/?kind=lem_industry',
  '/api/v1/companies/?search=%D0%BF%D0%BE%D0%BB%D1%8F%D1%80',
  '/api/v1/companies/?limit=1000',
  '/api/v1/companies/?offset=100',
  '/api/v1/areas/?kind=licence_area',
  '/api/v1/areas/?kind__in=licence_area,polygon_region_monitoring&administrative_region__in=1,2,3',
  '/api/v1/areas/?search=%D1%8F%D1%80%D1%83%D0%B4',
  '/api/v1/measures-points/?area=1',
  '/api/v1/measures-points/?kind__in=ambient_air,soils&limit=100',
  '/api/v1/measures-points/?category__in=geochemical,radionuclides',
  '/api/v1/measures-point-indications/?measures_point=1&year=2024',
  '/api/v1/measures-point-indications/?year=2024',
  '/api/v1/ambient-air-reports/?year=2024',
  '/api/v1/exposure-levels/?year=2024&limit=100',
  '/api/v1/greenhouse-gases/?year=2024',
  '/api/v1/ecomon-waters-indicators/?year=2023',
  '/api/v1/references/',
  '/api/v1/administrative-region/?is_filter=true',
]

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'))
chmodSync(dataDir, 0o755)
const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir, port: 45000 + Math.floor(Math.random() * 1000) })
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
  const seeded = Date.now()
  await runSeed(db, { scale, demoUsers: false, storageDir: path.join(dataDir, 'files') })
  console.log(`demo data at scale ${scale} loaded in ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`)
  const queue = await createQueue({ url: url.toString(), supervise: false })
  const app = await buildApp({ db, config: loadConfig({ DATABASE_URL: url.toString() }), queue })
  const rows: string[] = ['| path | requests | p50 ms | p95 ms | max ms | req/s |', '|---|---:|---:|---:|---:|---:|']
  for (const p of PATHS) {
    for (let i = 0; i < 10; i++) await app.inject({ url: p }) // warm up plans and caches
    const times: number[] = []
    const started = performance.now()
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now()
      const res = await app.inject({ url: p })
      if (res.statusCode !== 200) throw new Error(`${p} answered ${res.statusCode}`)
      times.push(performance.now() - t0)
    }
    const total = (performance.now() - started) / 1000
    times.sort((a, b) => a - b)
    rows.push(`| ${p} | ${requests} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${times[times.length - 1].toFixed(2)} | ${(requests / total).toFixed(0)} |`)
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
