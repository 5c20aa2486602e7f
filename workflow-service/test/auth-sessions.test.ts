import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { sessionIdOf } from '../domain/src/auth/sessions.server.ts'
import { loginAs, postLogin, setCookies } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

async function whoIs(headers: Record<string, string>): Promise<string | null> {
  const res = await t.app.inject({ url: '/api/v1/initialization/', headers })
  return res.json().user.username
}

const tokenOf = (headers: Record<string, string>) => headers.cookie.replace('sessionid=', '')

describe('sessions', () => {
  it('keeps only the hash of the cookie token in the database', async () => {
    const { headers } = await loginAs(t.app, 'department')
    const token = tokenOf(headers)
    const rows = await t.database.db.selectFrom('sessions').select('id').execute()
    expect(rows.some((r) => r.id === token)).toBe(false)
    expect(rows.some((r) => r.id === sessionIdOf(token))).toBe(true)
  })

  it('gives a new session id at login and ends the one the browser had', async () => {
    const first = await loginAs(t.app, 'holder1')
    expect(await whoIs(first.headers)).toBe('holder1')
    const again = await postLogin(t.app, { username: 'holder2', password: 'holder2' }, { cookie: first.headers.cookie })
    expect(again.statusCode).toBe(200)
    const rotated = setCookies(again).sessionid
    expect(rotated).not.toBe(tokenOf(first.headers))
    expect(await whoIs(first.headers)).toBeNull()
    expect(await whoIs({ cookie: `sessionid=${rotated}` })).toBe('holder2')
  })

  it('ends the session at logout and clears the cookie', async () => {
    const { headers } = await loginAs(t.app, 'department')
    const res = await t.app.inject({ method: 'POST', url: '/auth/logout/', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ router: '/monitoring/login' })
    expect(setCookies(res).sessionid).toBe('')
    expect(String(res.headers['set-cookie'])).toContain('Max-Age=0')
    expect(await whoIs(headers)).toBeNull()
    const left = await t.database.db.selectFrom('sessions').select('id').where('id', '=', sessionIdOf(tokenOf(headers))).execute()
    expect(left).toEqual([])
  })

  it('expires a session left idle for more than two hours', async () => {
    const { headers } = await loginAs(t.app, 'admin')
    const id = sessionIdOf(tokenOf(headers))
    await t.database.db.updateTable('sessions').set({ last_seen_at: sql<Date>`now() - interval '119 minutes'` as never }).where('id', '=', id).execute()
    expect(await whoIs(headers)).toBe('admin')
    await t.database.db.updateTable('sessions').set({ last_seen_at: sql<Date>`now() - interval '121 minutes'` as never }).where('id', '=', id).execute()
    expect(await whoIs(headers)).toBeNull()
  })

  it('moves last_seen_at forward while the session is used', async () => {
    const { headers } = await loginAs(t.app, 'admin')
    const id = sessionIdOf(tokenOf(headers))
    await t.database.db.updateTable('sessions').set({ last_seen_at: sql<Date>`now() - interval '90 minutes'` as never }).where('id', '=', id).execute()
    expect(await whoIs(headers)).toBe('admin')
    const row = await t.database.db
      .selectFrom('sessions')
      .select(sql<number>`extract(epoch FROM now() - last_seen_at)`.as('age'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(Number(row.age)).toBeLessThan(60)
  })

  it('ends a session at its absolute expiry however busy it is', async () => {
    const { headers } = await loginAs(t.app, 'department')
    const id = sessionIdOf(tokenOf(headers))
    await t.database.db.updateTable('sessions').set({ expires_at: sql<Date>`now() - interval '1 second'` as never }).where('id', '=', id).execute()
    expect(await whoIs(headers)).toBeNull()
  })

  it('ends the sessions of a user who is disabled', async () => {
    const { headers } = await loginAs(t.app, 'holder2')
    const admin = await loginAs(t.app, 'admin')
    const user = await t.database.db.selectFrom('users').select('id').where('username', '=', 'holder2').executeTakeFirstOrThrow()
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${user.id}/`, headers: admin.headers, payload: { is_active: false } })
    expect(res.statusCode).toBe(200)
    expect(await whoIs(headers)).toBeNull()
    await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${user.id}/`, headers: admin.headers, payload: { is_active: true } })
  })

  it('treats an unknown or malformed session cookie as the public', async () => {
    for (const cookie of ['sessionid=not-a-session', 'sessionid=', 'sessionid=%E0%A4%A', 'other=1']) {
      const res = await t.app.inject({ url: '/api/v1/initialization/', headers: { cookie } })
      expect(res.statusCode, cookie).toBe(200)
      expect(res.json().user.username, cookie).toBeNull()
    }
  })
})
