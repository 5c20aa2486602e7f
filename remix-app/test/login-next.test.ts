// After a login the browser goes to `next` only when it is a path of this portal once read the way a browser reads a
// Location (tabs dropped, backslashes as slashes, dot segments and doubled slashes resolved), through both doors: the
// page's own form (a browser without JavaScript, as a document and through Remix's single fetch) and POST /auth/login/.
import { describe, expect, it } from 'vitest'
import { anonymousCsrf, postLogin } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { builtPages } from './support/built-pages.ts'

const t = useTestApp({}, { remix: await builtPages() })
const ORIGIN = 'http://portal.test'

/** The family of spellings that lead a browser to another host, or out of the portal's pages. */
const HOSTILE_NEXT = [
  '/monitoring//evil.example/x',
  '/monitoring///evil.example/x',
  '/monitoring//\tevil.example',
  '/monitoring/\t/evil.example',
  '/monitoring/\n/evil.example',
  '/monitoring//evil.example%23',
  '/monitoring/\\evil.example',
  '/monitoring/\\\\evil.example',
  '/monitoring\\..\\x',
  '/monitoring/../..//evil.example',
  '/monitoring/%2e%2e/%2e%2e//evil.example',
  '/monitoring/.%2e/api/v1/users/',
  '/monitoring/%2F%2Fevil.example',
  '//evil.example/monitoring/',
  '/\\evil.example/monitoring/',
  '\\\\evil.example/monitoring/',
  '//\tevil.example/monitoring/',
  ' //evil.example/monitoring/',
  'https://evil.example/monitoring/',
  'https:evil.example/monitoring/',
  'javascript:alert(1)//monitoring/',
  '/api/v1/users/',
  'monitoring/admin',
]

/** Where a browser goes with this Location, opened on the portal's login page. */
function destination(location: string): URL {
  return new URL(location, `${ORIGIN}/monitoring/login`)
}

function expectPortalPath(location: string | undefined, next: string): void {
  expect(location, JSON.stringify(next)).toBeTypeOf('string')
  const url = destination(location!)
  expect(url.origin, JSON.stringify(next)).toBe(ORIGIN)
  expect(url.pathname, JSON.stringify(next)).toMatch(/^\/monitoring\//)
  expect(url.pathname, JSON.stringify(next)).not.toMatch(/\/\/|\\/)
}

let address = 0
async function postPageLogin(path: string, next: string) {
  // A fresh client address each time: the per-address login counters never decide these tests.
  const csrf = await anonymousCsrf(t.app)
  return t.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
    headers: { host: 'portal.test', 'content-type': 'application/x-www-form-urlencoded', cookie: csrf.cookie },
    payload: new URLSearchParams({ csrfmiddlewaretoken: csrf.token, username: 'admin', password: 'admin', next }).toString(),
  })
}

describe('the address after login', () => {
  it('keeps a portal path given as next, on both doors', async () => {
    const api = await postLogin(t.app, { username: 'admin', password: 'admin', next: '/monitoring/admin?tab=1' })
    expect(api.json().router).toBe('/monitoring/admin?tab=1')
    const page = await postPageLogin('/monitoring/login', '/monitoring/admin?tab=1')
    expect(page.statusCode).toBe(302)
    expect(page.headers.location).toBe('/monitoring/admin?tab=1')
  })

  it('never sends the browser to another host or outside the portal after the API login, whatever the spelling of next', async () => {
    for (const next of HOSTILE_NEXT) {
      const res = await postLogin(t.app, { username: 'admin', password: 'admin', next }, { address: `10.78.0.${(address++ % 250) + 1}` })
      expect(res.statusCode, JSON.stringify(next)).toBe(200)
      expectPortalPath(res.json().router, next)
    }
  })

  it('never sends the browser to another host or outside the portal after the page login, whatever the spelling of next', async () => {
    for (const next of HOSTILE_NEXT) {
      const res = await postPageLogin('/monitoring/login', next)
      expect(res.statusCode, JSON.stringify(next)).toBe(302)
      expectPortalPath(res.headers.location as string, next)
    }
  })

  it('never names another host in the single-fetch redirect of the page login', async () => {
    for (const next of HOSTILE_NEXT) {
      const res = await postPageLogin('/monitoring/login.data', next)
      expect(res.statusCode, JSON.stringify(next)).toBeLessThan(400)
      // Single fetch encodes the redirect in its body: the one path it names must be the portal's.
      // It is a path of the client router (the base /monitoring is added by it), and a `//…` one would leave the site.
      const redirect = /"(\/[^"]*)"/.exec(res.body.slice(res.body.indexOf('redirect')))?.[1] ?? ''
      expect(redirect, JSON.stringify(next)).toMatch(/^\/(?![/\\])/)
      expectPortalPath(`/monitoring${redirect}`, next)
    }
  })

  it('offers only a portal path as next on the login page', async () => {
    for (const next of HOSTILE_NEXT) {
      const res = await t.app.inject({ url: `/monitoring/login.data?next=${encodeURIComponent(next)}`, headers: { host: 'portal.test' } })
      expect(res.statusCode, JSON.stringify(next)).toBe(200)
      // The loader's data: the value after the key "next", a portal path or nothing (then the user's own start page).
      const offered = JSON.parse(res.body) as unknown[]
      expect(offered, JSON.stringify(next)).toContain('next')
      const value = offered[offered.indexOf('next') + 1]
      if (typeof value === 'string' && value.startsWith('/')) expectPortalPath(value, next)
      else expect(res.body, JSON.stringify(next)).not.toMatch(/evil\.example|javascript:|\/api\/v1/)
    }
  })
})
