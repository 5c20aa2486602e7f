// The reference data page's action, as a browser posts it with or without JavaScript: every answer says something —
// what was saved, every refused field, or why an entry's action was refused — and never a 500.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { pageContext } from './support/load-context.ts'
import { action } from '../app/features/admin/routes/admin-reference.tsx'

const t = useTestApp()

async function userNamed(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

const contextOf = (user: CurrentUser | null): AppLoadContext => pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: '.test-data/admin-reference-action', clientAddress: '127.0.0.1' })

async function posted(username: string, kind: string, fields: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const request = new Request(`http://localhost/monitoring/admin/reference/${kind}`, { method: 'POST', body: new URLSearchParams(fields) })
  try {
    const value = (await action({ request, context: contextOf(await userNamed(username)), params: { kind } })) as unknown as { data: Record<string, unknown>; init: { status?: number } | null }
    return { status: value.init?.status ?? 200, body: value.data }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: {} }
    throw thrown
  }
}

describe('the reference data page answers every post', () => {
  it('names every refused field with its message, keeps what was typed, and saves nothing', async () => {
    const answer = await posted('admin', 'area', { intent: 'add', name: '', kind: 'nowhere', company_id: '' })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      ok: null,
      saved: null,
      error: null,
      errors: [
        { field: 'name', message: 'Наименование: обязательное поле' },
        { field: 'kind', message: 'Вид: выберите значение из списка' },
      ],
      values: { name: '', kind: 'nowhere', company_id: '', license: '' },
    })
  })

  it('shows what was saved after adding and after changing, and says when nothing changed', async () => {
    const added = await posted('admin', 'unit', { intent: 'add', name: ' г/м² ' })
    expect(added).toMatchObject({ status: 200, body: { ok: 'Запись добавлена.', saved: { name: 'г/м²' }, errors: [], error: null } })
    const unit = await t.database.db.selectFrom('units').select('id').where('name', '=', 'г/м²').executeTakeFirstOrThrow()
    const changed = await posted('admin', 'unit', { intent: 'change', id: String(unit.id), name: 'г/м2' })
    expect(changed.body).toMatchObject({ ok: 'Изменения сохранены.', saved: { name: 'г/м2' } })
    const again = await posted('admin', 'unit', { intent: 'change', id: String(unit.id), name: 'г/м2' })
    expect(again.body).toMatchObject({ ok: 'Изменений нет: запись не менялась.', saved: { name: 'г/м2' } })
  })

  it('retires, restores and deletes from a row, answering each in words; an entry in use is not deleted', async () => {
    const soot = await t.database.db.selectFrom('substances').select('id').where('name', '=', 'Сажа').executeTakeFirstOrThrow()
    const id = String(soot.id)
    expect((await posted('admin', 'substance', { intent: 'delete', id })).status).toBe(409)
    expect((await posted('admin', 'substance', { intent: 'delete', id })).body).toMatchObject({ ok: null, errors: [], error: expect.stringContaining('Выведите её из употребления') })
    expect((await posted('admin', 'substance', { intent: 'retire', id })).body).toMatchObject({ ok: expect.stringContaining('выведена из употребления'), error: null })
    expect((await posted('admin', 'substance', { intent: 'retire', id })).body).toMatchObject({ ok: 'Запись уже выведена из употребления.' })
    expect((await posted('admin', 'substance', { intent: 'restore', id })).body).toMatchObject({ ok: 'Запись возвращена в употребление.' })
  })

  it('answers a forged entry action (no id, a hostile id, another kind) with 400 or 404 in words, never a 500', async () => {
    for (const id of ['', '0', '-1', '1e400', 'Infinity', '__proto__', '99999999']) {
      const answer = await posted('admin', 'unit', { intent: 'retire', id })
      expect([400, 404], id).toContain(answer.status)
      expect(answer.body.error, id).toEqual(expect.any(String))
    }
    expect((await posted('admin', 'nowhere', { intent: 'retire', id: '1' })).status).toBe(404)
  })

  it('refuses the Department and a licence holder retiring or deleting', async () => {
    const soot = await t.database.db.selectFrom('substances').select('id').where('name', '=', 'Сажа').executeTakeFirstOrThrow()
    for (const username of ['department', 'holder1']) {
      for (const intent of ['retire', 'delete']) expect((await posted(username, 'substance', { intent, id: String(soot.id) })).status).toBe(403)
    }
    expect((await t.database.db.selectFrom('substances').select('retired').where('id', '=', soot.id).executeTakeFirstOrThrow()).retired).toBe(false)
  })
})
