// The admin page's users (decision 2690): each user's history of changes on the page, and a form drawn from an old
// version of the account refused in Russian rather than overwriting another administrator's change.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { pageContext } from './support/load-context.ts'
import { action, loader } from '../app/features/admin/routes/admin.tsx'

const t = useTestApp()

async function userNamed(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

function contextOf(user: CurrentUser): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: '.test-data/admin-user-history', clientAddress: '10.0.0.7' })
}

const post = (fields: Record<string, string>) => new Request('http://localhost/monitoring/admin', { method: 'POST', body: new URLSearchParams(fields) })

/** Remix's data() answers { type: 'DataWithResponseInit', data, init }. */
function answerOf(response: unknown): { status: number; body: Record<string, unknown> } {
  const value = response as { data: Record<string, unknown>; init: { status?: number } | null }
  return { status: value.init?.status ?? 200, body: value.data }
}

async function page(admin: CurrentUser) {
  return loader({ request: new Request('http://localhost/monitoring/admin'), context: contextOf(admin), params: {} })
}

describe("the admin page's users", () => {
  it("shows who changed a user, when and what, refuses a form drawn from an old version, and never shows a password's hash", async () => {
    const admin = await userNamed('admin')
    const department = await userNamed('department')
    const before = (await page(admin)).users.find((u) => u.id === department.id)!
    const form = { intent: 'update', id: String(department.id), version: String(before.version), full_name: 'Соколова Анна Викторовна', email: '', groups: 'Департамент', company: '' }
    const saved = answerOf(await action({ request: post({ ...form, full_name: 'Соколова-Белова Анна Викторовна', is_active: 'on' }), context: contextOf(admin), params: {} }))
    expect(saved).toMatchObject({ status: 200, body: { ok: 'Изменения пользователя department сохранены.', errors: [] } })
    // The same form, drawn before that save: refused in words, nothing written.
    const stale = answerOf(await action({ request: post({ ...form, is_active: 'on' }), context: contextOf(admin), params: {} }))
    expect(stale.status).toBe(409)
    expect(stale.body.errors).toEqual([{ field: null, message: 'Данные изменены другим пользователем одновременно с вами: обновите страницу и повторите действие.' }])
    const stalePassword = answerOf(await action({ request: post({ intent: 'password', id: String(department.id), version: String(before.version), password: 'new-password-1' }), context: contextOf(admin), params: {} }))
    expect(stalePassword.status).toBe(409)

    const after = await page(admin)
    expect(after.users.find((u) => u.id === department.id)!.full_name).toBe('Соколова-Белова Анна Викторовна')
    const history = after.history.filter((h) => h.userId === department.id)
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({
      label: 'ФИО изменено',
      change: { from: 'Соколова Анна Викторовна', to: 'Соколова-Белова Анна Викторовна' },
      person: 'Кузнецов Дмитрий Андреевич',
      clientAddress: '10.0.0.7',
    })
    expect(Number.isNaN(Date.parse(history[0].at))).toBe(false)
    const hashes = await t.database.db.selectFrom('users').select('password_hash').execute()
    const shown = JSON.stringify(after)
    for (const { password_hash } of hashes) expect(shown).not.toContain(password_hash)
  })
  it('answers every wrong field of a form at once, each named in Russian, and saves nothing', async () => {
    const admin = await userNamed('admin')
    const holder = await userNamed('holder2')
    const before = (await page(admin)).users.find((u) => u.id === holder.id)!
    const changed = answerOf(
      await action({
        request: post({ intent: 'update', id: String(holder.id), version: String(before.version), full_name: 'Иванов 2', email: 'не-адрес', groups: 'Недропользователь', company: String(before.company!.id), is_active: 'on' }),
        context: contextOf(admin),
        params: {},
      }),
    )
    expect(changed.status).toBe(400)
    expect(changed.body.errors).toEqual([
      { field: 'full_name', message: 'ФИО: только буквы, пробелы, дефисы и точки' },
      { field: 'email', message: 'Электронная почта: укажите адрес вида имя@домен.ru' },
    ])
    expect((await page(admin)).users.find((u) => u.id === holder.id)).toMatchObject({ full_name: before.full_name, email: before.email, version: before.version })

    const created = answerOf(await action({ request: post({ intent: 'create', username: 'два слова', full_name: '', email: '@', password: '123', company: '' }), context: contextOf(admin), params: {} }))
    expect(created.status).toBe(400)
    expect(created.body.errors).toEqual([
      { field: 'username', message: 'Логин: от 1 до 100 букв, цифр или знаков . _ @ + -' },
      { field: 'email', message: 'Электронная почта: укажите адрес вида имя@домен.ru' },
      { field: 'password', message: 'Пароль: от 8 до 100 символов' },
      { field: 'groups', message: 'Группы: выберите хотя бы одну группу' },
    ])
    // One wrong field is still its own plain refusal.
    const one = answerOf(await action({ request: post({ intent: 'create', username: 'inspector2', password: '123', groups: 'Департамент', company: '' }), context: contextOf(admin), params: {} }))
    expect(one.body.errors).toEqual([{ field: 'password', message: 'Пароль: от 8 до 100 символов' }])
    expect(await t.database.db.selectFrom('users').select('id').where('username', 'in', ['два слова', 'inspector2']).execute()).toEqual([])
  })
})
