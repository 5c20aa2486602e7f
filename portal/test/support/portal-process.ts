// Starts the portal from its sources (`portal/src/server.ts`, pages included) on a test database of its own, for the
// tests of what only a running portal shows; kills it, drops the database and removes its data folder after the file.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { freePort } from '../../../cluster/support/free-port.ts'
import type {} from '../../../test-support/global-setup.ts'
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.ts'

const root = path.resolve(import.meta.dirname, '../../..')

export interface RunningPortal {
  baseUrl: string
  child: ChildProcess
  database: TestDatabase
}

const healthy = (portal: RunningPortal) => fetch(`${portal.baseUrl}/healthz`).then((r) => r.ok, () => false)

/** The running portal, once the file's beforeAll has seen it ready (by default: /healthz answers 200). */
export function usePortalProcess(env: Record<string, string>, ready: (portal: RunningPortal) => boolean | Promise<boolean> = healthy): RunningPortal {
  const portal = {} as RunningPortal
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-process-'))
  beforeAll(async () => {
    portal.database = await createTestDatabase()
    const port = await freePort()
    portal.baseUrl = `http://127.0.0.1:${port}`
    portal.child = spawn(process.execPath, ['--import', 'tsx', 'portal/src/server.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: portal.database.url, PORT: String(port), HOST: '127.0.0.1', WORKERS: 'off', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    // Generous: on a loaded machine (the tests run in parallel) a start may take a minute or more.
    const until = Date.now() + 170_000
    while (Date.now() < until) {
      if (portal.child.exitCode !== null) throw new Error(`the portal exited with code ${portal.child.exitCode}`)
      if (await ready(portal)) return
      await new Promise((r) => setTimeout(r, 300))
    }
    throw new Error('the portal did not become ready')
  }, 200_000)
  afterAll(async () => {
    if (portal.child && portal.child.exitCode === null) portal.child.kill('SIGKILL')
    await portal.database?.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return portal
}
