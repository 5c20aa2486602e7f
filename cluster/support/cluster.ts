// Starts a small cluster of the built portal: a PostgreSQL server (DATABASE_URL, or the embedded PostgreSQL started
// as a server), Redis (REDIS_URL or 127.0.0.1:6379), the migration (as the owner) and demo data as one-off steps
// (as docker-compose.yml runs them), then web and worker nodes as separate `node dist/…` processes that connect as
// the portal's own role and only check the migrations (MIGRATIONS=check).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import pg from 'pg'
import type { Database } from '@portal/migrations/database.ts'
import { createKysely, ensureAppRole, startEmbeddedPostgres } from '@portal/workflow-server/service.server.ts'
import { freePort } from './free-port.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export { freePort }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** One portal process and every JSON log line it wrote. */
export class Node {
  readonly lines: Array<Record<string, unknown>> = []
  private output = ''
  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString()
      let at: number
      while ((at = this.output.indexOf('\n')) >= 0) {
        const line = this.output.slice(0, at)
        this.output = this.output.slice(at + 1)
        try {
          this.lines.push(JSON.parse(line))
        } catch {
          // the start banner and other plain lines
        }
      }
    }
    this.closed = new Promise((resolve) => child.once('close', () => resolve()))
    child.stdout?.on('data', collect)
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`))
  }

  /** Resolves once the process has exited and its output is read to the end (every line it wrote is in `lines`). */
  readonly closed: Promise<void>

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.exited) return this.child.exitCode
    const done = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)))
    this.child.kill(signal)
    return done
  }
}

export interface Cluster {
  /** The nodes' connection: the portal's own role. */
  databaseUrl: string
  /** The owner's: the migrate step's, and the test's own look at the database. */
  ownerUrl: string
  appRole: string
  redisUrl: string
  redisPrefix: string
  storageDir: string
  db: Kysely<Database>
  env: NodeJS.ProcessEnv
  webs: Node[]
  workers: Node[]
  /** Starts a web node and waits until it is ready (unless `untilReady` is false: then once it listens). */
  startWeb(name: string, env?: Record<string, string>, untilReady?: boolean): Promise<Node>
  startWorker(name: string, env?: Record<string, string>): Promise<Node>
  stop(): Promise<void>
}

async function waitReady(node: Node, probe = '/readyz', ms = 90_000): Promise<void> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (node.exited) throw new Error(`${node.name} exited with ${node.child.exitCode} before it was ready`)
    try {
      if ((await fetch(`${node.url}${probe}`)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error(`${node.name} did not become ready in time`)
}

function runStep(script: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, [path.join(root, 'dist', script), ...args], { cwd: root, env, encoding: 'utf8', timeout: 120_000 })
  if (result.status !== 0) throw new Error(`${script} failed (${result.status}): ${result.stderr}${result.stdout}`)
}

export async function startCluster(options: { webs: number; workers: number }): Promise<Cluster> {
  if (!existsSync(path.join(root, 'dist/server.js')) || !existsSync(path.join(root, 'remix-app/build/server/index.js'))) {
    throw new Error('the cluster test runs the production build: run "npm run build" first')
  }
  const temp = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'))
  // The embedded server runs as the user postgres, which must be able to enter the folder.
  chmodSync(temp, 0o755)
  const storageDir = path.join(temp, 'files')
  const cleanups: Array<() => Promise<void>> = [async () => rmSync(temp, { recursive: true, force: true })]

  // PostgreSQL: a fresh database on the DATABASE_URL server, or the embedded PostgreSQL as a server of its own.
  let databaseUrl: string
  const name = `portal_cluster_${randomBytes(4).toString('hex')}`
  let serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(temp, 'pgdata'), port: await freePort(), log: () => {} })
    cleanups.unshift(() => embedded.stop())
    serverUrl = embedded.url
  }
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  // The portal's own role, this run's alone (its password is set anew when it exists).
  const appRole = `${name}_app`
  const appPassword = randomBytes(12).toString('hex')
  await ensureAppRole(serverUrl, appRole, appPassword)
  const u = new URL(serverUrl)
  u.pathname = `/${name}`
  const ownerUrl = u.toString()
  u.username = appRole
  u.password = appPassword
  databaseUrl = u.toString()
  cleanups.unshift(async () => {
    const c = new pg.Client({ connectionString: serverUrl })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await c.query(`DROP ROLE IF EXISTS "${appRole}"`)
    await c.end()
  })

  // Redis: this run's own key prefix, removed at the end.
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379'
  const redisPrefix = `portal-cluster-${randomBytes(4).toString('hex')}`
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  await redis.connect().catch((error: Error) => {
    throw new Error(`the cluster test needs Redis at ${redisUrl} (scripts/ensure-redis.sh starts one): ${error.message}`)
  })
  cleanups.unshift(async () => {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}:*`, 'COUNT', 1000)
      if (keys.length) await redis.del(...keys)
      cursor = next
    } while (cursor !== '0')
    redis.disconnect()
  })

  const { DATABASE_OWNER_URL: _owner, ...outside } = process.env
  const env: NodeJS.ProcessEnv = {
    ...outside,
    NODE_ENV: 'production',
    // As docker-compose.yml runs them: the nodes as the portal's role, never migrating; only the migrate step as the owner.
    DATABASE_URL: databaseUrl,
    MIGRATIONS: 'check',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    STORAGE_DIR: storageDir,
    DATA_DIR: temp,
    SESSION_SECRET: randomBytes(24).toString('hex'),
    AUDIT_KEY: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    // One process per web node: the nodes are the processes here (the machine of the test has two cores).
    WEB_PROCESSES: '1',
    // A killed worker node's job is taken again once its lock lapses: 3 s here, not the default 20 s, as the test
    // proves that it is taken again and once, not how long a deployment chooses to wait.
    BULLMQ_LOCK_SECONDS: '3',
  }
  // The one-off steps of the deployment: migrations as the owner, then the demo data with its users.
  runStep('migrate.js', [], { ...env, MIGRATIONS: 'apply', DATABASE_OWNER_URL: ownerUrl })
  runStep('seed.js', ['--demo'], env)

  // The test looks at the database as the owner, under a name of its own, so the nodes' connections can be told apart.
  const db = createKysely(`${ownerUrl}?application_name=cluster-test`, 4)
  cleanups.unshift(() => db.destroy())
  const nodes: Node[] = []
  const start = async (name: string, script: string, portVariable: string, extra: Record<string, string>) => {
    const port = await freePort()
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist', script)], {
      cwd: root,
      env: { ...env, [portVariable]: String(port), ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const node = new Node(name, child, `http://127.0.0.1:${port}`)
    nodes.push(node)
    return node
  }
  const cluster: Cluster = {
    databaseUrl,
    ownerUrl,
    appRole,
    redisUrl,
    redisPrefix,
    storageDir,
    db,
    env,
    webs: [],
    workers: [],
    async startWeb(name, extra = {}, untilReady = true) {
      const node = await start(name, 'server.js', 'PORT', { WORKERS: 'off', ...extra })
      await waitReady(node, untilReady ? '/readyz' : '/healthz')
      return node
    },
    async startWorker(name, extra = {}) {
      const node = await start(name, 'worker-node.js', 'WORKER_HTTP_PORT', extra)
      await waitReady(node)
      return node
    },
    async stop() {
      await Promise.all(nodes.map((n) => n.stop('SIGTERM')))
      for (const cleanup of cleanups) await cleanup().catch((e) => process.stderr.write(`cluster cleanup: ${e}\n`))
    },
  }
  try {
    // Every node starts at once, as compose starts the replicas.
    const webs = Array.from({ length: options.webs }, (_, i) => cluster.startWeb(`web-${i + 1}`))
    const workers = Array.from({ length: options.workers }, (_, i) => cluster.startWorker(`worker-${i + 1}`))
    cluster.webs.push(...(await Promise.all(webs)))
    cluster.workers.push(...(await Promise.all(workers)))
  } catch (error) {
    await cluster.stop()
    throw error
  }
  return cluster
}
