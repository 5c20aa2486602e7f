// Measures what login and sessions cost: a request of the public, the same with a session, a login, and the
// initialization endpoint's category scan at scale. Prints a table (not a test).
// Usage: npm run bench:auth [-- --scale 5 --requests 300]
import { parseArgs } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { createQueue } from '@portal/workers/workers.server.ts'
import { buildApp, loadConfig } from '@portal/workflow-server/service.server.ts'
import { reportTemplateFiles } from '../portal/src/composition.server.ts'
import { openBenchDatabase } from './support/bench-database.ts'
import { LATENCY_HEADER, latencyRow } from './support/latency-table.ts'

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '5' }, requests: { type: 'string', default: '300' } },
})
const scale = Number(values.scale)
const requests = Number(values.requests)

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

const bench = await openBenchDatabase({ scale, demoUsers: true })
const { db, url } = bench
try {
  const points = await db.selectFrom('measures_points').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  console.log(`demo data at scale ${scale}: ${points.n} measuring points\n`)
  const queue = await createQueue({ url, supervise: false })
  const app = await buildApp({ db, config: loadConfig({ DATABASE_URL: url, STORAGE_DIR: bench.storageDir }), queue, templates: reportTemplateFiles })
  const session = String((await login(app, 'department', '10.0.0.1')).headers['set-cookie']).split(';')[0]

  const cases: Array<[string, (i: number) => Promise<{ statusCode: number }>, number]> = [
    ['GET /healthz, public', () => app.inject({ url: '/healthz' }), 200],
    ['GET /healthz, with a session (one lookup)', () => app.inject({ url: '/healthz', headers: { cookie: session } }), 200],
    ['GET /api/v1/initialization/, public', () => app.inject({ url: '/api/v1/initialization/' }), 200],
    ['GET /api/v1/initialization/, with a session', () => app.inject({ url: '/api/v1/initialization/', headers: { cookie: session } }), 200],
    // Different addresses, so the throttle never steps in; argon2 dominates.
    ['POST /auth/login/ (argon2id verify + new session)', (i) => login(app, 'admin', `10.1.${Math.floor(i / 250)}.${i % 250}`), 200],
  ]
  const rows = [...LATENCY_HEADER]
  for (const [label, run, status] of cases) {
    rows.push(await latencyRow(label, label.startsWith('POST') ? Math.min(requests, 50) : requests, run, status))
  }
  console.log(rows.join('\n'))
  await app.close()
  await queue.stop()
} finally {
  await bench.close()
}
