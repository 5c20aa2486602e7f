import { type ChildProcess, execFile, execSync, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres } from '../platform/src/db/embedded-postgres.server.ts'

const root = path.resolve(import.meta.dirname, '../..')
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-safety-'))
chmodSync(dataDir, 0o755)
const pgPort = String(30000 + Math.floor(Math.random() * 20000))
// Every process of this file reads the audit key from the data folder, as a portal without AUDIT_KEY does.
const env = { ...process.env, AUDIT_KEY: '', DATABASE_URL: '', DATABASE_OWNER_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort, PORT: '0', HOST: '127.0.0.1', WORKERS: 'off' }
const run = promisify(execFile)

interface Running {
  child: ChildProcess
  url: string
  output: () => string
}

function startPortal(extra: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'portal/src/server.ts'], { cwd: root, env: { ...env, ...extra } })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  return new Promise((resolve, reject) => {
    // A portal that did not start in time is stopped as a person would stop it (its PostgreSQL with it), so a failed
    // case leaves no process behind to slow every test after it.
    const timer = setTimeout(() => {
      child.kill('SIGINT')
      reject(new Error(`the portal did not start:\n${output}`))
    }, 240_000) // a first start loads the demo data: on a machine shared by several test runs it took past 120 s
    child.stdout?.on('data', () => {
      const match = output.match(/Портал запущен: (http:\/\/\S+)\/monitoring\//)
      if (match) {
        clearTimeout(timer)
        resolve({ child, url: match[1], output: () => output })
      }
    })
    child.once('exit', (code) => reject(new Error(`the portal exited with ${code}:\n${output}`)))
  })
}

const stopped = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)))
const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
const mode = (file: string) => (statSync(file).mode & 0o777).toString(8)
async function connectAs(user: string, password: string, database = 'portal'): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/${database}` })
  try {
    await client.connect()
  } catch (error) {
    await client.end().catch(() => undefined)
    throw error
  }
  return client
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The `.part` files of the data folder's file store: uploads that never finished. */
const partFiles = () =>
  existsSync(path.join(dataDir, 'files'))
    ? readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((d) => d.isFile() && d.name.endsWith('.part')).map((d) => d.name)
    : []

/** holder1's session over HTTP, as a browser gets it: the cookies and the session's CSRF token. */
async function holderSession(url: string): Promise<{ cookie: string; token: string }> {
  const cookiesOf = (res: Response) => res.headers.getSetCookie().map((line) => line.split(';')[0])
  const first = await fetch(`${url}/auth/csrf/`)
  const anonymous = { token: (await first.json()).csrftoken as string, cookie: cookiesOf(first).join('; ') }
  const form = new FormData()
  form.set('username', 'holder1')
  form.set('password', 'holder1')
  const login = await fetch(`${url}/auth/login/`, { method: 'POST', body: form, headers: { cookie: anonymous.cookie, 'x-csrftoken': anonymous.token } })
  expect(login.status).toBeLessThan(400)
  const cookie = cookiesOf(login).join('; ')
  const csrf = await fetch(`${url}/auth/csrf/`, { headers: { cookie } })
  return { cookie, token: (await csrf.json()).csrftoken as string }
}

const passwordFilesInTmp = () => readdirSync(tmpdir()).filter((name) => name.startsWith('pg-password-'))

/** Pids of PostgreSQL servers running on this file's data folder (read from ps, so no shell matches itself). */
function postgresOfDataDir(): string[] {
  return execSync('ps -eo pid=,args=', { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(`postgres -D ${path.join(dataDir, 'pg')}`))
    .map((line) => line.trim().split(/\s+/)[0])
}

/**
 * A portal one case leaves running on the kept data for the next: the second start, for the crash. A case whose
 * portal is missing (the case before it failed) starts its own.
 */
let running: Running | undefined

afterAll(() => {
  if (running?.child.exitCode === null) running.child.kill('SIGKILL')
  const leftover = postgresOfDataDir()
  if (leftover.length) execSync(`kill -9 ${leftover.join(' ')}`)
  rmSync(dataDir, { recursive: true, force: true })
})

// The cases share one data folder, in order: the first start makes it (initdb, migrations, demo data), the next
// starts reuse it, the last cases start its PostgreSQL alone. A fresh folder is what only the first start proves;
// each start costs seconds of CPU (the portal's modules through tsx, its PostgreSQL), minutes on a loaded machine.
describe('the embedded database across starts: its roles, a running portal, and where it can start', { timeout: 480_000 }, () => {
  it('runs the portal as its own role on its first start with demo data, lets replay --verify join the running server and leaves the portal running, and stops on SIGINT with no PostgreSQL left', async () => {
    const tmpBefore = passwordFilesInTmp()
    const portal = await startPortal()
    let exitCode: unknown
    try {
      expect(portal.output()).toContain('demo data loaded')
      expect((await (await fetch(`${portal.url}/api/v1/companies/?limit=1`)).json()).count).toBe(36)

      // The secrets of the data folder are private, and initdb left no password file in /tmp.
      expect(mode(path.join(dataDir, 'audit.key'))).toBe('600')
      expect(mode(path.join(dataDir, 'pg-app.password'))).toBe('600')
      expect(mode(path.join(dataDir, 'pg-owner.password'))).toBe('600')
      expect(mode(path.join(dataDir, 'audit.head'))).toBe('600')
      expect(existsSync(path.join(dataDir, '.pg-init'))).toBe(false)
      expect(passwordFilesInTmp()).toEqual(tmpBefore)

      // The running portal's connections are the app role's, which cannot touch the event log.
      const appPassword = readFileSync(path.join(dataDir, 'pg-app.password'), 'utf8').trim()
      // The owner's password is the random one of its file: the fixed one of earlier versions no longer opens it.
      const ownerPassword = readFileSync(path.join(dataDir, 'pg-owner.password'), 'utf8').trim()
      expect(ownerPassword).toMatch(/^[0-9a-f]{48}$/)
      await expect(connectAs('portal', 'portal')).rejects.toThrow(/password authentication failed/)
      const owner = await connectAs('portal', ownerPassword)
      const users = await owner.query<{ usename: string }>(`SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = 'portal' AND pid <> pg_backend_pid()`)
      await owner.end()
      expect(users.rows.map((r) => r.usename)).toEqual(['portal_app'])
      const app = new pg.Client({ connectionString: `postgres://portal_app:${appPassword}@127.0.0.1:${pgPort}/portal` })
      await app.connect()
      for (const statement of ['ALTER TABLE events DISABLE TRIGGER USER', 'UPDATE events SET type = type', 'DELETE FROM events', 'TRUNCATE events']) {
        await expect(app.query(statement)).rejects.toThrow(/permission denied|must be owner/)
      }
      await app.end()

      const pid = postmasterPid()
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'workflow-service/server/src/cli/replay-command.ts', '--verify'], { cwd: root, env })
      expect(stdout).toMatch(/hash chain:\s+intact \(\d+ events, [1-9]\d* checkpoints/)
      expect(stdout).toMatch(/differences:\s+0/)
      expect(stdout).toMatch(/chain head:\s+compared with audit\.head/)
      expect(postmasterPid()).toBe(pid)
      expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
      expect((await (await fetch(`${portal.url}/api/v1/companies/?limit=1`)).json()).count).toBeGreaterThan(0)
    } finally {
      portal.child.kill('SIGINT')
      exitCode = await stopped(portal.child)
    }
    expect(exitCode).toBe(0)
    expect(postgresOfDataDir()).toEqual([])
  })

  it('reuses the data on the next start without loading the demo data again', async () => {
    // Run alone (the first case left out), it makes the data with a first start of its own.
    if (!existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
      const first = await startPortal()
      first.child.kill('SIGINT')
      await stopped(first.child)
    }
    const second = await startPortal()
    running = second
    expect(second.output()).not.toContain('demo data loaded')
    expect((await (await fetch(`${second.url}/api/v1/companies/?limit=1`)).json()).count).toBe(36)
  })

  it('starts its PostgreSQL again when it is killed, answering 503 and never 500 meanwhile, and refuses a second portal on the data folder in one line', async () => {
    const portal = running ?? (await startPortal())
    running = portal
    const before = postmasterPid()
    process.kill(before, 'SIGKILL')
    // Within the grace (30 s by default) the portal serves again, on a new postmaster; every answer on the way is
    // 200 or a 503 that says when to try again.
    const statuses = new Set<number>()
    const until = Date.now() + 30_000
    let served = false
    while (!served && Date.now() < until) {
      // A failed fetch says what the portal wrote: why it is gone, if it is.
      const res = await fetch(`${portal.url}/api/v1/companies/?limit=1`).catch((error: unknown) => {
        throw new Error(`${String(error)} (${(error as Error).cause}); the portal ${portal.child.exitCode === null ? 'runs' : `exited ${portal.child.exitCode}`}:\n${portal.output().slice(-6000)}`)
      })
      statuses.add(res.status)
      if (res.status === 503) expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
      served = res.status === 200 && existsSync(path.join(dataDir, 'pg', 'postmaster.pid')) && postmasterPid() !== before
      await res.arrayBuffer()
      if (!served) await sleep(200)
    }
    expect(served).toBe(true)
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([])
    expect(portal.output()).toContain('the embedded PostgreSQL stopped unasked')
    expect(portal.output()).toContain('the embedded PostgreSQL runs again')
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
    expect((await fetch(`${portal.url}/readyz`)).status).toBe(200)

    // A second portal on the same data folder would stop this one's database when it stops: it is refused.
    // Started without blocking this process: a test blocked for longer than the portal's keep-alive (5 s) would miss
    // the portal closing its idle connection, and its next request on it would fail with "other side closed".
    const second = await run(process.execPath, ['--import', 'tsx', 'portal/src/server.ts'], { cwd: root, env, encoding: 'utf8', timeout: 120_000 }).then(
      () => ({ status: 0, stderr: '' }),
      (error: { code?: unknown; stderr?: unknown }) => ({ status: error.code, stderr: String(error.stderr) }),
    )
    expect(second.status).toBe(1)
    const lines = second.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`the data folder ${dataDir} is in use`)
    expect(lines[0]).toContain(`pid ${portal.child.pid}`)
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
  })

  it('recovers after a crash that left PostgreSQL running and its pid file behind, and removes the upload the crash cut off', async () => {
    const crashed = running ?? (await startPortal())
    running = undefined
    // An upload on its way when the process is killed: its bytes so far are in a `.part` file (the form is read whole
    // before its section is looked at, so any section does).
    const session = await holderSession(crashed.url)
    const year = new Date().getFullYear() + 1
    const boundary = '----killed-upload'
    const head = [
      ...Object.entries({ area: '1', year: String(year), report_type: 'program' }).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="program.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    ].join('')
    const request = http.request(`${crashed.url}/api/v1/import-files/`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(10 * 1024 * 1024), cookie: session.cookie, 'x-csrftoken': session.token },
    })
    request.on('error', () => {})
    request.write(head)
    request.write(Buffer.alloc(256 * 1024, 'a'))
    const until = Date.now() + 20_000
    while (partFiles().length === 0 && Date.now() < until) await sleep(100)
    expect(partFiles()).toHaveLength(1)
    crashed.child.kill('SIGKILL')
    await stopped(crashed.child)
    request.destroy()
    expect(postgresOfDataDir()).not.toEqual([])
    expect(partFiles()).toHaveLength(1)

    const recovered = await startPortal()
    try {
      expect(partFiles()).toEqual([])
      expect(recovered.output()).toContain('removed uploads a stopped process left half written')
      expect((await fetch(`${recovered.url}/healthz`)).status).toBe(200)
    } finally {
      recovered.child.kill('SIGINT')
      await stopped(recovered.child)
    }
    expect(postgresOfDataDir()).toEqual([])
  })

  it('fails /healthz past its grace and exits 1 when its killed PostgreSQL cannot be started again', async () => {
    const portal = await startPortal({ EMBEDDED_PG_GRACE_SECONDS: '1', EMBEDDED_PG_RESTARTS: '2' })
    const version = path.join(dataDir, 'pg', 'PG_VERSION')
    // Without PG_VERSION the folder is no PostgreSQL data folder: every start again fails at once.
    renameSync(version, `${version}.aside`)
    try {
      const exited = stopped(portal.child)
      process.kill(postmasterPid(), 'SIGKILL')
      const until = Date.now() + 20_000
      let health = 200
      while (health !== 503 && portal.child.exitCode === null && Date.now() < until) {
        health = await fetch(`${portal.url}/healthz`).then((r) => r.status, () => 0)
        if (health !== 503) await sleep(100)
      }
      expect(health, portal.output().slice(-6000)).toBe(503)
      expect(await exited).toBe(1)
      expect(portal.output()).toContain('the embedded PostgreSQL did not start again (try 2 of 2)')
      expect(portal.output()).toContain('2 tries to start it again failed')
    } finally {
      if (portal.child.exitCode === null) portal.child.kill('SIGKILL')
      renameSync(`${version}.aside`, version)
    }
  })

  it('keeps an embedded database of an earlier version working: its fixed owner password is replaced by a random one', async () => {
    // An earlier version's cluster: the owner's password is 'portal' and there is no password file.
    const before = await startEmbeddedPostgres({ dataDir, port: Number(pgPort) })
    const current = readFileSync(path.join(dataDir, 'pg-owner.password'), 'utf8').trim()
    const owner = await connectAs('portal', current)
    await owner.query(`ALTER ROLE portal PASSWORD 'portal'`)
    await owner.end()
    await before.stop()
    rmSync(path.join(dataDir, 'pg-owner.password'))

    const after = await startEmbeddedPostgres({ dataDir, port: Number(pgPort) })
    try {
      expect(mode(path.join(dataDir, 'pg-owner.password'))).toBe('600')
      const renewed = readFileSync(path.join(dataDir, 'pg-owner.password'), 'utf8').trim()
      expect(renewed).not.toBe(current)
      await expect(connectAs('portal', 'portal')).rejects.toThrow(/password authentication failed/)
      const client = await connectAs('portal', renewed)
      expect((await client.query('SELECT count(*)::int AS n FROM events')).rows[0].n).toBeGreaterThan(0)
      await client.end()
    } finally {
      await after.stop()
    }
  })

  it('never signals an unrelated process named by a stale pid file', async () => {
    const bystander = spawn('sleep', ['600'])
    try {
      writeFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), `${bystander.pid}\n${path.join(dataDir, 'pg')}\n0\n${pgPort}\n`)
      const embedded = await startEmbeddedPostgres({ dataDir, port: Number(pgPort) })
      expect(embedded.joined).toBe(false)
      await embedded.stop()
      expect(bystander.exitCode).toBeNull()
      expect(() => process.kill(bystander.pid!, 0)).not.toThrow()
    } finally {
      bystander.kill('SIGKILL')
    }
  })

  it('started as root in a private home folder, stops with one line saying what to do and leaves no password file', () => {
    if (process.getuid?.() !== 0) return expect(process.getuid?.()).not.toBe(0)
    const home = mkdtempSync(path.join(tmpdir(), 'portal-home-'))
    chmodSync(home, 0o700)
    mkdirSync(path.join(home, 'project'))
    const tmpBefore = passwordFilesInTmp()
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'portal/src/server.ts'], {
        cwd: root,
        env: { ...env, DATA_DIR: path.join(home, 'project', '.data') },
        encoding: 'utf8',
        timeout: 120_000,
      })
      expect(result.status).toBe(1)
      const lines = result.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(`cannot enter ${home}`)
      expect(lines[0]).toContain('set DATA_DIR')
      expect(result.stderr).not.toMatch(/\n\s+at /)
      expect(passwordFilesInTmp()).toEqual(tmpBefore)
    } finally {
      rmSync(home, { recursive: true, force: true })
    }
  })
})
