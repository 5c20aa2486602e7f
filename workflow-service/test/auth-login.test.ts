import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { anonymousCsrf, loginAs, multipartBody, postLogin, setCookies } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

function sessionLine(res: { headers: Record<string, unknown> }): string {
  return [res.headers['set-cookie'] as string | string[]].flat().find((c) => c.startsWith('sessionid='))!
}

describe('login', () => {
  it('logs a demo user in and answers the router address without errors', async () => {
    const res = await postLogin(t.app, { username: 'department', password: 'department' })
    expect(res.statusCode).toBe(200)
    // The Department lands on its review queue (decision 3602).
    expect(res.json()).toEqual({ errors: null, router: '/monitoring/department-reports' })
    const line = sessionLine(res)
    expect(line).toContain('HttpOnly')
    expect(line).toContain('SameSite=Lax')
    expect(line).not.toContain('Secure')
    expect(setCookies(res).sessionid.length).toBeGreaterThanOrEqual(43)
  })

  it('answers the same message for an unknown user and a wrong password', async () => {
    const unknown = await postLogin(t.app, { username: 'nobody-here', password: 'department' }, { address: '10.1.0.1' })
    const wrong = await postLogin(t.app, { username: 'department', password: 'wrong' }, { address: '10.1.0.2' })
    expect(unknown.statusCode).toBe(401)
    expect(wrong.statusCode).toBe(401)
    expect(unknown.json()).toEqual({ errors: 'Неверный логин или пароль.', router: null })
    expect(wrong.json()).toEqual(unknown.json())
    expect(setCookies(wrong).sessionid).toBeUndefined()
  })

  it('matches the username without regard to case', async () => {
    const res = await postLogin(t.app, { username: 'Holder1', password: 'holder1' })
    expect(res.statusCode).toBe(200)
  })

  it('refuses a disabled user with the same message', async () => {
    await t.database.db.updateTable('users').set({ is_active: false }).where('username', '=', 'administration').execute()
    const res = await postLogin(t.app, { username: 'administration', password: 'administration' }, { address: '10.1.0.3' })
    expect(res.statusCode).toBe(401)
    expect(res.json().errors).toBe('Неверный логин или пароль.')
    await t.database.db.updateTable('users').set({ is_active: true }).where('username', '=', 'administration').execute()
  })

  it('goes to a portal address given as next, and never to another site', async () => {
    const inside = await postLogin(t.app, { username: 'admin', password: 'admin', next: '/monitoring/admin' })
    expect(inside.json().router).toBe('/monitoring/admin')
    for (const next of ['https://evil.example/', '//evil.example/monitoring/', '/monitoring\\..\\x', '/api/v1/users/']) {
      const res = await postLogin(t.app, { username: 'admin', password: 'admin', next })
      // …but to the administrator's own start page, the users.
      expect(res.json().router, next).toBe('/monitoring/admin')
    }
  })

  it('sends the Department to its queue and an administrator to the users page when no page was asked for, anyone else home', async () => {
    expect((await postLogin(t.app, { username: 'department', password: 'department' }, { address: '10.1.0.8' })).json().router).toBe('/monitoring/department-reports')
    expect((await postLogin(t.app, { username: 'admin', password: 'admin' }, { address: '10.1.0.8' })).json().router).toBe('/monitoring/admin')
    expect((await postLogin(t.app, { username: 'administration', password: 'administration' }, { address: '10.1.0.8' })).json().router).toBe('/monitoring/')
  })

  it('sends a license holder to the status board when no page was asked for, and to the page asked for otherwise', async () => {
    expect((await postLogin(t.app, { username: 'holder1', password: 'holder1' }, { address: '10.1.0.7' })).json().router).toBe('/monitoring/board')
    expect((await postLogin(t.app, { username: 'holder1', password: 'holder1', next: '/monitoring/map' }, { address: '10.1.0.7' })).json().router).toBe('/monitoring/map')
    // Outside the portal falls back to the holder's start page, not to another site.
    expect((await postLogin(t.app, { username: 'holder2', password: 'holder2', next: '//evil.example/' }, { address: '10.1.0.7' })).json().router).toBe('/monitoring/board')
  })
})

describe('login field limits', () => {
  it('accepts 100 characters in each field and refuses 101 naming the field', async () => {
    const hundred = await postLogin(t.app, { username: 'u'.repeat(100), password: 'p'.repeat(100) }, { address: '10.2.0.1' })
    expect(hundred.statusCode).toBe(401)
    for (const field of ['username', 'password'] as const) {
      const fields = { username: 'department', password: 'department', [field]: 'x'.repeat(101) }
      const res = await postLogin(t.app, fields, { address: '10.2.0.2' })
      expect(res.statusCode, field).toBe(400)
      expect(res.json().parameter).toBe(field)
      expect(res.json().router).toBeNull()
      expect(res.json().errors).toBe(`Поле «${field === 'username' ? 'Логин' : 'Пароль'}» не может быть длиннее 100 символов.`)
    }
  })

  it('answers a field far over the limit, or too many fields, without a server error', async () => {
    const huge = await postLogin(t.app, { username: 'x'.repeat(20_000), password: 'p' })
    expect(huge.statusCode).toBeGreaterThanOrEqual(400)
    expect(huge.statusCode).toBeLessThan(500)
    const many = await postLogin(t.app, Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'v'])))
    expect(many.statusCode).toBeGreaterThanOrEqual(400)
    expect(many.statusCode).toBeLessThan(500)
  })

  it('refuses a missing or empty field naming it', async () => {
    for (const [fields, parameter, text] of [
      [{ password: 'department' }, 'username', 'Заполните поле «Логин».'],
      [{ username: '', password: 'department' }, 'username', 'Заполните поле «Логин».'],
      [{ username: 'department' }, 'password', 'Заполните поле «Пароль».'],
    ] as const) {
      const res = await postLogin(t.app, fields)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ parameter, errors: text, detail: text, router: null })
    }
  })

  it('counts characters, not bytes: 100 Cyrillic letters are within the limit', async () => {
    const res = await postLogin(t.app, { username: 'ж'.repeat(100), password: 'ш'.repeat(100) }, { address: '10.2.0.3' })
    expect(res.statusCode).toBe(401)
  })
})

describe('user info', () => {
  it('answers null user fields to the public', async () => {
    const res = await t.app.inject({ url: '/api/v1/initialization/' })
    expect(res.statusCode).toBe(200)
    expect(res.json().user).toEqual({ username: null, group: null, groups: [], company: null, admin: null, logout: null })
    expect(res.headers['cache-control']).toBe('private, no-store')
  })

  it('answers a license holder their company and no admin link', async () => {
    const { headers } = await loginAs(t.app, 'holder1')
    const user = (await t.app.inject({ url: '/api/v1/initialization/', headers })).json().user
    const first = await t.database.db.selectFrom('companies').select('id').where('kind', '=', 'lem_industry').orderBy('id').executeTakeFirstOrThrow()
    expect(user).toEqual({
      username: 'holder1',
      group: 'Недропользователь',
      groups: ['Недропользователь'],
      company: first.id,
      admin: null,
      logout: '/monitoring/logout',
    })
  })

  it('gives the admin link to the Administrator only', async () => {
    const admin = (await t.app.inject({ url: '/api/v1/initialization/', headers: (await loginAs(t.app, 'admin')).headers })).json().user
    expect(admin.admin).toBe('/monitoring/admin')
    const department = (await t.app.inject({ url: '/api/v1/initialization/', headers: (await loginAs(t.app, 'department')).headers })).json().user
    expect(department.admin).toBeNull()
    expect(department.company).toBeNull()
  })

  it('lists every point category with the kinds of points in it', async () => {
    const { categories } = (await t.app.inject({ url: '/api/v1/initialization/' })).json()
    const { rows } = await sql<{ category: string; kind: string }>`
      SELECT DISTINCT category, kind FROM measures_points WHERE category IS NOT NULL`.execute(t.database.db)
    for (const category of ['geochemical', 'geobotanical', 'radionuclides', 'hydrological']) {
      const expected = rows.filter((r) => r.category === category).map((r) => r.kind).sort()
      expect(categories[category].map((i: { id: string }) => i.id).sort(), category).toEqual(expected)
      expect(expected.length).toBeGreaterThan(0)
      for (const item of categories[category]) expect(item.name).toMatch(/[А-Яа-я]/)
    }
  })
})

// X-Forwarded-Proto is believed only from the load balancer, so this app names one.
const proxied = useTestApp({ TRUST_PROXY: '10.0.0.9' })

describe('login behind the load balancer', () => {
  it('marks the session cookie Secure when the proxy named in TRUST_PROXY says the request came over HTTPS', async () => {
    const csrf = await anonymousCsrf(proxied.app)
    const body = multipartBody({ username: 'admin', password: 'admin' })
    const res = await proxied.app.inject({
      remoteAddress: '10.0.0.9',
      method: 'POST',
      url: '/auth/login/',
      payload: body.payload,
      headers: { ...body.headers, cookie: csrf.cookie, 'x-csrftoken': csrf.token, 'x-forwarded-proto': 'https' },
    })
    expect(res.statusCode).toBe(200)
    expect(sessionLine(res)).toContain('Secure')
  })
})
