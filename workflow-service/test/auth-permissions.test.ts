import { describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { can, type CurrentUser, type Group, PERMISSIONS, seesNavigation } from '../domain/src/auth/permissions.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

const ALL_GROUPS: Group[] = ['Департамент', 'Администратор', 'Недропользователь', 'Администрация']

/**
 * The promise docs/permissions.md makes, read from its table "Groups × permissions": for each permission row, what
 * each group's column says ('yes', 'own company' or '–'). The table itself is declared once, in permissions.ts; this
 * checks that the code does what the document says, without a third copy of it here.
 */
function documentedTable(): Map<string, Record<Group | 'public', string>> {
  const text = readFileSync(path.resolve(import.meta.dirname, '../../docs/permissions.md'), 'utf8')
  const section = text.split('## Groups × permissions')[1].split('\n## ')[0]
  const rows = section.split('\n').filter((line) => line.startsWith('|')).map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()))
  const [header, , ...body] = rows
  const columns = header.slice(1) as Array<Group | 'public'>
  const table = new Map<string, Record<Group | 'public', string>>()
  for (const row of body) {
    const permission = /^`([a-z:-]+)`/.exec(row[0])?.[1]
    if (permission) table.set(permission, Object.fromEntries(columns.map((c, i) => [c, row[i + 1]])) as Record<Group | 'public', string>)
  }
  return table
}

const user = (groups: Group[], companyId: number | null = null): CurrentUser => ({ id: 1, username: 'u', groups, companyId })

describe('permission table', () => {
  const documented = documentedTable()

  it('documents every permission of the code, and no other', () => {
    expect([...documented.keys()].sort()).toEqual([...PERMISSIONS].sort())
  })

  for (const permission of PERMISSIONS) {
    it(`grants ${permission} as docs/permissions.md says, and never to the public`, () => {
      const row = documented.get(permission)!
      for (const group of ALL_GROUPS) {
        const own = user([group], 7)
        // 'own company': the group holds it for its own company only; 'yes': for any; '–': never.
        expect(can(own, permission, { companyId: 7 }), `${group}, own company`).toBe(row[group] !== '–')
        expect(can(own, permission, { companyId: 8 }), `${group}, another company`).toBe(row[group] === 'yes')
      }
      expect(row.public).toBe('–')
      expect(can(null, permission, { companyId: 7 })).toBe(false)
    })
  }

  it('limits :own permissions to the license holder\'s own company', () => {
    const holder = user(['Недропользователь'], 7)
    for (const permission of ['read:report:own', 'write:report:own'] as const) {
      expect(can(holder, permission, { companyId: 7 })).toBe(true)
      expect(can(holder, permission, { companyId: 8 })).toBe(false)
      expect(can(holder, permission, {})).toBe(false)
      expect(can(holder, permission, { companyId: null })).toBe(false)
      expect(can(user(['Недропользователь'], null), permission, { companyId: null })).toBe(false)
    }
  })

  it('adds up the permissions of a user in several groups', () => {
    const both = user(['Департамент', 'Администратор'])
    expect(can(both, 'admin:users')).toBe(true)
    expect(can(both, 'decide:report:any')).toBe(true)
  })

  it('shows the navigation bar to groups containing Департамент or Администратор', () => {
    expect(seesNavigation(user(['Департамент']))).toBe(true)
    expect(seesNavigation(user(['Администратор']))).toBe(true)
    expect(seesNavigation(user(['Недропользователь'], 1))).toBe(false)
    expect(seesNavigation(user(['Администрация']))).toBe(false)
    expect(seesNavigation(null)).toBe(false)
  })
})

async function asUser(username: string | null): Promise<Record<string, string>> {
  return username ? (await loginAs(t.app, username)).headers : {}
}

async function userId(username: string): Promise<number> {
  const row = await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()
  return row.id
}

describe('admin users API (Administrator only)', () => {
  const REFUSED = ['department', 'holder1', 'administration', null] as const

  it('lists users to the Administrator and refuses everyone else', async () => {
    const allowed = await t.app.inject({ url: '/api/v1/users/', headers: await asUser('admin') })
    expect(allowed.statusCode).toBe(200)
    expect(allowed.json().map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['admin', 'administration', 'department', 'holder1', 'holder2']),
    )
    expect(allowed.json()[0]).not.toHaveProperty('password_hash')
    for (const who of REFUSED) {
      const res = await t.app.inject({ url: '/api/v1/users/', headers: await asUser(who) })
      expect(res.statusCode, String(who)).toBe(403)
      expect(res.json().detail).toBe('У вас недостаточно прав для выполнения данного действия.')
    }
  })

  it('creates a license holder for a company, who can then log in; refuses creation to everyone else', async () => {
    const company = await t.database.db.selectFrom('companies').select('id').where('kind', '=', 'lem').orderBy('id').executeTakeFirstOrThrow()
    for (const who of REFUSED) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/',
        headers: await asUser(who),
        payload: { username: `sneaky-${who}`, password: 'password-123', groups: ['Администратор'] },
      })
      expect(res.statusCode, String(who)).toBe(403)
    }
    expect(await t.database.db.selectFrom('users').select('id').where('username', 'like', 'sneaky-%').execute()).toEqual([])

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: await asUser('admin'),
      payload: { username: 'holder3', password: 'holder3-password', groups: ['Недропользователь'], company: company.id },
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ username: 'holder3', groups: ['Недропользователь'], company: { id: company.id }, is_active: true })
    const info = await t.app.inject({ url: '/api/v1/initialization/', headers: (await loginAs(t.app, 'holder3', 'holder3-password')).headers })
    expect(info.json().user.company).toBe(company.id)
  })

  it('sets groups and company and disables a user; refuses it to everyone else', async () => {
    const id = await userId('holder2')
    for (const who of REFUSED) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}/`, headers: await asUser(who), payload: { groups: ['Администратор'] } })
      expect(res.statusCode, String(who)).toBe(403)
    }
    const row = await t.database.db.selectFrom('users').select('groups').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.groups).toEqual(['Недропользователь'])

    const admin = await asUser('admin')
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}/`, headers: admin, payload: { groups: ['Администрация'] } })
    expect(changed.statusCode).toBe(200)
    // Only a license holder keeps a company.
    expect(changed.json()).toMatchObject({ groups: ['Администрация'], company: null })
    const disabled = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}/`, headers: admin, payload: { is_active: false } })
    expect(disabled.json().is_active).toBe(false)
    await expect(loginAs(t.app, 'holder2')).rejects.toThrow(/401/)
  })

  it('resets a password, ending the user\'s sessions; refuses it to everyone else', async () => {
    const id = await userId('administration')
    const old = await loginAs(t.app, 'administration')
    for (const who of REFUSED) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/users/${id}/password/`, headers: await asUser(who), payload: { password: 'taken-over-1' } })
      expect(res.statusCode, String(who)).toBe(403)
    }
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/users/${id}/password/`, headers: await asUser('admin'), payload: { password: 'new-password-1' } })
    expect(res.statusCode).toBe(204)
    expect((await t.app.inject({ url: '/api/v1/initialization/', headers: old.headers })).json().user.username).toBeNull()
    await expect(loginAs(t.app, 'administration')).rejects.toThrow(/401/)
    expect((await loginAs(t.app, 'administration', 'new-password-1')).headers.cookie).toMatch(/^sessionid=/)
    const back = await t.app.inject({ method: 'POST', url: `/api/v1/users/${id}/password/`, headers: await asUser('admin'), payload: { password: 'administration' } })
    expect(back.statusCode).toBe(204)
  })

  it('answers 400 naming the field for a bad account or a change that would lock the administrator out, 409 for a taken username and 404 for a missing user', async () => {
    const admin = await asUser('admin')
    for (const [payload, parameter] of [
      [{ username: 'x1', password: 'password-1', groups: ['Недропользователь'] }, 'company'],
      [{ username: 'x2', password: 'password-1', groups: ['Недропользователь'], company: 999999 }, 'company'],
      [{ username: 'x3', password: 'short', groups: ['Администрация'] }, 'password'],
      [{ username: 'has space', password: 'password-1', groups: ['Администрация'] }, 'username'],
      [{ username: 'x4', password: 'password-1', groups: ['Root'] }, 'groups'],
      [{ username: 'x5', password: 'password-1', groups: [] }, 'groups'],
      [{ username: 'x'.repeat(101), password: 'password-1', groups: ['Администрация'] }, 'username'],
      [{ username: 'x6', password: 'password-1', groups: ['Администрация'], extra: 1 }, null],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/', headers: admin, payload })
      if (parameter === null) {
        // Unknown fields are dropped by the schema, the account is valid.
        expect(res.statusCode).toBe(201)
        continue
      }
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().parameter, JSON.stringify(payload)).toBe(parameter)
    }
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: admin,
      payload: { username: 'DEPARTMENT', password: 'password-1', groups: ['Администрация'] },
    })
    expect(taken.statusCode).toBe(409)
    const self = await userId('admin')
    const selfDisable = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${self}/`, headers: admin, payload: { is_active: false } })
    expect(selfDisable.statusCode).toBe(400)
    expect(selfDisable.json().parameter).toBe('is_active')
    const selfDemote = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${self}/`, headers: admin, payload: { groups: ['Департамент'] } })
    expect(selfDemote.statusCode).toBe(400)
    expect(selfDemote.json().parameter).toBe('groups')
    const missing = await t.app.inject({ method: 'PATCH', url: '/api/v1/users/999999/', headers: admin, payload: { is_active: false } })
    expect(missing.statusCode).toBe(404)
    const badId = await t.app.inject({ method: 'PATCH', url: '/api/v1/users/abc/', headers: admin, payload: { is_active: false } })
    expect(badId.statusCode).toBe(400)
    expect(badId.json().parameter).toBe('id')
  })
})

describe('deleting a measuring point (Department and Administrator only)', () => {
  async function polygonPoints(n: number): Promise<number[]> {
    const rows = await t.database.db
      .selectFrom('measures_points as m')
      .innerJoin('areas as a', 'a.id', 'm.area_id')
      .select('m.id')
      .where('a.company_id', 'is', null)
      .orderBy('m.id')
      .limit(n)
      .execute()
    return rows.map((r) => r.id)
  }

  it('refuses license holders, Администрация and the public, and keeps the point', async () => {
    const [point] = await polygonPoints(1)
    for (const who of ['holder1', 'administration', null] as const) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/measures-points/${point}/`, headers: await asUser(who) })
      expect(res.statusCode, String(who)).toBe(403)
    }
    expect(await t.database.db.selectFrom('measures_points').select('id').where('id', '=', point).execute()).toHaveLength(1)
  })

  /** A copy of a polygon point with no readings of its own: a point that holds data is refused deletion. */
  async function emptyPolygonPoint(): Promise<number> {
    const [source] = await polygonPoints(1)
    const { rows: columns } = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_name = 'measures_points' AND table_schema = current_schema() AND column_name <> 'id'`.execute(t.database.db)
    const list = sql.join(columns.map((c) => sql.ref(c.name)))
    const { rows } = await sql<{ id: number }>`
      INSERT INTO measures_points (${list}) SELECT ${list} FROM measures_points WHERE id = ${source} RETURNING id`.execute(t.database.db)
    return rows[0].id
  }

  it('refuses to delete a point that has readings, and keeps it', async () => {
    const [point] = await polygonPoints(1)
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/measures-points/${point}/`, headers: await asUser('department') })
    expect(res.statusCode).toBe(400)
    expect(await t.database.db.selectFrom('measures_points').select('id').where('id', '=', point).execute()).toHaveLength(1)
  })

  it('lets the Department and the Administrator delete a point', async () => {
    const first = await emptyPolygonPoint()
    const second = await emptyPolygonPoint()
    for (const [who, point] of [['department', first], ['admin', second]] as const) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/measures-points/${point}/`, headers: await asUser(who) })
      expect(res.statusCode, who).toBe(204)
      expect(await t.database.db.selectFrom('measures_points').select('id').where('id', '=', point).execute()).toEqual([])
    }
  })
})
