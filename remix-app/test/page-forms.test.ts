// Page forms (the pages' own actions, posted by browsers with or without JavaScript) refuse control characters with a
// Russian message naming the field, in the page's own answer: never a 500 and never an English JSON error.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { pageContext } from './support/load-context.ts'
import { action as adminAction } from '../app/features/admin/routes/admin.tsx'
import { action as referenceAction } from '../app/features/admin/routes/admin-reference.tsx'
import { reportsAction } from '../app/features/reports/server/reports-actions.server.ts'
import { action as loginAction } from '../app/features/auth/routes/login.tsx'

const t = useTestApp()

async function userNamed(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

function contextOf(user: CurrentUser | null, clientAddress = '127.0.0.1'): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: '.test-data/page-forms', clientAddress })
}

const post = (url: string, fields: Record<string, string>) => new Request(`http://localhost/monitoring${url}`, { method: 'POST', body: new URLSearchParams(fields) })

/** Remix's data() answers { type: 'DataWithResponseInit', data, init }. */
function answerOf(response: unknown): { status: number; body: Record<string, unknown>; headers: Headers } {
  const value = response as { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null }
  return { status: value.init?.status ?? 200, body: value.data, headers: new Headers(value.init?.headers) }
}

describe('control characters in page forms', () => {
  it('the login page names the field in Russian for a NUL or an escape code, without checking the password', async () => {
    for (const [fields, label] of [
      [{ username: 'admin\u0000', password: 'admin' }, 'Логин'],
      [{ username: 'admin', password: 'ad\u001bmin' }, 'Пароль'],
    ] as const) {
      const answer = answerOf(await loginAction({ request: post('/login', fields), context: contextOf(null), params: {} }))
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({ error: `Поле «${label}» содержит недопустимые управляющие символы.` })
    }
    // Refused before the throttle: no attempt was counted.
    expect(await t.database.db.selectFrom('login_throttle').selectAll().execute()).toEqual([])
  })

  it('the administration page names the field in Russian and creates nobody', async () => {
    const admin = await userNamed('admin')
    const request = post('/admin', { intent: 'create', username: 'new\u0007user', password: 'a-good-password-1' })
    const answer = answerOf(await adminAction({ request, context: contextOf(admin), params: {} }))
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ ok: null, errors: [{ field: 'username', message: 'Поле «Логин» содержит недопустимые управляющие символы.' }] })
    expect(await t.database.db.selectFrom('users').select('id').where('username', 'like', 'new%').execute()).toEqual([])
  })

  it('the reference data screen names the field by its label and adds nothing', async () => {
    const admin = await userNamed('admin')
    const before = await t.database.db.selectFrom('units').select('id').execute()
    const request = post('/admin/reference/unit', { intent: 'add', name: 'мг\u0000/л' })
    const answer = answerOf(await referenceAction({ request, context: contextOf(admin), params: { kind: 'unit' } }))
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ ok: null, errors: [{ field: 'name', message: 'Поле «Обозначение» содержит недопустимые управляющие символы.' }], error: null })
    expect(await t.database.db.selectFrom('units').select('id').execute()).toHaveLength(before.length)
  })

  it('the reports page answers the responsible person form and the decision under the field, and records nothing', async () => {
    const holder = await userNamed('holder1')
    const events = async () => (await t.database.db.selectFrom('events').select('position').execute()).length
    const count = await events()
    const saved = answerOf(
      await reportsAction(
        post(`/companies/${holder.companyId}/reports`, { intent: 'responsible', scope: 'company', year: '2030', fullname: 'Иванов\u0000', position: 'Инженер', phone: '+7 900 000-00-00', email: 'a@example.ru' }),
        contextOf(holder),
        holder.companyId!,
      ),
    )
    expect(saved.status).toBe(400)
    expect(saved.body).toEqual({ intent: 'responsible', ok: false, errors: { fullname: 'Поле «ФИО» содержит недопустимые управляющие символы.' }, message: 'Поле «ФИО» содержит недопустимые управляющие символы.' })

    const department = await userNamed('department')
    const decided = answerOf(
      await reportsAction(post(`/companies/${holder.companyId}/reports`, { intent: 'decide', report: '1', status: 'rejected', comment: 'Не\u001bверно' }), contextOf(department), holder.companyId!),
    )
    expect(decided.status).toBe(400)
    expect(decided.body).toEqual({ intent: 'decide', ok: false, message: 'Поле «Комментарий» содержит недопустимые управляющие символы.' })
    expect(await events()).toBe(count)
  })
})

describe('the login page throttle', () => {
  it('answers 429 with Retry-After and the Russian message once the account is locked', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = answerOf(await loginAction({ request: post('/login', { username: 'holder2', password: `wrong-${i}` }), context: contextOf(null, `10.7.0.${i}`), params: {} }))
      expect(answer.status).toBe(401)
    }
    const locked = answerOf(await loginAction({ request: post('/login', { username: 'holder2', password: 'holder2' }), context: contextOf(null, '10.7.0.99'), params: {} }))
    expect(locked.status).toBe(429)
    expect(String(locked.body.error)).toMatch(/^Слишком много неудачных попыток входа\. Повторите попытку через \d+ мин\.$/)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
