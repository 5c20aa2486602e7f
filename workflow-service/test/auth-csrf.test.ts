import { describe, expect, it } from 'vitest'
import { anonymousCsrf, loginAs, multipartBody } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

const REFUSED = 'CSRF-токен отсутствует или неверен. Обновите страницу и повторите действие.'

async function adminId(): Promise<number> {
  const row = await t.database.db.selectFrom('users').select('id').where('username', '=', 'administration').executeTakeFirstOrThrow()
  return row.id
}

describe('CSRF rule of the API and /auth/', () => {
  it('refuses an unsafe API request of a logged-in user without the token, with a 403 JSON answer', async () => {
    const { headers } = await loginAs(t.app, 'admin')
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${await adminId()}/`,
      headers: { cookie: headers.cookie },
      payload: { is_active: false },
    })
    expect(res.statusCode).toBe(403)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json()).toEqual({ detail: REFUSED })
    const user = await t.database.db.selectFrom('users').select('is_active').where('username', '=', 'administration').executeTakeFirstOrThrow()
    expect(user.is_active).toBe(true)
  })

  it('refuses a wrong token, another session\'s token and the public token of a logged-in user', async () => {
    const { headers } = await loginAs(t.app, 'admin')
    const other = await loginAs(t.app, 'department')
    const anonymous = await anonymousCsrf(t.app)
    for (const token of ['wrong', other.headers['x-csrftoken'], anonymous.token, headers['x-csrftoken'].slice(0, -1)]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${await adminId()}/`,
        headers: { cookie: `${headers.cookie}; ${anonymous.cookie}`, 'x-csrftoken': token },
        payload: { is_active: true },
      })
      expect(res.statusCode, token).toBe(403)
    }
  })

  it('lets the request through with the session\'s token', async () => {
    const { headers } = await loginAs(t.app, 'admin')
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${await adminId()}/`, headers, payload: { is_active: true } })
    expect(res.statusCode).toBe(200)
  })

  it('checks every unsafe method, before the permission check', async () => {
    // Each one on a route that accepts it (the rule belongs to the route; a method no route accepts is a 404).
    for (const [method, url] of [['POST', '/api/v1/users/'], ['PUT', '/api/v1/import-reports/1/'], ['PATCH', '/api/v1/users/1/'], ['DELETE', '/api/v1/measures-points/1/']] as const) {
      const res = await t.app.inject({ method, url, payload: {} })
      expect(res.statusCode, method).toBe(403)
      expect(res.json().detail, method).toBe(REFUSED)
    }
  })

  it('refuses a login without the token, with a token but no cookie, and with a forged signature', async () => {
    const body = multipartBody({ username: 'admin', password: 'admin' })
    const anonymous = await anonymousCsrf(t.app)
    const [nonce] = anonymous.token.split('.')
    for (const headers of [
      { cookie: anonymous.cookie },
      { 'x-csrftoken': anonymous.token },
      { cookie: `csrftoken=${nonce}.forged`, 'x-csrftoken': `${nonce}.forged` },
      { cookie: anonymous.cookie, 'x-csrftoken': `${anonymous.token}x` },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: body.payload, headers: { ...body.headers, ...headers } })
      expect(res.statusCode, JSON.stringify(headers)).toBe(403)
      expect(res.json().detail).toBe(REFUSED)
    }
  })

  it('refuses a logout without the token and keeps the session', async () => {
    const { headers } = await loginAs(t.app, 'department')
    const res = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers: { cookie: headers.cookie } })
    expect(res.statusCode).toBe(403)
    const who = await t.app.inject({ url: '/api/v1/initialization/', headers })
    expect(who.json().user.username).toBe('department')
  })

  it('issues the public token once per browser and keeps answering the same one', async () => {
    const first = await anonymousCsrf(t.app)
    const again = await t.app.inject({ url: '/auth/csrf/', headers: { cookie: first.cookie } })
    expect(again.json().csrftoken).toBe(first.token)
    expect(again.headers['set-cookie']).toBeUndefined()
  })

  it('leaves safe methods alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/companies/?limit=1' })
    expect(res.statusCode).toBe(200)
  })
})

describe('security headers', () => {
  it('sends a Content-Security-Policy that allows scripts only from the portal and with this answer\'s nonce', async () => {
    const first = await t.app.inject({ url: '/api/v1/initialization/' })
    const second = await t.app.inject({ url: '/api/v1/initialization/' })
    const csp = String(first.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('unsafe-eval')
    expect(second.headers['content-security-policy']).not.toBe(csp)
    expect(first.headers['x-content-type-options']).toBe('nosniff')
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(first.headers['referrer-policy']).toBe('same-origin')
  })

  it('sends the same headers on an answer no route gave, with a nonce of its own', async () => {
    const page = await t.app.inject({ url: '/api/v1/initialization/' })
    const missing = await t.app.inject({ url: '/no/such/door/' })
    expect(missing.statusCode).toBe(404)
    // The API's open data may be read by other sites' pages (its cross-origin resource policy, decision 3701).
    const names = ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security', 'cross-origin-opener-policy']
    for (const name of names) expect([name, missing.headers[name]]).toEqual([name, page.headers[name]])
    expect(missing.headers['strict-transport-security']).toBe('max-age=31536000')
    expect(missing.headers['cross-origin-resource-policy']).toBe('same-origin')
    const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1]
    expect(nonceOf(missing.headers['content-security-policy'])).toBeDefined()
    expect(nonceOf(missing.headers['content-security-policy'])).not.toBe(nonceOf(page.headers['content-security-policy']))
  })

  it('keeps the CSRF token endpoint out of every cache', async () => {
    const res = await t.app.inject({ url: '/auth/csrf/' })
    expect(res.headers['cache-control']).toBe('private, no-store')
  })
})
