// A use-case's refusal reaches a person the same way through either door: the API answers its status and message as
// JSON, the page the same status and the same Russian message (a field named by its label on a page, by its name in
// the API). Each use-case checks who may act once; the pages no longer check it again before calling it.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { loginAs } from '../../test-support/login.ts'
import { multipartWithFiles, uploadedFiles } from '../../test-support/workflow-fixtures.ts'
import { reportsAction } from '../app/features/reports/server/reports-actions.server.ts'
import { loader as asOfLoader } from '../app/features/review/routes/as-of.tsx'
import { loader as auditLoader } from '../app/features/review/routes/audit.tsx'
import { loadReviewList } from '../app/features/review/review-list.server.ts'
import { loader as referenceLoader } from '../app/features/admin/routes/admin-reference.tsx'
import { pageContext } from './support/load-context.ts'

const t = useTestApp()
const FORBIDDEN = 'У вас недостаточно прав для выполнения данного действия.'

async function userNamed(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

const contextOf = (user: CurrentUser | null): AppLoadContext => pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: t.app.config.dataDir })

/** A page's answer as its status and message: an action's data, or the Response a loader threw. */
async function pageAnswer(work: () => Promise<unknown>): Promise<{ status: number; message: string | null }> {
  try {
    const value = (await work()) as { data?: { message?: string | null; problem?: string | null }; init?: { status?: number } | null }
    return { status: value.init?.status ?? 200, message: value.data?.message ?? value.data?.problem ?? null }
  } catch (error) {
    if (error instanceof Response) return { status: error.status, message: await error.text() }
    throw error
  }
}

/** A report of the company in consideration (the demo data has them), with its company. */
async function reportInConsideration(username: 'holder1'): Promise<{ id: number; companyId: number }> {
  const user = await userNamed(username)
  const report = await t.database.db
    .selectFrom('import_reports')
    .select(['id', 'company_id'])
    .where('company_id', '=', user.companyId!)
    .where('status', '=', 'consideration')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  return { id: report.id, companyId: report.company_id }
}

const decisionForm = (fields: Record<string, string>) => {
  const form = new FormData()
  form.set('intent', 'decide')
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return form
}

const pagePost = (companyId: number, body: FormData) => new Request(`http://localhost/monitoring/companies/${companyId}/reports`, { method: 'POST', body })

describe('a refusal at both doors', () => {
  it("refuses a holder's decision on their own report with 403 and the same words at the API and on the page", async () => {
    const report = await reportInConsideration('holder1')
    const { headers } = await loginAs(t.app, 'holder1')
    const api = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${report.id}/`, headers, payload: { status: 'agreed', comment: 'Сам себе согласую' } })
    expect({ status: api.statusCode, detail: api.json().detail }).toEqual({ status: 403, detail: FORBIDDEN })

    const holder = await userNamed('holder1')
    const page = await pageAnswer(() => reportsAction(pagePost(report.companyId, decisionForm({ report: String(report.id), status: 'agreed', comment: 'Сам себе согласую' })), contextOf(holder), report.companyId))
    expect(page).toEqual({ status: 403, message: FORBIDDEN })
    const status = await t.database.db.selectFrom('import_reports').select('status').where('id', '=', report.id).executeTakeFirstOrThrow()
    expect(status.status).toBe('consideration')
  })

  it("removes the files of a holder's refused decision, so none of them stays on the disk", async () => {
    const report = await reportInConsideration('holder1')
    const holder = await userNamed('holder1')
    const before = uploadedFiles(t.app.config.storageDir).length
    const form = decisionForm({ report: String(report.id), status: 'agreed', comment: 'С файлом' })
    form.append('files', new File(['Решение'], 'Решение.txt', { type: 'text/plain' }))
    const page = await pageAnswer(() => reportsAction(pagePost(report.companyId, form), contextOf(holder), report.companyId))
    expect(page.status).toBe(403)
    expect(uploadedFiles(t.app.config.storageDir)).toHaveLength(before)
  })

  it('refuses a decline without a comment with 400 at the API and on the page, the page naming the field by its label', async () => {
    const report = await reportInConsideration('holder1')
    const { headers } = await loginAs(t.app, 'department')
    const api = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${report.id}/`, headers, payload: { status: 'rejected', comment: '' } })
    expect(api.statusCode).toBe(400)
    const department = await userNamed('department')
    const page = await pageAnswer(() => reportsAction(pagePost(report.companyId, decisionForm({ report: String(report.id), status: 'rejected', comment: '' })), contextOf(department), report.companyId))
    // The page names the field by its label where the API names its parameter.
    expect(api.json().detail).toBe('comment: укажите причину отклонения')
    expect(page).toEqual({ status: 400, message: 'Комментарий: укажите причину отклонения' })
  })

  it('refuses a decision word that is not one with 400 at the API and on the page, the page naming the field by its label', async () => {
    const report = await reportInConsideration('holder1')
    const { headers } = await loginAs(t.app, 'department')
    const api = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${report.id}/`, headers, payload: { status: '__proto__', comment: 'x' } })
    expect({ status: api.statusCode, detail: api.json().detail }).toEqual({ status: 400, detail: 'status: ожидается agreed, rejected или consideration' })
    const department = await userNamed('department')
    const page = await pageAnswer(() => reportsAction(pagePost(report.companyId, decisionForm({ report: String(report.id), status: '__proto__', comment: 'x' })), contextOf(department), report.companyId))
    expect(page).toEqual({ status: 400, message: 'Решение: ожидается agreed, rejected или consideration' })
  })

  it("refuses the audit to a holder with 403 and the same words at the API and on the page", async () => {
    const { headers } = await loginAs(t.app, 'holder1')
    const api = await t.app.inject({ url: '/api/v1/report-audit/', headers })
    expect({ status: api.statusCode, detail: api.json().detail }).toEqual({ status: 403, detail: FORBIDDEN })
    const holder = await userNamed('holder1')
    const page = await pageAnswer(() => auditLoader({ request: new Request('http://localhost/monitoring/department-reports/audit'), context: contextOf(holder), params: {} }))
    expect(page).toEqual({ status: 403, message: FORBIDDEN })
  })

  it('refuses a period that ends before it starts with 400 at both doors, naming the field in each its own way', async () => {
    const report = await reportInConsideration('holder1')
    const query = `company=${report.companyId}&date=2026-03-01&from=2026-03-02&to=2026-03-01`
    const { headers } = await loginAs(t.app, 'department')
    const api = await t.app.inject({ url: `/api/v1/report-as-of/?${query}`, headers })
    expect({ status: api.statusCode, detail: api.json().detail, parameter: api.json().parameter }).toEqual({ status: 400, detail: 'from: позже, чем to', parameter: 'from' })
    const department = await userNamed('department')
    const page = await pageAnswer(() => asOfLoader({ request: new Request(`http://localhost/monitoring/department-reports/as-of?${query}`), context: contextOf(department), params: {} }))
    expect(page.status).toBe(400)
    // The page names the field by its label, never by the parameter's name; the reason is the same words.
    expect(page.message).toMatch(/^[А-ЯЁ][^:]*: позже, чем to$/)
  })

  it('refuses an unknown company at both doors of the as-of view with 404', async () => {
    const query = 'company=2147483647&date=2026-03-01'
    const { headers } = await loginAs(t.app, 'department')
    const api = await t.app.inject({ url: `/api/v1/report-as-of/?${query}`, headers })
    expect({ status: api.statusCode, detail: api.json().detail }).toEqual({ status: 404, detail: 'Предприятие не найдено.' })
    const department = await userNamed('department')
    const page = await pageAnswer(() => asOfLoader({ request: new Request(`http://localhost/monitoring/department-reports/as-of?${query}`), context: contextOf(department), params: {} }))
    expect(page.status).toBe(404)
  })

  it('refuses the public the responsible persons of an area that is not there with 403, not an empty list: the use-case checks who reads', async () => {
    const api = await t.app.inject({ url: '/api/v1/ecomon-responsibles/?area=2147483647' })
    expect({ status: api.statusCode, detail: api.json().detail }).toEqual({ status: 403, detail: FORBIDDEN })
    const outcome = await contextOf(null).workflow.responsibles({ actor: null, clientAddress: '127.0.0.1', requestId: 'test' }, { scope: 'area', target: 2147483647 })
    expect(outcome).toEqual({ ok: false, refusal: { reason: 'forbidden' } })
  })

  it('checks the reference screen once, in its use-case: the public goes to log in, others get 403, an unknown kind is «Раздел не найден.»', async () => {
    const screen = (user: CurrentUser | null, kind: string) =>
      pageAnswer(() => referenceLoader({ request: new Request(`http://localhost/monitoring/admin/reference/${kind}`), context: contextOf(user), params: { kind } }))
    const anonymous = await (async () => {
      try {
        await referenceLoader({ request: new Request('http://localhost/monitoring/admin/reference/unit'), context: contextOf(null), params: { kind: 'unit' } })
      } catch (error) {
        if (error instanceof Response) return { status: error.status, location: error.headers.get('location') }
      }
      return null
    })()
    expect(anonymous).toEqual({ status: 302, location: expect.stringMatching(/^\/login\?next=/) })
    expect(await screen(await userNamed('department'), 'unit')).toEqual({ status: 403, message: FORBIDDEN })
    expect(await screen(await userNamed('department'), '__proto__')).toEqual({ status: 403, message: FORBIDDEN })
    expect(await screen(await userNamed('admin'), '__proto__')).toEqual({ status: 404, message: 'Раздел не найден.' })
    expect((await screen(await userNamed('admin'), 'unit')).status).toBe(200)
  })

  it("refuses the Department's upload to a holder's report with 403 and the same words at the API and on the page, and registers nothing", async () => {
    const report = await reportInConsideration('holder1')
    const type = await t.database.db.selectFrom('import_reports').select('report_type').where('id', '=', report.id).executeTakeFirstOrThrow()
    const files = async () => Number((await t.database.db.selectFrom('import_files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const before = await files()
    const { headers } = await loginAs(t.app, 'department')
    const body = multipartWithFiles({ report: report.id }, [{ field: 'file', filename: 'Данные.csv', content: 'Показатель;Значение\r\nФенолы;0.5\r\n' }])
    const api = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...headers, ...body.headers }, payload: body.payload })
    expect({ status: api.statusCode, detail: api.json().detail }).toEqual({ status: 403, detail: FORBIDDEN })

    const form = new FormData()
    for (const [name, value] of Object.entries({ intent: 'upload', report: String(report.id), report_type: type.report_type })) form.set(name, value)
    form.append('file', new File(['Показатель;Значение\r\nФенолы;0.6\r\n'], 'Данные.csv', { type: 'text/csv' }))
    const stored = uploadedFiles(t.app.config.storageDir).length
    const department = await userNamed('department')
    const page = await pageAnswer(() => reportsAction(pagePost(report.companyId, form), contextOf(department), report.companyId))
    expect(page).toEqual({ status: 403, message: FORBIDDEN })
    expect(await files()).toBe(before)
    expect(uploadedFiles(t.app.config.storageDir)).toHaveLength(stored)
  })

  it("refuses the Department's deletion of a holder's file with 403 and the same words at the API and on the page", async () => {
    const user = await userNamed('holder1')
    const file = await t.database.db.selectFrom('import_files').select('id').where('company_id', '=', user.companyId!).where('status', 'in', ['success', 'error']).orderBy('id').executeTakeFirstOrThrow()
    const { headers } = await loginAs(t.app, 'department')
    const api = await t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${file.id}`, headers })
    expect({ status: api.statusCode, detail: api.json().detail }).toEqual({ status: 403, detail: FORBIDDEN })
    const department = await userNamed('department')
    const form = new URLSearchParams({ intent: 'delete-file', file: String(file.id) })
    const request = new Request(`http://localhost/monitoring/companies/${user.companyId}/reports`, { method: 'POST', body: form })
    const page = await pageAnswer(() => reportsAction(request, contextOf(department), user.companyId!))
    expect(page).toEqual({ status: 403, message: FORBIDDEN })
    const after = await t.database.db.selectFrom('import_files').select('status').where('id', '=', file.id).executeTakeFirstOrThrow()
    expect(after.status).not.toBe('deletion')
  })

  it("checks the Department's review lists once, in the use-case: a holder gets 403, the public is sent to log in", async () => {
    const list = (user: CurrentUser | null) => loadReviewList(new Request('http://localhost/monitoring/department-reports'), contextOf(user), undefined)
    expect(await pageAnswer(async () => list(await userNamed('holder1')))).toEqual({ status: 403, message: FORBIDDEN })
    const anonymous = await list(null).catch((error: unknown) => error)
    expect(anonymous).toBeInstanceOf(Response)
    expect((anonymous as Response).headers.get('location')).toMatch(/^\/login\?next=/)
  })
})
