// The page routes that a browser without JavaScript posts to have the same per-minute limits as their API doors:
// the login form (LOGIN_RATE_LIMIT_PER_MINUTE) and the reports page's actions (DECISION_RATE_LIMIT_PER_MINUTE),
// whether posted as a document or through Remix's single fetch (.data): one counter per door and address.
// Over the limit: 429, Retry-After, Russian. A limit belongs to the action, whatever spelling of its address reached it.
// The whole portal in this process (Fastify, its hooks and the built pages), called with inject(): no process
// boundary is under test here.
import { describe, expect, it } from 'vitest'
import { RATE_LIMITED } from '@portal/workflow-server/service.server.ts'
import { builtPages } from '../../remix-app/test/support/built-pages.ts'
import { useTestApp } from '../../test-support/test-app.ts'
const LOGIN_LIMIT = 3
const DECISION_LIMIT = 2
const UPLOAD_LIMIT = 2

const t = useTestApp(
  {
    LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
    DECISION_RATE_LIMIT_PER_MINUTE: String(DECISION_LIMIT),
    UPLOAD_RATE_LIMIT_PER_MINUTE: String(UPLOAD_LIMIT),
    // The tests below speak as addresses of their own (X-Forwarded-For from the local proxy), each with fresh counters.
    TRUST_PROXY: '127.0.0.1',
  },
  { remix: await builtPages() },
)

const ORIGIN = 'http://127.0.0.1'

/** A request as fetch() sends it from this machine: the address resolved as a browser resolves it (dot segments). */
async function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const url = new URL(path, ORIGIN)
  const answer = await t.app.inject({
    method: (init.method ?? 'GET') as 'GET' | 'POST',
    url: `${url.pathname}${url.search}`,
    remoteAddress: '127.0.0.1',
    headers: { host: url.host, ...init.headers },
    payload: init.body,
  })
  return { status: answer.statusCode, headers: { get: (name: string) => answer.headers[name.toLowerCase()]?.toString() ?? null }, text: async () => answer.body }
}

const form = (fields: Record<string, string>, address?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...(address ? { 'x-forwarded-for': address } : {}) },
  body: new URLSearchParams(fields).toString(),
})

// Spellings of one address that Remix runs the same action for: letter case, single fetch's .data, a trailing slash,
// percent-encoding, dot segments.
const LOGIN_SPELLINGS = ['/monitoring/Login', '/monitoring/login.data', '/monitoring/LOGIN.data', '/monitoring/login/', '/monitoring/l%6Fgin', '/monitoring/L%4FGIN.data', '/monitoring/./login', '/monitoring/x/../Login', '/monitoring/login?_data=auth/login']
const REPORTS_SPELLINGS = ['/monitoring/companies/1/Reports', '/monitoring/Companies/1/reports.data', '/monitoring/COMPANIES/1/REPORTS/', '/monitoring/companies/01/reports', '/monitoring/companies/1/r%65ports.data', '/monitoring/companies/1/./reports']

describe('per-minute limits on the page forms', () => {
  it('answers the login form 429 with Retry-After and the Russian message once the limit is spent', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LOGIN_LIMIT; i++) statuses.push((await send(`/monitoring/login`, form({ username: 'department', password: 'wrong' }))).status)
    expect(statuses).not.toContain(429)
    const over = await send(`/monitoring/login`, form({ username: 'department', password: 'wrong' }))
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await over.text()).toContain(RATE_LIMITED)
  })

  it('counts the reports page and its single-fetch twin as one limit', async () => {
    const address = '/monitoring/companies/1/reports'
    // One request through each door: with a counter per route each would still have its whole limit.
    const first = await send(address, form({ intent: 'decide' }))
    const second = await send(`${address}.data`, form({ intent: 'decide' }))
    expect([first.status, second.status]).not.toContain(429)
    const over = await send(address, form({ intent: 'decide' }))
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await send(`${address}.data`, form({ intent: 'decide' }))).status).toBe(429)
    expect(await over.text()).toContain(RATE_LIMITED)
  })

  it('counts every spelling of the login address as the login, and answers each 429 once the limit is spent', async () => {
    // Another account each time: the login's own throttle (five failures per account) stays out of the way.
    const attempt = (path: string, i: number, address: string) => send(path, form({ username: `nobody-${i}`, password: 'wrong' }, address))
    // Spent through other spellings, the limit holds at the plain address.
    const spent = []
    for (let i = 0; i < LOGIN_LIMIT; i++) spent.push((await attempt(LOGIN_SPELLINGS[i], i, '203.0.113.10')).status)
    expect(spent).not.toContain(429)
    expect((await attempt('/monitoring/login', 9, '203.0.113.10')).status).toBe(429)
    // Spent at the plain address, no spelling runs the action.
    for (let i = 0; i < LOGIN_LIMIT; i++) expect((await attempt('/monitoring/login', i, '203.0.113.11')).status).not.toBe(429)
    const answers = []
    for (const [i, path] of LOGIN_SPELLINGS.entries()) answers.push([path, (await attempt(path, 10 + i, '203.0.113.11')).status])
    expect(answers).toEqual(LOGIN_SPELLINGS.map((path) => [path, 429]))
  })

  it('counts every spelling of the reports page as its decisions, and answers each 429 once the limit is spent', async () => {
    const decide = (path: string, address: string) => send(path, form({ intent: 'decide' }, address))
    const spent = []
    for (let i = 0; i < DECISION_LIMIT; i++) spent.push((await decide(REPORTS_SPELLINGS[i], '203.0.113.20')).status)
    expect(spent).not.toContain(429)
    expect((await decide('/monitoring/companies/1/reports', '203.0.113.20')).status).toBe(429)
    for (let i = 0; i < DECISION_LIMIT; i++) expect((await decide('/monitoring/companies/1/reports', '203.0.113.21')).status).not.toBe(429)
    const answers = []
    for (const path of REPORTS_SPELLINGS) answers.push([path, (await decide(path, '203.0.113.21')).status])
    expect(answers).toEqual(REPORTS_SPELLINGS.map((path) => [path, 429]))
  })

  it('counts the section\'s check before sending in every spelling, apart from the page\'s decisions', async () => {
    // Nobody logged in: counted by address, under the uploads' number. The API's check shares this counter
    // (workflow-service/test/rate-limits.test.ts: a per-request door shares the fixed routes' key; per account there).
    const address = '203.0.113.40'
    const precheck = (path: string) => send(path, form({ intent: 'check' }, address))
    expect((await precheck('/monitoring/companies/1/reports/Precheck')).status).not.toBe(429)
    expect((await precheck('/monitoring/companies/1/reports/precheck')).status).not.toBe(429)
    for (const path of ['/monitoring/companies/1/reports/precheck', '/monitoring/companies/1/reports/precheck.data', '/monitoring/Companies/1/REPORTS/precheck/']) {
      const over = await precheck(path)
      expect([path, over.status]).toEqual([path, 429])
    }
    // The reports page's own forms are another door.
    expect((await send(`/monitoring/companies/1/reports`, form({ intent: 'decide' }, address))).status).not.toBe(429)
  })

  it('leaves pages that are not a limited action alone: their reads, and the forms of other pages', async () => {
    const address = '203.0.113.30'
    for (let i = 0; i < LOGIN_LIMIT + 2; i++) {
      expect((await send(`/monitoring/login`, { headers: { 'x-forwarded-for': address } })).status).toBe(200)
      expect((await send(`/monitoring/Login.data`, { headers: { 'x-forwarded-for': address } })).status).not.toBe(429)
      // The 404 page has no action: a post to it is not a login, however close its address is.
      expect((await send(`/monitoring//login`, form({ username: 'x', password: 'y' }, address))).status).not.toBe(429)
    }
  })
})
