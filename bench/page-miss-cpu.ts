// CPU of one web process per page answered on a public-cache miss (issue 23, decision 2781): the production build
// in one process (WEB_PROCESSES=1, no workers) on the tiny data set, a few hundred requests per page case, each a
// cache miss (checked by `x-cache`), and the process's user + system CPU from /proc divided by the answers. With
// `--profile DIR` the process also writes a CPU profile (`node --cpu-prof`) per case into DIR, and the samples of
// the measured requests are summed by function and package (`--top N` lines).
// With `--against DIR` a second checkout's build is measured in the same run: both servers run at once, and their
// measured passes alternate (`--rounds N` of each, the order flipped every round), so the machine's other load falls
// on both alike; each line then also gives PostgreSQL's CPU per answer (every process of the embedded server, during
// that server's passes only) and the second's CPU as a share of the first's.
//   npm run build && npx tsx bench/page-miss-cpu.ts [--requests 300] [--connections 4] [--profile DIR] [--checkout DIR]
//     [--against DIR] [--rounds 6] [--cases point,area,companies]
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createKysely } from '@portal/workflow-server/service.server.ts'
import { openBenchDataSet } from './support/bench-data-set.ts'
import { COLD_LIMITS, findTargets } from './cases/http-cases.ts'
import { freePort, stopChild, waitForHealth } from './support/portal-process.ts'
import { postgresCpuSeconds, postmasterOf } from './support/cpu-seconds.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    connections: { type: 'string', default: '4' },
    profile: { type: 'string' },
    top: { type: 'string', default: '25' },
    cases: { type: 'string', default: 'point,area,companies' },
    // Another checkout's build to measure (an A/B run against main): its dist/server.js, run in its folder.
    checkout: { type: 'string' },
    // A second build measured in the same run, its passes interleaved with the first's (an A/B of one change).
    against: { type: 'string' },
    rounds: { type: 'string', default: '6' },
  },
})
const requests = Number(values.requests)
const connections = Number(values.connections)
const checkout = values.checkout ? path.resolve(values.checkout) : root
const builds = [checkout, ...(values.against ? [path.resolve(values.against)] : [])]
const rounds = values.against ? Math.max(1, Number(values.rounds)) : 1

function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

const log = (m: string) => process.stderr.write(`${m}\n`)
const data = await openBenchDataSet('tiny', log)
const db = createKysely(data.url, 2)
const t = await findTargets(db)
await db.destroy()
const notifier = new pg.Client({ connectionString: data.url })
await notifier.connect()

// Every address of a case; a pass over them all starts with an emptied cache, so each is a miss.
const cases: Record<string, string[]> = {
  point: t.allPointIds.flatMap((id) => ['', ...t.years.map((y) => `?year=${y}`)].map((q) => `/monitoring/measures-points/${id}/${q}`)),
  area: t.allAreaIds.map((id) => `/monitoring/areas/${id}/`),
  // The public's search is not asked (decision 3503): the list's own page sizes make its different addresses.
  companies: COLD_LIMITS.map((limit) => `/monitoring/companies/?limit=${limit}`),
}

async function run(name: string, addresses: string[], baseUrl: string, count: number): Promise<{ misses: number; hits: number; bytes: number }> {
  let next = 0
  let misses = 0
  let hits = 0
  let bytes = 0
  while (next < count) {
    // The whole space asked once more: empty the cache first (what a publication does) and let it arrive.
    await notifier.query('NOTIFY public_changed')
    await new Promise((r) => setTimeout(r, 100))
    const pass = addresses.slice(0, Math.min(addresses.length, count - next))
    next += pass.length
    let i = 0
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (i < pass.length) {
          const address = pass[i++]
          const res = await fetch(`${baseUrl}${address}`)
          const body = await res.arrayBuffer()
          if (res.status !== 200) throw new Error(`${name}: ${address} answered ${res.status}`)
          bytes += body.byteLength
          if (res.headers.get('x-cache') === 'miss') misses++
          else hits++
        }
      }),
    )
  }
  return { misses, hits, bytes }
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

function packageOf(url: string): string {
  const at = url.lastIndexOf('node_modules/')
  if (at >= 0) {
    const rest = url.slice(at + 'node_modules/'.length).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  if (url.startsWith('node:')) return 'node core'
  if (url === '') return '(native)'
  if (url.includes('/remix-app/build/server/')) return 'the pages (loaders, components)'
  if (url.includes('/dist/')) return 'the server (plugins, use cases)'
  return url.replace(/^file:\/\//, '').replace(root, '.')
}

// A sample's share, by the first of these its stack holds anywhere (so a component's own code counts as rendering,
// a query's driver code as the query's). Order matters: a query awaited in a loader is on no render's stack.
const SHARES: Array<[string, (packages: Set<string>, functions: Set<string>, leaf: string) => boolean]> = [
  ['garbage collection', (_p, _f, leaf) => leaf === '(garbage collector)'],
  ['idle', (_p, _f, leaf) => leaf === '(idle)'],
  ['queries (pg, kysely, their socket writes)', (p) => p.has('pg') || p.has('pg-protocol') || p.has('pg-pool') || p.has('kysely')],
  ['loader data serialisation (turbo-stream)', (p) => p.has('turbo-stream')],
  ['React render (components, links, escaping)', (p) => p.has('react-dom')],
  ['logging (pino)', (p) => p.has('pino')],
  ['loaders and data shaping (our code)', (p, f) => p.has('the pages (loaders, components)') || f.has('callLoaderOrAction')],
  ['Remix runtime (matching, data strategy, document)', (p) => [...p].some((x) => x.startsWith('@remix-run/') || x.startsWith('react-router'))],
  ['socket write of the page', (_p, _f, leaf) => leaf === 'writev' || leaf === 'writeBuffer' || leaf === 'writeUtf8String'],
  ['Fastify, helmet, hooks', (p) => ['fastify', 'helmet', 'find-my-way', 'avvio', '@fastify/static'].some((x) => p.has(x))],
  ['the server (page cache, marks, auth)', (p) => p.has('the server (plugins, use cases)')],
  ['other (Node streams, Request, microtasks)', () => true],
]

/** Samples between `from` and `to` seconds of the profile, by share, by package (self) and by function (self). */
function summarise(profile: Profile, from: number, to: number, top: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1)
  const shares = new Map<string, number>()
  const self = new Map<string, number>()
  const pkg = new Map<string, number>()
  let time = 0
  let total = 0
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i] / 1e6
    if (time < from || time > to) continue
    const node = byId.get(profile.samples[i])!
    const f = node.callFrame
    const packages = new Set<string>()
    const functions = new Set<string>()
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)!.callFrame
      if (frame.url) packages.add(packageOf(frame.url))
      functions.add(frame.functionName)
    }
    count(shares, SHARES.find(([, test]) => test(packages, functions, f.functionName))![0])
    count(self, `${f.functionName || '(anonymous)'} ${packageOf(f.url)}:${f.lineNumber + 1}`)
    count(pkg, f.url === '' ? f.functionName : packageOf(f.url))
    total++
  }
  // Shares of the samples that ran (idle ones left out: they are the process waiting, not a cost).
  const idle = shares.get('idle') ?? 0
  shares.delete('idle')
  pkg.delete('(idle)')
  self.delete('(idle) (native):0')
  const busy = total - idle
  const show = (m: Map<string, number>, n: number) =>
    [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`).join('\n')
  log(`  ${busy} samples of ${from.toFixed(1)}–${to.toFixed(1)} s (and ${idle} idle)\n by share:\n${show(shares, SHARES.length)}\n by package (self):\n${show(pkg, top)}\n by function (self):\n${show(self, top)}`)
}

// PostgreSQL's CPU is read only for the embedded server the data set started (an external one is not on /proc here).
const pgFolder = path.join(data.folder, 'pg')
const postmaster = existsSync(path.join(pgFolder, 'postmaster.pid')) ? postmasterOf(pgFolder) : null
const pgSeconds = () => (postmaster === null ? 0 : postgresCpuSeconds(postmaster))

interface Server {
  build: string
  child: ReturnType<typeof spawn>
  baseUrl: string
  started: number
  profileDir?: string
  /** The measured passes' span in the profile's time, and what they cost and answered. */
  from: number
  to: number
  cpu: number
  pg: number
  seconds: number
  misses: number
  hits: number
  bytes: number
}

async function startServer(build: string, name: string, label: string): Promise<Server> {
  const port = await freePort()
  const profileDir = values.profile ? path.resolve(values.profile, builds.length > 1 ? `${name}-${label}` : name) : undefined
  if (profileDir) mkdirSync(profileDir, { recursive: true })
  const started = performance.now()
  const child = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--enable-source-maps', path.join(build, 'dist/server.js')], {
    cwd: build,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'benchmark-only-session-secret',
      DATABASE_URL: data.url,
      DATA_DIR: data.folder,
      STORAGE_DIR: data.storageDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WORKERS: 'off',
      WEB_PROCESSES: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const server: Server = { build, child, baseUrl: `http://127.0.0.1:${port}`, started, profileDir, from: Infinity, to: 0, cpu: 0, pg: 0, seconds: 0, misses: 0, hits: 0, bytes: 0 }
  await waitForHealth(`${server.baseUrl}/healthz`, child, 120_000)
  return server
}

for (const name of values.cases!.split(',')) {
  const servers: Server[] = []
  try {
    for (const [i, build] of builds.entries()) servers.push(await startServer(build, name, 'AB'[i]))
    // Warm-up: every address once (the route's query names learnt, the code optimised).
    for (const server of servers) await run(name, cases[name], server.baseUrl, Math.min(cases[name].length, 100))
    const perRound = Math.ceil(requests / rounds)
    for (let round = 0; round < rounds; round++) {
      for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
        const cpu0 = cpuSeconds(server.child.pid!)
        const pg0 = pgSeconds()
        const from = performance.now()
        const result = await run(name, cases[name], server.baseUrl, perRound)
        const to = performance.now()
        server.cpu += cpuSeconds(server.child.pid!) - cpu0
        server.pg += pgSeconds() - pg0
        server.seconds += (to - from) / 1000
        server.from = Math.min(server.from, (from - server.started) / 1000)
        server.to = (to - server.started) / 1000
        server.misses += result.misses
        server.hits += result.hits
        server.bytes += result.bytes
      }
    }
    const perAnswer = (server: Server) => (1000 * server.cpu) / (server.misses + server.hits)
    for (const [i, server] of servers.entries()) {
      const answers = server.misses + server.hits
      const label = builds.length > 1 ? ` ${'AB'[i]} (${path.relative(root, server.build) || '.'})` : ''
      const versus = i > 0 ? `, ${(perAnswer(server) / perAnswer(servers[0])).toFixed(3)} × A` : ''
      const pgPart = postmaster === null ? '' : `, PostgreSQL ${((1000 * server.pg) / answers).toFixed(2)} ms`
      log(`${name}${label}: ${answers} answers (${server.hits} hits), ${perAnswer(server).toFixed(2)} CPU ms per answer${pgPart}${versus}, ${(server.bytes / answers / 1024).toFixed(1)} KB each, ${(answers / server.seconds).toFixed(0)} req/s`)
      if (server.hits > 0) log(`  ${server.hits} answers were not misses`)
    }
    for (const server of servers) {
      await stopChild(server.child)
      if (server.profileDir) {
        const file = readdirSync(server.profileDir).filter((f) => f.endsWith('.cpuprofile')).sort().at(-1)!
        log(`profile of ${name}${builds.length > 1 ? ` (${path.relative(root, server.build) || '.'})` : ''}:`)
        summarise(JSON.parse(readFileSync(path.join(server.profileDir, file), 'utf8')), server.from, server.to, Number(values.top))
      }
    }
  } finally {
    for (const server of servers) await stopChild(server.child)
  }
}
await notifier.end()
await data.close()
