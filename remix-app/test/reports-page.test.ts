// The reports page's loader and action and the review lists' loader, called with real requests on the demo data.
import type { AppLoadContext } from '@remix-run/node'
import { readdir, readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { pageContext } from './support/load-context.ts'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { templatesForReport } from '@portal/workflow-domain/registry.ts'
import { loadConfig } from '@portal/workflow-server/service.server.ts'
import { createResponsible, storedFilePath, writeNotices } from '@portal/workflow-domain/commands.server.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { loginAs } from '../../test-support/login.ts'
import { DELETE_AGREED, DELETE_UNKNOWN } from '../app/features/reports/components/report-texts.ts'
import { reportsAction } from '../app/features/reports/server/reports-actions.server.ts'
import { loadReportsPage, replacingFile } from '../app/features/reports/server/reports-page.server.ts'
import { loadReviewList } from '../app/features/review/review-list.server.ts'
import { accepted } from '@portal/workflow-domain/views.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear()

async function userNamed(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

const config = loadConfig({ DATA_DIR: '.test-data/reports-page' })

function contextOf(user: CurrentUser | null, from = { clientAddress: '127.0.0.1', requestId: 'test' }): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: '.test-data/reports-page', ...from })
}

const pageUrl = (companyId: number | string, query = '') => `http://localhost/monitoring/companies/${companyId}/reports${query}`

/** What a loader or action threw (a Response: 403, 404, a redirect), as its status and location. */
async function thrown(work: () => Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    await work()
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get('location') }
    throw error
  }
  throw new Error('nothing was thrown')
}

function post(companyId: number, fields: Record<string, string>): Request {
  return new Request(pageUrl(companyId), { method: 'POST', body: new URLSearchParams(fields) })
}

async function answerOf(response: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  // Remix's data() answers { type: 'DataWithResponseInit', data, init }.
  const value = response as { data: Record<string, unknown>; init: { status?: number } | null }
  return { status: value.init?.status ?? 200, body: value.data }
}

describe('the reports page loader', () => {
  it('gives a holder their company for the current year by default, with one accordion per area and Парниковые газы', async () => {
    const holder = await userNamed('holder1')
    const page = await loadReportsPage(new Request(pageUrl(holder.companyId!)), contextOf(holder), holder.companyId!)
    expect(page.role).toBe('holder')
    expect(page.year).toBe(YEAR)
    expect(page.years).toEqual(Array.from({ length: 10 }, (_, i) => YEAR - i))
    const areas = await t.database.db.selectFrom('areas').select('id').where('company_id', '=', holder.companyId!).where('kind', '=', 'licence_area').execute()
    expect(page.accordions.map((a) => a.title).at(-1)).toBe('Парниковые газы')
    expect(page.accordions.filter((a) => a.areaId !== null)).toHaveLength(areas.length)
    expect(page.accordions[0].sections.map((s) => s.reportType)).toEqual(['program', 'observation_results', 'final_report'])
    // The upload of a data report offers its templates (from the registry's upload declaration); a document's none.
    const [program, observations] = page.accordions[0].sections
    expect(program.templates).toEqual([])
    // The area's own copy of each template: its point codes in the drop-down lists, and last year's rows (decision 2443).
    const areaId = page.accordions[0].areaId
    expect(observations.templates.map((x) => x.href)).toEqual(
      templatesForReport('observation_results').map((x) => `/api/v1/report-templates/files/${x.filename}?area=${areaId}&year=${YEAR}&prefill=last-year`),
    )
    expect(observations.templatesNote).toContain(`за ${YEAR - 1} год`)
    expect(observations.templatesNote).toContain('«Значение за прошлый год»')
    expect(page.accordions.at(-1)!.sections[0].templates.map((x) => x.name)).toEqual(['Парниковые газы'])
    expect(page.accordions.at(-1)!.sections[0].templatesNote).toBeNull()
    // The holder's own links answer: a pre-filled copy is the holder's, so it is asked with the holder's session.
    const { headers } = await loginAs(t.app, 'holder1')
    for (const { href } of observations.templates) expect((await t.app.inject({ url: href, headers })).statusCode, href).toBe(200)
    expect(page.history).toEqual([])
    expect(page.tabs.map((tab) => tab.title)).toEqual(expect.arrayContaining(['Отчетность', 'Формы и справочники', 'Оценка состояния']))
  })

  it('adds the Результаты наблюдений accordion for a company without licence areas', async () => {
    const department = await userNamed('department')
    const company = await t.database.db
      .selectFrom('companies as c')
      .select('c.id')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('areas as a').select('a.id').whereRef('a.company_id', '=', 'c.id').where('a.kind', '=', 'licence_area'))))
      .orderBy('c.id')
      .executeTakeFirstOrThrow()
    const page = await loadReportsPage(new Request(pageUrl(company.id)), contextOf(department), company.id)
    expect(page.accordions.map((a) => [a.title, a.sections.map((s) => s.reportType)])).toEqual([
      ['Парниковые газы', ['greenhouse_gases']],
      ['Результаты наблюдений', ['observation_results']],
    ])
  })

  it('falls back to the current year for a year outside the filter', async () => {
    const holder = await userNamed('holder1')
    const page = await loadReportsPage(new Request(pageUrl(holder.companyId!, '?year=1990')), contextOf(holder), holder.companyId!)
    expect(page.year).toBe(YEAR)
  })

  it('shows the problems of a file that failed its check', async () => {
    const holder = await userNamed('holder2')
    const page = await loadReportsPage(new Request(pageUrl(holder.companyId!, '?year=2025')), contextOf(holder), holder.companyId!)
    const failed = page.accordions.flatMap((a) => a.sections.flatMap((s) => s.report?.files ?? [])).find((f) => f.status === 'error')
    expect(failed?.problems.map((p) => p.reason)).toEqual(['файл пуст (0 байт)'])
    // The demo's draft failed after its report's accepted file: a standing failure, not one a later file replaced.
    expect(failed?.replacedBy).toBeNull()
  })

  it('says a failed file is replaced only by a file uploaded after its failure was known that passed its check', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute))
    // Uploaded at 1, its check failed at 2.
    const draft = { status: 'error', created: at(1), updated: at(2), description: 'черновик.pdf' }
    const files = [
      draft,
      { status: 'success', created: at(0), updated: at(1), description: 'раньше.pdf' },
      { status: 'processing', created: at(3), updated: at(3), description: 'проверяется.pdf' },
      { status: 'success', created: at(5), updated: at(6), description: 'позже.pdf' },
      { status: 'success', created: at(4), updated: at(5), description: 'исправленный.pdf' },
    ]
    expect(replacingFile(draft, files)).toBe('исправленный.pdf')
    expect(replacingFile(draft, files.slice(0, 3))).toBeNull()
    expect(replacingFile(files[4], files)).toBeNull()
    // Two files sent together are two files: the one that passed, even a moment later, replaces nothing.
    const together = [draft, { status: 'success', created: new Date(at(1).getTime() + 200), updated: at(2), description: 'вместе.pdf' }]
    expect(replacingFile(draft, together)).toBeNull()
  })

  it('gives the Department the history with its cancellations and authors by name and role, oldest first as the API', async () => {
    const department = await userNamed('department')
    const holder = await userNamed('holder2')
    const page = await loadReportsPage(new Request(pageUrl(holder.companyId!, '?year=2025')), contextOf(department), holder.companyId!)
    expect(page.role).toBe('department')
    const cancelled = page.history.find((h) => h.event === 'cancelled')!
    const steps = page.history
      .filter((h) => h.areaName === cancelled.areaName && h.year === cancelled.year && h.reportType === cancelled.reportType)
      .map((h) => `${h.event}:${h.person} (${h.role})`)
    // People by their names with the role, never the login (issue 26).
    expect(steps).toEqual(['added:Морозова Елена Игоревна (Недропользователь)', 'agreed:Соколова Анна Викторовна (Департамент)', 'cancelled:Соколова Анна Викторовна (Департамент)'])
    expect([...page.history].sort((a, b) => a.created.localeCompare(b.created))).toEqual(page.history)
  })

  it('refuses another company’s holder and the administrator with 403, sends the public to log in, and sends a missing company to /404', async () => {
    const holder1 = await userNamed('holder1')
    const holder2 = await userNamed('holder2')
    const admin = await userNamed('admin')
    const id = holder1.companyId!
    expect((await thrown(() => loadReportsPage(new Request(pageUrl(id)), contextOf(holder2), id))).status).toBe(403)
    expect((await thrown(() => loadReportsPage(new Request(pageUrl(id)), contextOf(admin), id))).status).toBe(403)
    const publicAnswer = await thrown(() => loadReportsPage(new Request(pageUrl(id)), contextOf(null), id))
    expect(publicAnswer.status).toBe(302)
    expect(publicAnswer.location).toContain('/login?next=')
    const missing = await thrown(() => loadReportsPage(new Request(pageUrl(999999)), contextOf(holder1), 999999))
    expect([missing.status, missing.location]).toEqual([302, '/404'])
    expect((await thrown(() => loadReportsPage(new Request(pageUrl('abc')), contextOf(holder1), Number('abc')))).status).toBe(404)
  })
})

describe('the reports page action', () => {
  const person = { fullname: 'Сидоров Пётр', position: 'Эколог', phone: '+7 (3492) 00-00-00', email: 'sidorov@example.ru' }

  it('saves the company responsible person and names the first bad field with a 400, as the API does', async () => {
    const holder = await userNamed('holder1')
    const id = holder.companyId!
    const base = { intent: 'responsible', scope: 'company', year: String(YEAR) }
    const bad = await answerOf(await reportsAction(post(id, { ...base, ...person, email: 'sidorov@example', phone: 'звоните' }), contextOf(holder), id))
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ phone: 'Телефон: цифры, пробелы, + ( ) - и «доб»' })
    const empty = await answerOf(await reportsAction(post(id, base), contextOf(holder), id))
    expect(Object.keys(empty.body.errors as object)).toEqual(['fullname'])
    const noYear = await answerOf(await reportsAction(post(id, { ...base, ...person, year: '' }), contextOf(holder), id))
    expect(noYear).toMatchObject({ status: 400, body: { message: 'Год: ожидается целое число' } })

    const saved = await answerOf(await reportsAction(post(id, { ...base, ...person }), contextOf(holder), id))
    expect(saved).toMatchObject({ status: 200, body: { ok: true } })
    const row = await t.database.db.selectFrom('company_responsibles').select(['fullname', 'email']).where('company_id', '=', id).where('year', '=', YEAR).executeTakeFirstOrThrow()
    expect(row).toEqual({ fullname: 'Сидоров Пётр', email: 'sidorov@example.ru' })
    // Saving it created the company's greenhouse-gas report of the year.
    const reports = await t.database.db.selectFrom('import_reports').select('report_type').where('company_id', '=', id).where('year', '=', YEAR).where('area_id', 'is', null).execute()
    expect(reports.map((r) => r.report_type)).toContain('greenhouse_gases')
  })

  it('edits an area responsible person and keeps the laboratory the form does not show', async () => {
    const holder = await userNamed('holder1')
    const id = holder.companyId!
    const area = await t.database.db.selectFrom('areas').select('id').where('company_id', '=', id).where('kind', '=', 'licence_area').orderBy('id').executeTakeFirstOrThrow()
    const responsibleId = accepted(await createResponsible(
      { db: t.database.db, queue: t.queue, storageDir: '.test-data/reports-page', actor: holder, requestId: null, clientAddress: null, now: new Date(), notices: writeNotices },
      { scope: 'area', targetId: area.id, year: 2023, details: { ...person, labsName: 'Лаборатория «Север»', labsContacts: 'lab@example.ru' } },
    ))
    const fields = { intent: 'responsible', scope: 'area', area: String(area.id), year: '2023', id: String(responsibleId), ...person, fullname: 'Сидоров Пётр Ильич' }
    const answer = await answerOf(await reportsAction(post(id, fields), contextOf(holder), id))
    expect(answer).toMatchObject({ status: 200, body: { ok: true } })
    const row = await t.database.db.selectFrom('ecomon_responsibles').select(['fullname', 'labs_name', 'labs_contacts']).where('id', '=', responsibleId).executeTakeFirstOrThrow()
    expect(row).toEqual({ fullname: 'Сидоров Пётр Ильич', labs_name: 'Лаборатория «Север»', labs_contacts: 'lab@example.ru' })
  })

  it('answers an area of another company as a missing one, and refuses another company’s holder and the Department', async () => {
    const holder1 = await userNamed('holder1')
    const holder2 = await userNamed('holder2')
    const department = await userNamed('department')
    const id = holder1.companyId!
    const foreignArea = await t.database.db.selectFrom('areas').select('id').where('company_id', '=', holder2.companyId!).where('kind', '=', 'licence_area').executeTakeFirstOrThrow()
    const fields = { intent: 'responsible', scope: 'area', area: String(foreignArea.id), year: String(YEAR), ...person }
    const foreign = await answerOf(await reportsAction(post(id, fields), contextOf(holder1), id))
    const missing = await answerOf(await reportsAction(post(id, { ...fields, area: '2000000000' }), contextOf(holder1), id))
    expect(foreign).toEqual(missing)
    expect(foreign.status).toBe(400)
    expect((await thrown(() => reportsAction(post(id, { ...fields, scope: 'company' }), contextOf(holder2), id))).status).toBe(403)
    // The Department passes the page's gate (it decides here) and is refused by the use-case, in the form (decision 2590).
    const byDepartment = await answerOf(await reportsAction(post(id, { ...fields, scope: 'company' }), contextOf(department), id))
    expect(byDepartment).toMatchObject({ status: 403, body: { ok: false, message: 'У вас недостаточно прав для выполнения данного действия.' } })
  })

  it('answers the spec’s messages when a file cannot be deleted', async () => {
    const holder = await userNamed('holder1')
    const id = holder.companyId!
    const agreedFile = await t.database.db
      .selectFrom('import_files as f')
      .innerJoin('import_reports as r', 'r.id', 'f.report_id')
      .select('f.id')
      .where('f.company_id', '=', id)
      .where('r.status', '=', 'agreed')
      .where('f.status', '=', 'success')
      .executeTakeFirstOrThrow()
    const agreed = await answerOf(await reportsAction(post(id, { intent: 'delete-file', file: String(agreedFile.id) }), contextOf(holder), id))
    expect(agreed).toEqual({ status: 400, body: { intent: 'delete-file', ok: false, message: DELETE_AGREED } })
    const missing = await answerOf(await reportsAction(post(id, { intent: 'delete-file', file: '2147483000' }), contextOf(holder), id))
    expect(missing).toEqual({ status: 404, body: { intent: 'delete-file', ok: false, message: DELETE_UNKNOWN } })
    const bad = await answerOf(await reportsAction(post(id, { intent: 'delete-file', file: 'x' }), contextOf(holder), id))
    expect(bad).toMatchObject({ status: 400, body: { message: 'file: укажите файл' } })
    const unknown = await answerOf(await reportsAction(post(id, { intent: 'rename' }), contextOf(holder), id))
    expect(unknown).toMatchObject({ status: 400, body: { message: 'intent: неизвестное действие' } })
  })

  it('deletes a checked file of a report under review', async () => {
    const holder = await userNamed('holder2')
    const id = holder.companyId!
    const file = await t.database.db
      .selectFrom('import_files as f')
      .innerJoin('import_reports as r', 'r.id', 'f.report_id')
      .select('f.id')
      .where('f.company_id', '=', id)
      .where('r.status', '=', 'consideration')
      .where('f.status', 'in', ['success', 'error'])
      .executeTakeFirstOrThrow()
    const answer = await answerOf(await reportsAction(post(id, { intent: 'delete-file', file: String(file.id) }), contextOf(holder), id))
    expect(answer).toEqual({ status: 200, body: { intent: 'delete-file', ok: true, message: null } })
    const row = await t.database.db.selectFrom('import_files').select('status').where('id', '=', file.id).executeTakeFirstOrThrow()
    expect(row.status).toBe('deletion')
  })
})

describe('the Department review lists loader', () => {
  it('lists the reports in each status, one row each, oldest first, and finds them by company name', async () => {
    const department = await userNamed('department')
    const url = 'http://localhost/monitoring/department-reports'
    const consideration = await loadReviewList(new Request(url), contextOf(department), undefined)
    expect(consideration.tab).toBe('consideration')
    expect(consideration.results.length).toBeGreaterThan(0)
    for (const row of consideration.results) {
      const report = await t.database.db.selectFrom('import_reports').select(['status', 'company_id', 'year']).where('id', '=', row.reportId).executeTakeFirstOrThrow()
      expect(report).toEqual({ status: 'consideration', company_id: row.companyId, year: row.year })
    }
    const since = consideration.results.map((r) => new Date(r.since).getTime())
    expect([...since].sort((a, b) => a - b)).toEqual(since)
    const agreed = await loadReviewList(new Request(`${url}/agreed`), contextOf(department), 'agreed')
    expect(agreed.tab).toBe('agreed')
    const name = consideration.results[0].companyName
    const searched = await loadReviewList(new Request(`${url}?search=${encodeURIComponent(name.slice(3, 12).toUpperCase())}`), contextOf(department), undefined)
    expect(searched.results.map((r) => r.companyName)).toContain(name)
  })

  it('grows the page by 20 with limit (Показать еще) and ignores a limit that is not a number', async () => {
    const department = await userNamed('department')
    const url = 'http://localhost/monitoring/department-reports/agreed'
    const load = async (query: string) => (await loadReviewList(new Request(`${url}${query}`), contextOf(department), 'agreed')).shown
    expect(await load('')).toBe(20)
    expect(await load('?limit=40')).toBe(40)
    expect(await load('?limit=abc')).toBe(20)
    expect(await load('?limit=999999')).toBe(1000)
  })

  it('answers 404 for an unknown list and 403 for a license holder', async () => {
    const department = await userNamed('department')
    const holder = await userNamed('holder1')
    expect((await thrown(() => loadReviewList(new Request('http://localhost/monitoring/department-reports/bogus'), contextOf(department), 'bogus'))).status).toBe(404)
    expect((await thrown(() => loadReviewList(new Request('http://localhost/monitoring/department-reports'), contextOf(holder), undefined))).status).toBe(403)
  })
})

describe('one door into the domain: the page action and the API', () => {
  it('records the client address of a decision taken through a page action in the history', async () => {
    const department = await userNamed('department')
    const report = await t.database.db
      .selectFrom('import_reports as r')
      .select(['r.id', 'r.company_id', 'r.stream_id'])
      .where('r.status', '=', 'consideration')
      .where(({ exists, selectFrom }) => exists(selectFrom('import_files as f').select('f.id').whereRef('f.report_id', '=', 'r.id').where('f.status', '=', 'success')))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('import_files as f').select('f.id').whereRef('f.report_id', '=', 'r.id').where('f.status', '=', 'processing'))))
      .orderBy('r.id')
      .executeTakeFirstOrThrow()
    const context = contextOf(department, { clientAddress: '203.0.113.7', requestId: 'page-request-1' })
    const answer = await answerOf(await reportsAction(post(report.company_id, { intent: 'decide', report: String(report.id), status: 'rejected', comment: 'Нет протоколов' }), context, report.company_id))
    expect(answer).toEqual({ status: 200, body: { intent: 'decide', ok: true, message: null } })
    const event = await t.database.db.selectFrom('events').select(['type', 'metadata']).where('stream_id', '=', report.stream_id).orderBy('stream_version', 'desc').executeTakeFirstOrThrow()
    expect(event).toMatchObject({ type: 'ReportRejected', metadata: { username: 'department', clientAddress: '203.0.113.7', requestId: 'page-request-1' } })
  })

  it('gives the same refusal to a decline without comment and to a false e-mail address through the page and the API, the page naming the field by its label', async () => {
    const department = await userNamed('department')
    const holder = await userNamed('holder1')
    const report = await t.database.db.selectFrom('import_reports').select(['id', 'company_id']).where('status', '=', 'consideration').orderBy('id').executeTakeFirstOrThrow()
    const page = await answerOf(await reportsAction(post(report.company_id, { intent: 'decide', report: String(report.id), status: 'rejected', comment: '   ' }), contextOf(department), report.company_id))
    const { headers } = await loginAs(t.app, 'department')
    const api = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${report.id}/`, headers, payload: { status: 'rejected', comment: '   ' } })
    expect(api.json()).toEqual({ detail: 'comment: укажите причину отклонения', parameter: 'comment' })
    // The same refusal, the page naming the field as its form labels it, never by the parameter's name.
    expect([page.status, page.body.message]).toEqual([api.statusCode, 'Комментарий: укажите причину отклонения'])

    const id = holder.companyId!
    const person = { fullname: 'Сидоров Пётр', position: 'Эколог', phone: '+7 (3492) 00-00-00', email: 'sidorov@example' }
    const pageEmail = await answerOf(await reportsAction(post(id, { intent: 'responsible', scope: 'company', year: String(YEAR), ...person }), contextOf(holder), id))
    const holderSession = await loginAs(t.app, 'holder1')
    const apiEmail = await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: holderSession.headers, payload: { company: id, year: YEAR, ...person } })
    expect(apiEmail.json()).toEqual({ detail: 'email: введите настоящий адрес электронной почты, например ivanov@example.ru', parameter: 'email' })
    expect([pageEmail.status, pageEmail.body.message]).toEqual([apiEmail.statusCode, 'Электронная почта: введите настоящий адрес электронной почты, например ivanov@example.ru'])
  })

  it('keeps the file attached to a decision posted from the page, and removes it again when the decision is refused', async () => {
    const department = await userNamed('department')
    const report = await t.database.db.selectFrom('import_reports').select(['id', 'company_id']).where('status', '=', 'agreed').orderBy('id').executeTakeFirstOrThrow()
    const multipart = (fields: Record<string, string>, name: string) => {
      const form = new FormData()
      for (const [key, value] of Object.entries(fields)) form.set(key, value)
      form.set('files', new File([Buffer.from('протокол проверки')], name, { type: 'text/plain' }))
      return new Request(pageUrl(report.company_id), { method: 'POST', body: form })
    }
    const storedFiles = async () => (await readdir(config.storageDir, { recursive: true }).catch(() => [] as string[])).filter((f) => !f.includes('.part') && /[0-9a-f-]{36}$/.test(f))
    const before = await storedFiles()
    // Cancelling without a reason is allowed; declining a report that is not under review is not: the file goes. The
    // attachment of the decision that goes through is a CSV, a type decisions accept (file-content.ts).
    const refused = await answerOf(await reportsAction(multipart({ intent: 'decide', report: String(report.id), status: 'rejected', comment: 'Нет' }, 'отказ.txt'), contextOf(department), report.company_id))
    expect(refused.status).toBe(409)
    expect(await storedFiles()).toEqual(before)
    const cancelled = await answerOf(await reportsAction(multipart({ intent: 'decide', report: String(report.id), status: 'consideration', comment: '' }, 'решение.csv'), contextOf(department), report.company_id))
    expect(cancelled).toEqual({ status: 200, body: { intent: 'decide', ok: true, message: null } })
    const file = await t.database.db.selectFrom('decision_files').select(['id', 'name', 'size']).where('report_id', '=', report.id).where('name', '=', 'решение.csv').executeTakeFirstOrThrow()
    expect(file.size).toBe(Buffer.byteLength('протокол проверки'))
    expect(await readFile(storedFilePath(config.storageDir, file.id), 'utf8')).toBe('протокол проверки')
  })

  it('registers a file posted twice by the plain upload form once, streamed to storage, and refuses it without a responsible person', async () => {
    const holder = await userNamed('holder2')
    const year = YEAR - 8
    const multipart = (fields: Record<string, string>) => {
      const form = new FormData()
      for (const [key, value] of Object.entries(fields)) form.set(key, value)
      form.set('file', new File([Buffer.from('Показатель;Значение\r\nCO2;1\r\n')], 'выбросы.csv', { type: 'text/csv' }))
      return new Request(pageUrl(holder.companyId!), { method: 'POST', body: form })
    }
    const fields = { intent: 'upload', report_type: 'greenhouse_gases', year: String(year), key: 'page-key-1' }
    const refused = await answerOf(await reportsAction(multipart(fields), contextOf(holder), holder.companyId!))
    expect(refused).toEqual({ status: 400, body: { intent: 'upload', ok: false, message: 'Внесите данные ответственного лица' } })
    // The section's report is made with its first file, in one transaction: a refused first upload leaves none.
    const reportsOfYear = () => t.database.db.selectFrom('import_reports').select('id').where('company_id', '=', holder.companyId!).where('area_id', 'is', null).where('year', '=', year).execute()
    expect(await reportsOfYear()).toEqual([])
    const { id: responsible } = await contextOf(holder).workflow.createResponsible(contextOf(holder).useCaseContext, { scope: 'company', target: holder.companyId!, year, fullname: 'Орлов Игорь', position: 'Эколог', phone: '+7 900 000-00-01', email: 'orlov@example.ru' }).then((o) => (o.ok ? o.value : { id: 0 }))
    for (let i = 0; i < 2; i++) {
      const sent = await answerOf(await reportsAction(multipart({ ...fields, responsible: String(responsible) }), contextOf(holder), holder.companyId!))
      expect(sent).toEqual({ status: 201, body: { intent: 'upload', ok: true, message: null } })
    }
    const files = await t.database.db
      .selectFrom('import_files as f')
      .innerJoin('import_reports as r', 'r.id', 'f.report_id')
      .select(['f.name', 'f.size'])
      .where('r.company_id', '=', holder.companyId!)
      .where('r.year', '=', year)
      .execute()
    expect(files).toEqual([{ name: 'выбросы.csv', size: Buffer.byteLength('Показатель;Значение\r\nCO2;1\r\n') }])
    expect(await reportsOfYear()).toHaveLength(1)
  })

  it('refuses the same bytes sent again by the plain upload form under another name, naming the earlier file and its day, and answers a resent form once', async () => {
    const holder = await userNamed('holder2')
    const year = YEAR - 7
    const bytes = Buffer.from('Показатель;Значение\r\nCO2;2\r\n')
    const multipart = (fields: Record<string, string>, name: string) => {
      const form = new FormData()
      for (const [key, value] of Object.entries(fields)) form.set(key, value)
      form.set('file', new File([bytes], name, { type: 'text/csv' }))
      return new Request(pageUrl(holder.companyId!), { method: 'POST', body: form })
    }
    const { id: responsible } = await contextOf(holder).workflow.createResponsible(contextOf(holder).useCaseContext, { scope: 'company', target: holder.companyId!, year, fullname: 'Орлов Игорь', position: 'Эколог', phone: '+7 900 000-00-01', email: 'orlov@example.ru' }).then((o) => (o.ok ? o.value : { id: 0 }))
    const fields = { intent: 'upload', report_type: 'greenhouse_gases', year: String(year), responsible: String(responsible) }
    const first = await answerOf(await reportsAction(multipart({ ...fields, key: 'dup-form-1' }, 'выбросы.csv'), contextOf(holder), holder.companyId!))
    expect(first).toEqual({ status: 201, body: { intent: 'upload', ok: true, message: null } })
    // The same form sent again (its key) is the first upload, not a duplicate.
    const resent = await answerOf(await reportsAction(multipart({ ...fields, key: 'dup-form-1' }, 'выбросы.csv'), contextOf(holder), holder.companyId!))
    expect(resent).toEqual({ status: 201, body: { intent: 'upload', ok: true, message: null } })
    const uploaded = await t.database.db.selectFrom('import_files as f').innerJoin('import_reports as r', 'r.id', 'f.report_id').select(['f.created']).where('r.company_id', '=', holder.companyId!).where('r.year', '=', year).executeTakeFirstOrThrow()
    const day = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Yekaterinburg', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(uploaded.created as unknown as string))
    const copy = await answerOf(await reportsAction(multipart({ ...fields, key: 'dup-form-2' }, 'копия.csv'), contextOf(holder), holder.companyId!))
    expect(copy).toEqual({ status: 409, body: { intent: 'upload', ok: false, message: `Этот файл уже загружен ${day} как «выбросы.csv».` } })
    const files = await t.database.db.selectFrom('import_files as f').innerJoin('import_reports as r', 'r.id', 'f.report_id').select(['f.name']).where('r.company_id', '=', holder.companyId!).where('r.year', '=', year).execute()
    expect(files).toEqual([{ name: 'выбросы.csv' }])
  })

  it('refuses through the plain upload form a file of a type its section does not take, in the picker\'s words, and keeps nothing', async () => {
    const holder = await userNamed('holder1')
    const year = YEAR - 6
    const { id: responsible } = await contextOf(holder).workflow.createResponsible(contextOf(holder).useCaseContext, { scope: 'company', target: holder.companyId!, year, fullname: 'Орлов Игорь', position: 'Эколог', phone: '+7 900 000-00-01', email: 'orlov@example.ru' }).then((o) => (o.ok ? o.value : { id: 0 }))
    const fields = { intent: 'upload', report_type: 'greenhouse_gases', year: String(year), responsible: String(responsible) }
    const send = (name: string, bytes: string) => {
      const form = new FormData()
      for (const [key, value] of Object.entries(fields)) form.set(key, value)
      form.set('file', new File([Buffer.from(bytes)], name, { type: 'application/octet-stream' }))
      return reportsAction(new Request(pageUrl(holder.companyId!), { method: 'POST', body: form }), contextOf(holder), holder.companyId!).then(answerOf)
    }
    const storedFiles = async () => (await readdir(config.storageDir, { recursive: true }).catch(() => [] as string[])).filter((f) => /[0-9a-f-]{36}$/.test(f))
    const before = await storedFiles()
    const refused = (message: string) => ({ status: 400, body: { intent: 'upload', ok: false, message } })
    expect(await send('выбросы.pdf', '%PDF-1.4\n%%EOF\n')).toEqual(refused('Файл «выбросы.pdf»: недопустимый тип файла, ожидается XLSX или CSV.'))
    expect(await send('ВЫБРОСЫ.DOCX', 'PK\u0003\u0004')).toEqual(refused('Файл «ВЫБРОСЫ.DOCX»: недопустимый тип файла, ожидается XLSX или CSV.'))
    expect(await send('выбросы', 'a;b\r\n1;2\r\n')).toEqual(refused('Файл «выбросы»: недопустимый тип файла, ожидается XLSX или CSV.'))
    expect(await send('../выбросы.xlsx', 'a;b\r\n1;2\r\n')).toEqual(refused('Файл «выбросы.xlsx»: содержимое не соответствует расширению .xlsx.'))
    const files = await t.database.db.selectFrom('import_files as f').innerJoin('import_reports as r', 'r.id', 'f.report_id').select(['f.name']).where('r.company_id', '=', holder.companyId!).where('r.year', '=', year).execute()
    expect(files).toEqual([])
    expect(await storedFiles()).toEqual(before)
    // The page's list in words is the same declaration the refusal names.
    const page = await loadReportsPage(new Request(pageUrl(holder.companyId!, `?year=${year}`)), contextOf(holder), holder.companyId!)
    const greenhouse = page.accordions.find((a) => a.key === 'greenhouse')!.sections[0]
    expect([greenhouse.accept, greenhouse.acceptedTypes]).toEqual(['.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv', 'XLSX или CSV'])
  })

  it('answers the same refusal value to the page and to the API', async () => {
    const department = await userNamed('department')
    const report = await t.database.db.selectFrom('import_reports').select(['id']).where('status', '=', 'consideration').orderBy('id').executeTakeFirstOrThrow()
    const workflow = contextOf(department).workflow
    const outcome = await workflow.decide({ actor: department, clientAddress: '127.0.0.1', requestId: 'x' }, { report: report.id, status: 'rejected', comment: '' })
    expect(outcome).toEqual({ ok: false, refusal: { reason: 'decline-without-comment' } })
    const holder = await userNamed('holder1')
    const person = { fullname: 'Сидоров Пётр', position: 'Эколог', phone: '+7 (3492) 00-00-00', email: 'sidorov@example' }
    const bad = await workflow.createResponsible({ actor: holder, clientAddress: '127.0.0.1', requestId: 'x' }, { scope: 'company', target: holder.companyId!, year: YEAR, ...person })
    expect(bad).toEqual({ ok: false, refusal: { reason: 'responsible-field', field: 'email', problem: 'email' } })
  })
})
