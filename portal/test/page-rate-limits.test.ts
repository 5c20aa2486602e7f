// The page routes that a browser without JavaScript posts to have the same per-minute limits as their API doors:
// the login form (LOGIN_RATE_LIMIT_PER_MINUTE) and the reports page's actions (DECISION_RATE_LIMIT_PER_MINUTE),
// whether posted as a document or through Remix's single fetch (.data): one counter per door and address.
// Over the limit: 429, Retry-After, Russian.
import { describe, expect, it } from 'vitest'
import { RATE_LIMITED } from '../../workflow-service/src/plugins/rate-limits.server.ts'
import { usePortalProcess } from './support/portal-process.ts'
const LOGIN_LIMIT = 3
const DECISION_LIMIT = 2

const portal = usePortalProcess({
  WEB_PROCESSES: '1',
  LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
  DECISION_RATE_LIMIT_PER_MINUTE: String(DECISION_LIMIT),
})

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal.baseUrl },
  body: new URLSearchParams(fields).toString(),
})

describe('per-minute limits on the page forms', () => {
  it('answers the login form 429 with Retry-After and the Russian message once the limit is spent', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LOGIN_LIMIT; i++) statuses.push((await fetch(`${portal.baseUrl}/monitoring/login`, form({ username: 'department', password: 'wrong' }))).status)
    expect(statuses).not.toContain(429)
    const over = await fetch(`${portal.baseUrl}/monitoring/login`, form({ username: 'department', password: 'wrong' }))
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await over.text()).toContain(RATE_LIMITED)
  })

  it('counts the reports page and its single-fetch twin as one limit', async () => {
    const address = `${portal.baseUrl}/monitoring/companies/1/reports`
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
