// User changes are events (issue 26, the admin's last clause; issue 25 item 1): each change of an account is an event
// of its own stream, written with the users row in one transaction, shown as the account's history, and attacked here
// in the wrong order — a disabled user still logged in, groups changed mid-upload, two administrators at once, the
// last administrator, a reset twice, hostile names.
import { describe, expect, it } from 'vitest'
import { readStream } from '../domain/src/event-store/event-store.server.ts'
import { verifyProjections } from '../domain/src/all-streams/replay/replay.server.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE } from '../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const PASSWORD = 'a-long-password-1'
const YEAR = new Date().getFullYear() + 1

async function admin() {
  return (await loginAs(t.app, 'admin')).headers
}

async function create(headers: Record<string, string>, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/users/', headers, payload: { password: PASSWORD, ...body } })
}

async function patch(headers: Record<string, string>, id: number, body: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}/`, headers, payload: body })
}

const streamOf = (id: number) => readStream(t.database.db, `user-${id}`)
const typesOf = async (id: number) => (await streamOf(id)).map((e) => e.type)
const idOf = async (username: string) => (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id

/** The administrators' page's view: every account and its history, as the admin page's loader gets it. */
async function pageAs(headers: Record<string, string>) {
  const me = (await t.app.inject({ url: '/api/v1/initialization/', headers })).json().user
  const outcome = await t.app.useCases.accounts.users({ actor: { id: me.id, username: me.username, groups: me.groups, companyId: null }, clientAddress: '127.0.0.1', requestId: 'test' }, {})
  if (!outcome.ok) throw new Error(outcome.refusal.reason)
  return outcome.value
}

describe('user changes as events', () => {
  it('records each change as an event of the account, with its row, and never a password or its hash', async () => {
    const headers = await admin()
    const company = await t.database.db.selectFrom('companies').select(['id', 'name']).where('license_holder', '=', true).orderBy('id').executeTakeFirstOrThrow()
    const created = await create(headers, { username: 'eventful', full_name: 'Лебедев Олег', groups: ['Департамент'] })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as number
    expect(created.json().version).toBe(1)
    expect((await patch(headers, id, { full_name: 'Лебедев Олег Ильич', email: 'Lebedev@Example.ru' })).statusCode).toBe(200)
    expect((await patch(headers, id, { groups: ['Недропользователь'], company: company.id })).statusCode).toBe(200)
    expect((await patch(headers, id, { is_active: false })).statusCode).toBe(200)
    const enabled = await patch(headers, id, { is_active: true })
    expect(enabled.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/users/${id}/password/`, headers, payload: { password: 'another-password-2' } })).statusCode).toBe(204)
    // Saving what is already there records nothing.
    expect((await patch(headers, id, { groups: ['Недропользователь'], company: company.id, is_active: true })).json().version).toBe(enabled.json().version + 1)

    expect(await typesOf(id)).toEqual(['UserCreated', 'UserNameChanged', 'UserEmailChanged', 'UserCompanyChanged', 'UserGroupsChanged', 'UserDisabled', 'UserEnabled', 'UserPasswordReset'])
    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ username: 'eventful', full_name: 'Лебедев Олег Ильич', email: 'lebedev@example.ru', groups: ['Недропользователь'], company_id: company.id, is_active: true })
    const log = JSON.stringify(await streamOf(id))
    expect(log).not.toContain(PASSWORD)
    expect(log).not.toContain('another-password-2')
    expect(log).not.toContain(row.password_hash)
    expect(log).not.toContain('$argon2')
    const me = await idOf('admin')
    expect((await streamOf(id)).every((e) => e.metadata.userId === me && e.metadata.username === 'admin')).toBe(true)

    const page = await pageAs(headers)
    const history = page.history.filter((h) => h.userId === id)
    expect(history.map((h) => h.label)).toEqual([
      'Пароль сброшен',
      'Пользователь включён',
      'Пользователь отключён',
      'Группы изменены',
      'Предприятие изменено',
      'Электронная почта изменена',
      'ФИО изменено',
      'Пользователь создан',
    ])
    expect(history.find((h) => h.label === 'Предприятие изменено')!.change).toEqual({ from: '—', to: company.name })
    expect(history.find((h) => h.label === 'Группы изменены')!.change).toEqual({ from: 'Департамент', to: 'Недропользователь' })
    expect(history.find((h) => h.label === 'ФИО изменено')!.change).toEqual({ from: 'Лебедев Олег', to: 'Лебедев Олег Ильич' })
    expect(history.find((h) => h.label === 'Пароль сброшен')!.change).toBeNull()
    expect(history.every((h) => h.person === 'Кузнецов Дмитрий Андреевич' && h.role !== '')).toBe(true)
    expect(JSON.stringify(page)).not.toContain(row.password_hash)
  })

  it('starts the stream of an account the log never knew from its row: its first change records the old value', async () => {
    const headers = await admin()
    const id = await idOf('administration')
    expect(await typesOf(id)).toEqual([])
    const res = await patch(headers, id, { groups: ['Администрация', 'Департамент'] })
    expect(res.statusCode, res.body).toBe(200)
    const [event] = await streamOf(id)
    expect(event).toMatchObject({ type: 'UserGroupsChanged', streamVersion: 1, data: { userId: id, from: ['Администрация'], to: ['Администрация', 'Департамент'] } })
    expect(res.json().version).toBe(1)
    await patch(headers, id, { groups: ['Администрация'] })
  })

  it('stops the session of a user disabled while logged in at their next request', async () => {
    const headers = await admin()
    const id = (await create(headers, { username: 'soon-off', groups: ['Департамент'] })).json().id as number
    const user = await loginAs(t.app, 'soon-off', PASSWORD)
    const before = await t.app.inject({ url: '/api/v1/initialization/', headers: user.headers })
    expect(before.json().user.username).toBe('soon-off')
    expect((await patch(headers, id, { is_active: false })).statusCode).toBe(200)
    const after = await t.app.inject({ url: '/api/v1/initialization/', headers: user.headers })
    expect(after.json().user.username).toBeNull()
    const refused = await t.app.inject({ url: '/api/v1/import-reports/', headers: user.headers })
    expect([401, 403]).toContain(refused.statusCode)
    await expect(loginAs(t.app, 'soon-off', PASSWORD)).rejects.toThrow()
  })

  it("changes a holder's groups while they upload: the upload either lands before or is refused, and the next one is refused", async () => {
    const headers = await admin()
    const company = await t.database.db.selectFrom('companies').select('id').where('license_holder', '=', true).orderBy('id').executeTakeFirstOrThrow()
    const id = (await create(headers, { username: 'mid-upload', groups: ['Недропользователь'], company: company.id })).json().id as number
    const h = await loginAs(t.app, 'mid-upload', PASSWORD)
    const responsible = await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: company.id, year: YEAR, ...RESPONSIBLE } })
    expect(responsible.statusCode, responsible.body).toBe(201)
    const report = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: company.id, year: YEAR, report_type: 'greenhouse_gases' } })
    expect(report.statusCode, report.body).toBeLessThan(300)
    const upload = (content: string) => {
      const body = multipartWithFiles({ report: report.json().id }, [{ field: 'file', filename: 'Отчёт.csv', content }])
      return t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })
    }
    const [during, changed] = await Promise.all([upload('Показатель;Значение\r\nФенолы;0.001\r\n'), patch(headers, id, { groups: ['Администрация'] })])
    expect(changed.statusCode, changed.body).toBe(200)
    expect([201, 403]).toContain(during.statusCode)
    const files = await t.database.db.selectFrom('import_files').select('id').where('report_id', '=', report.json().id).execute()
    expect(files).toHaveLength(during.statusCode === 201 ? 1 : 0)
    const next = await upload('Показатель;Значение\r\nФенолы;0.002\r\n')
    expect(next.statusCode).toBe(403)
    expect((await verifyProjections(t.database.db)).differences).toEqual([])
  })

  it('refuses the change of an administrator drawn from an old version with 409, and of two at once saves one', async () => {
    const first = await admin()
    const second = (await create(first, { username: 'second-admin', groups: ['Администратор'] })).statusCode === 201 ? (await loginAs(t.app, 'second-admin', PASSWORD)).headers : first
    const id = (await create(first, { username: 'contested', full_name: 'Исходное Имя', groups: ['Департамент'] })).json().id as number
    const seen = (await t.app.inject({ url: `/api/v1/users/${id}/`, headers: second })).json().version as number
    const [a, b] = await Promise.all([patch(first, id, { full_name: 'Первый Вариант', version: seen }), patch(second, id, { full_name: 'Второй Вариант', version: seen })])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const winner = a.statusCode === 200 ? 'Первый Вариант' : 'Второй Вариант'
    const loser = a.statusCode === 409 ? a : b
    expect(loser.json().detail).toContain('обновите страницу')
    expect((await t.database.db.selectFrom('users').select('full_name').where('id', '=', id).executeTakeFirstOrThrow()).full_name).toBe(winner)
    expect(await typesOf(id)).toEqual(['UserCreated', 'UserNameChanged'])
    // A password reset drawn from the old version is a lost race too, and changes nothing.
    const reset = await t.app.inject({ method: 'POST', url: `/api/v1/users/${id}/password/`, headers: second, payload: { password: 'stale-password-3', version: seen } })
    expect(reset.statusCode).toBe(409)
    expect(await typesOf(id)).toEqual(['UserCreated', 'UserNameChanged'])
    // Without a version, the change is made on what is there now.
    expect((await patch(second, id, { full_name: 'Третий Вариант' })).statusCode).toBe(200)
  })

  it('never leaves the portal without an active administrator, even when two disable each other at once', async () => {
    const first = await admin()
    const created = await create(first, { username: 'rival-admin', groups: ['Администратор'] })
    expect(created.statusCode, created.body).toBe(201)
    const rival = (await loginAs(t.app, 'rival-admin', PASSWORD)).headers
    // Every other administrator (those of earlier tests) steps down first, so these two are the last.
    const others = await t.database.db.selectFrom('users').select('id').where('username', 'not in', ['admin', 'rival-admin']).where(({ eb }) => eb(eb.val('Администратор'), '=', eb.fn.any('groups'))).execute()
    for (const o of others) expect((await patch(first, o.id, { is_active: false })).statusCode).toBe(200)
    const adminId = await idOf('admin')
    const rivalId = created.json().id as number
    const [a, b] = await Promise.all([patch(first, rivalId, { is_active: false }), patch(rival, adminId, { is_active: false })])
    // One wins. The other is refused by the rule (409: the last active administrator) or, when the winner's change
    // ended its session before its own request was read, as the disabled account it now is (403); never both pass.
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1)
    const refused = a.statusCode === 200 ? b : a
    expect([403, 409]).toContain(refused.statusCode)
    if (refused.statusCode === 409) {
      expect(refused.json()).toMatchObject({ parameter: 'is_active' })
      expect(refused.json().detail).toContain('последний активный администратор')
    }
    const active = await t.database.db.selectFrom('users').select('id').where('is_active', '=', true).where(({ eb }) => eb(eb.val('Администратор'), '=', eb.fn.any('groups'))).execute()
    expect(active).toHaveLength(1)
    // Nor can the last one be demoted (here by `npm run user`'s actor, who has no account of its own).
    const cli = { actor: { id: 0, username: 'npm run user', groups: ['Администратор' as const], companyId: null }, clientAddress: 'командная строка', requestId: 'test' }
    const demoted = await t.app.useCases.accounts.updateUser(cli, { id: active[0].id, groups: ['Департамент'] })
    expect(demoted).toEqual({ ok: false, refusal: { reason: 'last-administrator', parameter: 'groups' } })
    // Put back for the next tests.
    const survivor = active[0].id === adminId ? first : rival
    await patch(survivor, active[0].id === adminId ? rivalId : adminId, { is_active: true })
  })

  it('records a password reset twice: the second password is the one that works, and each ends the sessions', async () => {
    const headers = await admin()
    const id = (await create(headers, { username: 'twice-reset', groups: ['Департамент'] })).json().id as number
    const session = await loginAs(t.app, 'twice-reset', PASSWORD)
    const reset = (password: string) => t.app.inject({ method: 'POST', url: `/api/v1/users/${id}/password/`, headers, payload: { password } })
    expect((await reset('first-new-password')).statusCode).toBe(204)
    expect((await t.app.inject({ url: '/api/v1/initialization/', headers: session.headers })).json().user.username).toBeNull()
    const between = await loginAs(t.app, 'twice-reset', 'first-new-password')
    expect((await reset('second-new-password')).statusCode).toBe(204)
    expect((await t.app.inject({ url: '/api/v1/initialization/', headers: between.headers })).json().user.username).toBeNull()
    await expect(loginAs(t.app, 'twice-reset', 'first-new-password')).rejects.toThrow()
    await loginAs(t.app, 'twice-reset', 'second-new-password')
    expect(await typesOf(id)).toEqual(['UserCreated', 'UserPasswordReset', 'UserPasswordReset'])
  })

  it('takes __proto__ as a login like any other, refuses NUL in a login or a name naming the field, and writes nothing', async () => {
    const headers = await admin()
    const proto = await create(headers, { username: '__proto__', groups: ['Департамент'] })
    expect(proto.statusCode, proto.body).toBe(201)
    expect(await typesOf(proto.json().id)).toEqual(['UserCreated'])
    expect(({} as Record<string, unknown>).groups).toBeUndefined()
    const page = await pageAs(headers)
    expect(page.users.find((u) => u.username === '__proto__')?.groups).toEqual(['Департамент'])
    expect((await patch(headers, proto.json().id, { full_name: 'Прото Тип' })).statusCode).toBe(200)

    const count = async () => Number((await t.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const before = await count()
    for (const [body, parameter] of [
      [{ username: 'nul\u0000name', groups: ['Департамент'] }, 'username'],
      [{ username: 'nul-in-name', full_name: 'Имя\u0000Фамилия', groups: ['Департамент'] }, 'full_name'],
      [{ username: 'proto-name', full_name: '__proto__', groups: ['Департамент'] }, 'full_name'],
      [{ username: 'proto-group', groups: ['__proto__'] }, 'groups'],
      [{ username: 'infinite-company', groups: ['Недропользователь'], company: 1e400 }, 'company'],
    ] as const) {
      const res = await create(headers, body)
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400)
      expect(res.json().parameter ?? res.json().detail, JSON.stringify(body)).toContain(parameter)
    }
    const nulPatch = await patch(headers, proto.json().id, { full_name: 'Имя\u0000' })
    expect(nulPatch.statusCode).toBe(400)
    expect(await count()).toBe(before)
    expect(await t.database.db.selectFrom('users').select('id').where('username', 'in', ['nul-in-name', 'proto-name', 'proto-group', 'infinite-company']).execute()).toEqual([])
  })

  it('creates one account of a login two administrators create at once; the other is told the login is taken', async () => {
    const headers = await admin()
    const results = await Promise.all([create(headers, { username: 'twin-login', groups: ['Департамент'] }), create(headers, { username: 'Twin-Login', groups: ['Департамент'] })])
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409])
    expect(results.find((r) => r.statusCode === 409)!.json().detail).toContain('уже существует')
    expect(await t.database.db.selectFrom('users').select('id').where(({ eb, fn }) => eb(fn('lower', ['username']), '=', 'twin-login')).execute()).toHaveLength(1)
  })

  it('keeps the chain and the read models whole after all of it: the replay verifies', async () => {
    const report = await verifyProjections(t.database.db)
    expect(report.differences).toEqual([])
    expect(report.chain.broken).toBeNull()
    expect(report.chain.outside).toEqual([])
    // A row written past its stream (not through a command) is told: the column differs from what the log recorded.
    const id = await idOf('eventful')
    await t.database.db.updateTable('users').set({ full_name: 'Подменённое Имя' }).where('id', '=', id).execute()
    try {
      const tampered = await verifyProjections(t.database.db)
      expect(tampered.differences).toMatchObject([{ table: 'users', onlyLive: 1, onlyReplayed: 1 }])
    } finally {
      await t.database.db.updateTable('users').set({ full_name: 'Лебедев Олег Ильич' }).where('id', '=', id).execute()
    }
  })
})
