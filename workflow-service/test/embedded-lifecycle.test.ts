import { type ChildProcess, execSync, spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lifecycle-'))
chmodSync(dataDir, 0o755)
const pgPort = String(30000 + Math.floor(Math.random() * 20000))

interface Running {
  child: ChildProcess
  url: string
  output: () => string
}

function start(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'portal/src/server.ts'], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort, PORT: '0', HOST: '127.0.0.1', WORKERS: 'off' },
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  return new Promise((resolve, reject) => {
    // A portal that did not start in time is stopped as a person would stop it (its PostgreSQL with it), so a failed
    // case leaves no process behind to slow every test after it.
    const timer = setTimeout(() => {
      child.kill('SIGINT')
      reject(new Error(`the portal did not start:\n${output}`))
    }, 120_000)
    const check = () => {
      const match = output.match(/Портал запущен: (http:\/\/\S+)\/monitoring\//)
      if (match) {
        clearTimeout(timer)
        resolve({ child, url: match[1], output: () => output })
      }
    }
    child.stdout?.on('data', check)
    child.once('exit', (code) => reject(new Error(`the portal exited with ${code}:\n${output}`)))
  })
}

function stopped(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)))
}

/** Pids of PostgreSQL servers running on this test's data folder (read from ps, so no shell matches itself). */
function postgresOfDataDir(): string {
  return execSync('ps -eo pid=,args=', { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(`postgres -D ${path.join(dataDir, 'pg')}`))
    .map((line) => line.trim().split(/\s+/)[0])
    .join('\n')
}

afterAll(() => {
  const leftover = postgresOfDataDir()
  if (leftover) execSync(`kill -9 ${leftover.split('\n').join(' ')}`)
  rmSync(dataDir, { recursive: true, force: true })
})

// Each case starts real processes (initdb, migrations, demo data): minutes on a loaded machine, not seconds.
describe('the embedded database across starts', { timeout: 180_000 }, () => {
  it('starts with demo data, stops on SIGINT with no PostgreSQL left, and reuses the data on the next start', async () => {
    const first = await start()
    const companies = await (await fetch(`${first.url}/api/v1/companies/?limit=1`)).json()
    expect(companies.count).toBe(36)
    expect(first.output()).toContain('demo data loaded')
    first.child.kill('SIGINT')
    expect(await stopped(first.child)).toBe(0)
    expect(postgresOfDataDir()).toBe('')

    const second = await start()
    expect(second.output()).not.toContain('demo data loaded')
    expect((await (await fetch(`${second.url}/api/v1/companies/?limit=1`)).json()).count).toBe(36)
    second.child.kill('SIGINT')
    await stopped(second.child)
  })

  it('recovers after a crash that left PostgreSQL running and its pid file behind', async () => {
    const crashed = await start()
    crashed.child.kill('SIGKILL')
    await stopped(crashed.child)
    expect(postgresOfDataDir()).not.toBe('')

    const recovered = await start()
    expect((await fetch(`${recovered.url}/healthz`)).status).toBe(200)
    recovered.child.kill('SIGINT')
    await stopped(recovered.child)
    expect(postgresOfDataDir()).toBe('')
  })
})
