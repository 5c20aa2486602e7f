// The CSRF and same-origin rules are decided on the route, so no spelling of its URL reaches a handler without them.
import { beforeAll, describe, expect, it } from 'vitest'
import type { RouteEntry } from '../server/src/plugins/route-table.server.ts'
import { anonymousCsrf, loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp({ PUBLIC_URL: 'https://eco.example.ru' })

const CSRF_REFUSED = 'CSRF-токен отсутствует или неверен. Обновите страницу и повторите действие.'
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** A path of the route with every parameter filled by a value that names no record. */
function pathOf(route: RouteEntry): string {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? '2000000000' : 'x')).replace('*', 'x')
}

const encodeChar = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`

/** The same route spelled as an attacker would: percent-encoded letters, doubled slashes, other letter case. */
function spellings(path: string): string[] {
  const [, first, ...rest] = path.split('/')
  const tail = rest.join('/')
  const out = new Set<string>([
    path,
    `/${encodeChar(first[0])}${first.slice(1)}/${tail}`,
    `/${first}/${tail.replace(/[a-z]/, (c) => encodeChar(c))}`,
    `/${encodeChar(first[0]).toUpperCase()}${first.slice(1)}/${tail}`,
    `//${first}/${tail}`,
    `/${first}//${tail}`,
    path.replace(/\/$/, '//'),
    `/${first.toUpperCase()}/${tail}`,
    path.toUpperCase(),
    `/${first}/./${tail}`,
    `/x/../${first}/${tail}`,
    `/${first}%2F${tail}`,
    path.replace(/\/$/, ''),
    `${path}?next=/`,
    `${path};jsessionid=1`,
  ])
  return [...out]
}

describe('CSRF on every state-changing route', () => {
  let mutating: RouteEntry[] = []
  let session: Record<string, string>

  beforeAll(async () => {
    mutating = t.app.routeTable.filter((r) => UNSAFE.has(r.method))
    session = (await loginAs(t.app, 'admin')).headers
  })

  it('knows the state-changing routes of the API and of login', () => {
    const names = mutating.map((r) => `${r.method} ${r.url}`)
    expect(names).toContain('POST /auth/login/')
    expect(names).toContain('PUT /api/v1/import-reports/:id/')
    expect(names).toContain('DELETE /api/v1/measures-points/:id/')
    expect(mutating.length).toBeGreaterThanOrEqual(14)
  })

  it('refuses every spelling of every state-changing route without the token: 403, or 404 when it is no route at all', async () => {
    const leaks: string[] = []
    for (const route of mutating) {
      for (const url of spellings(pathOf(route))) {
        for (const cookie of [session.cookie, (await anonymousCsrf(t.app)).cookie]) {
          const res = await t.app.inject({ method: route.method as 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: '{}' })
          const body = res.json() as { detail?: string }
          const refused = res.statusCode === 403 && body.detail === CSRF_REFUSED
          const noRoute = res.statusCode === 404 && String(body.detail).startsWith('Страница не найдена')
          if (!refused && !noRoute) leaks.push(`${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 100)}`)
        }
      }
    }
    expect(leaks).toEqual([])
  })

  it('refuses a request with the right token sent from another site (Origin or Sec-Fetch-Site)', async () => {
    const url = '/api/v1/users/2000000000/'
    const send = (extra: Record<string, string>) =>
      t.app.inject({ method: 'PATCH', url, headers: { ...session, ...extra, 'content-type': 'application/json' }, payload: '{"is_active": true}' })
    for (const extra of <Array<Record<string, string>>>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'https://eco.example.ru.evil.example' },
      { origin: 'http://eco.example.ru' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await send(extra)
      expect(res.statusCode, JSON.stringify(extra)).toBe(403)
    }
    // The portal's own pages: the public origin, or a same-origin fetch, pass on to the handler (no such user: 404).
    for (const extra of <Array<Record<string, string>>>[{ origin: 'https://eco.example.ru' }, { 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}]) {
      const res = await send(extra)
      expect(res.statusCode, JSON.stringify(extra)).toBe(404)
    }
  })

  it('refuses a login posted from another site even with a valid public token', async () => {
    const csrf = await anonymousCsrf(t.app)
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { cookie: csrf.cookie, 'x-csrftoken': csrf.token, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { username: 'admin', password: 'admin' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.headers['set-cookie'] ?? '').not.toContain('sessionid=')
  })
})
