import { describe, expect, it } from 'vitest'
import { loginAs, postLogin, setCookies } from './support/login.ts'
import { useTestApp } from './support/test-app.ts'

const t = useTestApp()

describe('login', () => {
  it('logs a demo user in and answers the router address without errors', async () => {
    const res = await postLogin(t.app, { username: 'department', password: 'department' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ errors: null, router: '/monitoring/' })
    const cookie = res.headers['set-cookie'] as string | string[]
    const line = [cookie].flat().find((c) => c.startsWith('sessionid='))!
    expect(line).toContain('HttpOnly')
    expect(line).toContain('SameSite=Lax')
    expect(line).not.toContain('Secure')
    expect(setCookies(res).sessionid.length).toBeGreaterThan(20)
  })

  it('gives loginAs headers that identify the user on later requests', async () => {
    const { headers } = await loginAs(t.app, 'holder1')
    expect(headers.cookie).toMatch(/^sessionid=/)
    expect(headers['x-csrftoken'].length).toBeGreaterThan(20)
  })
})

describe('user info', () => {
  it('tells the public apart from a logged-in license holder', async () => {
    const anonymous = (await t.app.inject({ url: '/api/v1/initialization/' })).json()
    expect(anonymous.user).toEqual({ username: null, group: null, groups: [], company: null, admin: null, logout: null })
    const { headers } = await loginAs(t.app, 'holder1')
    const holder = (await t.app.inject({ url: '/api/v1/initialization/', headers })).json()
    expect(holder.user.username).toBe('holder1')
    expect(holder.user.groups).toEqual(['Недропользователь'])
    expect(typeof holder.user.company).toBe('number')
    expect(holder.categories.geochemical.length).toBeGreaterThan(0)
  })
})
