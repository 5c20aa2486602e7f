// Measures the list endpoints of the API on a scaled demo data set and prints a table (not a test).
// Usage: npm run bench:api [-- --scale 5 --requests 200]
import { parseArgs } from 'node:util'
import { createQueue } from '@portal/workers/workers.server.ts'
import { buildApp, loadConfig } from '@portal/workflow-server/service.server.ts'
import { reportTemplateFiles } from '../portal/src/composition.server.ts'
import { openBenchDatabase } from './support/bench-database.ts'
import { LATENCY_HEADER, latencyRow } from './support/latency-table.ts'

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '5' }, requests: { type: 'string', default: '200' } },
})
const scale = Number(values.scale)
const requests = Number(values.requests)

/** The paths measured: every list filter the API offers is worth a row here. */
const PATHS = [
  '/api/v1/companies/',
  '/api/v1/companies/?kind=lem_industry',
  // Anonymous: a company or area list's search is the Department's (decision 2521), so the public's search is the site's.
  '/api/v1/search/?q=%D0%BF%D0%BE%D0%BB%D1%8F%D1%80',
  '/api/v1/companies/?limit=1000',
  '/api/v1/companies/?offset=100',
  '/api/v1/areas/?kind=licence_area',
  '/api/v1/areas/?kind__in=licence_area,polygon_region_monitoring&administrative_region__in=1,2,3',
  '/api/v1/measures-points/?search=%D0%9F%D0%9D-1',
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

const bench = await openBenchDatabase({ scale, demoUsers: false })
try {
  console.log(`demo data at scale ${scale} loaded in ${bench.seedSeconds.toFixed(1)} s\n`)
  const queue = await createQueue({ url: bench.url, supervise: false })
  const app = await buildApp({ db: bench.db, config: loadConfig({ DATABASE_URL: bench.url, STORAGE_DIR: bench.storageDir }), queue, templates: reportTemplateFiles })
  const rows = [...LATENCY_HEADER]
  for (const p of PATHS) rows.push(await latencyRow(p, requests, () => app.inject({ url: p })))
  console.log(rows.join('\n'))
  await app.close()
  await queue.stop()
} finally {
  await bench.close()
}
