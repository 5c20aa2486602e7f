// Starts the portal as production runs it (the built pages, NODE_ENV=production, the compiled server when the build
// made one), on a free port, against the benchmark's database; stops it and its web processes.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../cluster/support/free-port.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export { freePort }

/** `npm run build`: the pages (and the compiled server where the build makes one). */
export function buildPortal(log: (m: string) => void): void {
  log('building the portal (npm run build)')
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error('npm run build failed')
}

/** The command production runs: the compiled server if the build wrote one, else the TypeScript entry. */
export function productionCommand(): { command: string; args: string[]; compiled: boolean } {
  const compiled = path.join(root, 'dist/server.js')
  if (existsSync(compiled)) return { command: process.execPath, args: ['--enable-source-maps', compiled], compiled: true }
  return { command: process.execPath, args: ['--import', 'tsx', path.join(root, 'portal/src/server.ts')], compiled: false }
}

export interface RunningPortal {
  baseUrl: string
  pid: number
  compiled: boolean
  stop(): Promise<void>
}

export async function waitForHealth(url: string, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the process exited with code ${child.exitCode}`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`)
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

export async function startPortal(options: { databaseUrl: string; dataDir: string; storageDir: string; webProcesses: number }): Promise<RunningPortal> {
  const port = await freePort()
  const { command, args, compiled } = productionCommand()
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'benchmark-only-session-secret',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      STORAGE_DIR: options.storageDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WORKERS: 'off',
      WEB_PROCESSES: String(options.webProcesses),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitForHealth(`${baseUrl}/healthz`, child, 120_000)
  } catch (error) {
    await stopChild(child)
    throw error
  }
  // Every web process answers once the first does (they start together); a moment for the last to listen.
  await new Promise((r) => setTimeout(r, 1000))
  return { baseUrl, pid: child.pid!, compiled, stop: () => stopChild(child) }
}
