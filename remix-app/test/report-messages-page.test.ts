// The page of a report's conversation (decision 3711) answers as the API does: the company and the Department read and
// write, another company's users and the public get the 404 page (the page, the form and the file), a NUL or an empty
// text is the form's Russian message, and the same form sent twice posts one message.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { holder, RESPONSIBLE } from '../../test-support/workflow-fixtures.ts'
import { loginAs } from '../../test-support/login.ts'
import { reportMessagesAction } from '../app/features/reports/server/report-messages-page.server.ts'
import { callPage } from './support/call-page.ts'
import { pageContext } from './support/load-context.ts'

const t = useTestApp()
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-report-messages-'))
const YEAR = new Date().getFullYear() + 1

async function user(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

const contextOf = (who: CurrentUser | null): AppLoadContext => pageContext({ db: t.database.db, queue: t.queue }, who, { dataDir })

function form(companyId: number, reportId: number, fields: Record<string, string>, file?: File): Request {
  const body = new FormData()
  body.set('csrfmiddlewaretoken', 'token')
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  if (file) body.append('files', file)
  return new Request(`http://localhost/monitoring/companies/${companyId}/reports/${reportId}/messages`, { method: 'POST', body })
}

/** Remix's data() answers { type: 'DataWithResponseInit', data, init }; a thrown Response is its status. */
async function answerOf(run: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    const value = (await run) as { data: unknown; init: { status?: number } | null }
    return { status: value.init?.status ?? 200, body: value.data }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null }
    throw thrown
  }
}

describe('the conversation page of a report', () => {
  it('lets the company and the Department read and write, shows nobody else anything, and posts a form sent twice once', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: YEAR, ...RESPONSIBLE } })
    const reportId = (await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })).json().id as number
    const [holder1, holder2, department] = await Promise.all([user('holder1'), user('holder2'), user('department')])
    const address = `/companies/${h.companyId}/reports/${reportId}/messages`

    const file = new File(['%PDF-1.4\n%вопрос'], 'Вопрос.pdf', { type: 'application/pdf' })
    const sent = await answerOf(reportMessagesAction(form(h.companyId, reportId, { text: 'Нужна ли подпись?', key: 'page-form-1' }, file), contextOf(holder1), h.companyId, reportId))
    expect(sent).toEqual({ status: 201, body: { ok: true, message: null } })
    const again = await answerOf(reportMessagesAction(form(h.companyId, reportId, { text: 'Нужна ли подпись?', key: 'page-form-1' }, file), contextOf(holder1), h.companyId, reportId))
    expect(again).toEqual({ status: 200, body: { ok: true, message: null } })

    const page = await callPage(address, contextOf(department))
    expect(page.status).toBe(200)
    expect(page.data).toMatchObject({ side: 'department', subject: expect.stringContaining(String(YEAR)) })
    expect(page.data.messages).toHaveLength(1)
    expect(page.data.messages[0]).toMatchObject({ side: 'holder', text: 'Нужна ли подпись?', files: [{ name: 'Вопрос.pdf' }] })
    // The same messages as the API answers.
    const api = await t.app.inject({ url: `/api/v1/import-reports/${reportId}/messages/`, headers: (await loginAs(t.app, 'department')).headers })
    expect(api.json().results.map((m: { id: number }) => m.id)).toEqual(page.data.messages.map((m: { id: number }) => m.id))
    expect((await callPage(address, contextOf(holder1))).data.side).toBe('holder')

    const refusedNul = await answerOf(reportMessagesAction(form(h.companyId, reportId, { text: 'Ответ\u0000' }), contextOf(department), h.companyId, reportId))
    expect(refusedNul).toEqual({ status: 400, body: { ok: false, message: 'Поле «Сообщение» содержит недопустимые управляющие символы.' } })
    const refusedEmpty = await answerOf(reportMessagesAction(form(h.companyId, reportId, { text: '  ' }), contextOf(department), h.companyId, reportId))
    expect(refusedEmpty).toEqual({ status: 400, body: { ok: false, message: 'Сообщение: введите текст сообщения' } })

    // Another company's user and the public: no page, no form, no file.
    for (const who of [holder2, null]) {
      expect((await callPage(address, contextOf(who))).status).toBe(404)
      expect((await answerOf(reportMessagesAction(form(h.companyId, reportId, { text: 'Чужой' }), contextOf(who), h.companyId, reportId))).status).toBe(404)
    }
    expect((await t.app.inject({ url: page.data.messages[0].files[0].file })).statusCode).toBe(404)
    // The Department's queue reads the filter strictly: the word it offers, else the 400 page naming it.
    const filtered = await callPage('/department-reports?questions=unanswered', contextOf(department))
    expect([filtered.status, filtered.data.unanswered]).toEqual([200, true])
    expect(filtered.data.results.every((r: { awaitsAnswer: boolean }) => r.awaitsAnswer)).toBe(true)
    expect(await callPage('/department-reports?questions=everything', contextOf(department))).toMatchObject({ status: 400, data: 'Вопросы: выберите значение из списка' })
    // Another company's address with this report is no page either.
    expect((await callPage(`/companies/${h.companyId + 100000}/reports/${reportId}/messages`, contextOf(department))).status).toBe(404)
  })
})
