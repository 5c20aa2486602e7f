// The page routes that a browser without JavaScript posts to have the same per-minute limits as their API doors:
// the login form (LOGIN_RATE_LIMIT_PER_MINUTE) and the reports page's actions (DECISION_RATE_LIMIT_PER_MINUTE),
// whether posted as a document or through Remix's single fetch (.data): one counter per door and address.
// Over the limit: 429, Retry-After, Russian.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../cluster/support/free-port.ts'
import type {} from '../../workflow-service/test/support/global-setup.ts'
import { createTestDatabase, type TestDatabase } from '../../workflow-service/test/support/test-database.ts'
import { RATE_LIMITED } from '../../workflow-service/src/plugins/rate-limits.server.ts'

const root = path.resolve(import.meta.dirname, '../..')
const LOGIN_LIMIT = 3
const DECISION_LIMIT = 2

let database: TestDatabase
let child: ChildProcess
let baseUrl: string
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-page-limits-'))

beforeAll(async () => {
  database = await createTestDatabase()
  const port = await freePort()
  baseUrl = `http://127.0.0.1:${port}`
  child = spawn(process.execPath, ['--import', 'tsx', 'portal/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_PROCESSES: '1',
      WORKERS: 'off',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
      DECISION_RATE_LIMIT_PER_MINUTE: String(DECISION_LIMIT),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // Generous: on a loaded machine (the tests run in parallel) a start may take a minute or more.
  const until = Date.now() + 170_000
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode}`)
    if (await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false)) return
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error('the portal did not start')
}, 200_000)

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  await database?.destroy()
  rmSync(dataDir, { recursive: true, force: true })
})

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
  body: new URLSearchParams(fields).toString(),
})

describe('per-minute limits on the page forms', () => {
  it('answers the login form 429 with Retry-After and the Russian message once the limit is spent', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LOGIN_LIMIT; i++) statuses.push((await fetch(`${baseUrl}/monitoring/login`, form({ username: 'department', password: 'wrong' }))).status)
    expect(statuses).not.toContain(429)
    const over = await fetch(`${baseUrl}/monitoring/login`, form({ username: 'department', password: 'wrong' }))
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await over.text()).toContain(RATE_LIMITED)
  })

  it('counts the reports page and its single-fetch twin as one limit', async () => {
    const address = `${baseUrl}/monitoring/companies/1/reports`
    // One request through each door: with a counter per route each would still have its whole limit.
    const first = await fetch(address, form({ intent: 'decide' }))
    const second = await fetch(`${address}.data`, form({ intent: 'decide' }))
    expect([first.status, second.status]).not.toContain(429)
    const over = await fetch(address, form({ intent: 'decide' }))
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await fetch(`${address}.data`, form({ intent: 'decide' }))).status).toBe(429)
    expect(await over.text()).toContain(RATE_LIMITED)
  })
})
