// Starts the built portal (dist/server.js of `npm run build`) once for the browser tests: its own embedded PostgreSQL
// in a temporary folder (or a fresh database on the server of DATABASE_URL), demo data, workers, and a free port.
// Starts Debian's Chromium once as well: each file connects to it and gets its own connection, whose contexts close
// with the file (support/browser.ts); a launch per file cost about a second of two loaded cores, 24 times a run.
//
// Every browser file shares this one portal, and the files run in an order of the runner's choosing. So a test changes
// only users and records it created itself (its own report year, its own user); a decision on a demo report or a
// change to a demo user changes what a later file finds, and breaks it only in some orders.
import { type ChildProcess, spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type BrowserServer, chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { APP_PASSWORD_FILE, APP_ROLE, ensureAppRole } from '@portal/workflow-server/service.server.ts'
import { freePort } from '../../cluster/support/free-port.ts'
import '../../test-support/keep-exit-code.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

const E2E_APP_ROLE = 'portal_test_app'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The portal's database as the portal's own role: browser tests start their sessions on it (support/log-in.ts). */
    databaseUrl: string
    /** The run's one Chromium: each file connects to it (support/browser.ts). */
    browserEndpoint: string
  }
}

async function waitForHealth(url: string, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode}`)
    try {
      const res = await fetch(`${url}/healthz`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('the portal did not become healthy in time')
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'))
  chmodSync(dataDir, 0o755)
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    // Every browser test logs in from 127.0.0.1, hundreds of logins a minute from one address; the per-minute limits
    // themselves are attacked in workflow-service/test/rate-limits.test.ts. Every live map asks the GeoJSON list of
    // its points, an export by that limit's count, so the map tests would spend the exports tests' minute.
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    EXPORT_RATE_LIMIT_PER_MINUTE: '100000',
    EXPORT_ROWS_PER_MINUTE: '1000000000',
    UPLOAD_RATE_LIMIT_PER_MINUTE: '100000',
    DECISION_RATE_LIMIT_PER_MINUTE: '100000',
  }
  let dropDatabase: (() => Promise<void>) | undefined
  if (process.env.DATABASE_URL) {
    const name = `portal_e2e_${Date.now().toString(36)}`
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`)
    await admin.end()
    const u = new URL(process.env.DATABASE_URL)
    u.pathname = `/${name}`
    // As in production: the owner migrates, the portal connects as its own role (the embedded default does the same).
    env.DATABASE_OWNER_URL = u.toString()
    await ensureAppRole(process.env.DATABASE_URL, E2E_APP_ROLE, E2E_APP_ROLE)
    u.username = E2E_APP_ROLE
    u.password = E2E_APP_ROLE
    env.DATABASE_URL = u.toString()
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await c.end()
    }
  }
  // Launched while the portal starts: the two starts overlap instead of adding up.
  const launching: Promise<BrowserServer> = chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] })
  const baseUrl = `http://127.0.0.1:${port}`
  let browserServer: BrowserServer | undefined
  try {
    await waitForHealth(baseUrl, child, 240_000)
    browserServer = await launching
  } catch (error) {
    child.kill('SIGINT')
    await launching.then((server) => server.close()).catch(() => undefined)
    throw error
  }
  project.provide('browserEndpoint', browserServer.wsEndpoint())
  project.provide('baseUrl', baseUrl)
  // The embedded PostgreSQL's portal role has the password the portal made in its data folder on the first start.
  project.provide('databaseUrl', env.DATABASE_URL ?? `postgres://${APP_ROLE}:${encodeURIComponent(readFileSync(path.join(dataDir, APP_PASSWORD_FILE), 'utf8').trim())}@127.0.0.1:${env.EMBEDDED_PG_PORT}/portal`)

  return async () => {
    await browserServer?.close()
    child.kill('SIGINT')
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))
    await dropDatabase?.()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
