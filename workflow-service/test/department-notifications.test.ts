// The Department's notifications: a checked file of a report under consideration and a resubmission tell the
// Department, grouped per report while unread; a holder's own upload does not raise the holder's count; the items
// say what happened, errors and warnings counted apart.
import { describe, expect, it } from 'vitest'
import { readStream } from '../domain/src/event-store/event-store.server.ts'
import { fileStreamId } from '../domain/src/workflow/files/file-events.ts'
import { checkResultTitle, countFindings } from '../domain/src/workflow/files/check-result-words.ts'
import { notifyDepartment } from '../domain/src/notifications/notify-department.server.ts'
import { recordFileChecked } from '../domain/src/use-cases/worker-commands.server.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE, sectionFile } from '../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1
const ERROR = { row: 2, column: 'Значение', value: 'x', reason: 'не число' }
const WARNING = { row: 3, column: 'Значение', value: '1e9', reason: 'больше 100 ПДК' }

async function upload(headers: Record<string, string>, reportId: number): Promise<number> {
  const body = multipartWithFiles({ report: reportId }, [await sectionFile(t.database.db, reportId, 'Отчёт')])
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...headers, ...body.headers }, payload: body.payload })
  expect(res.statusCode).toBe(201)
  return res.json().id as number
}

async function notificationsOf(headers: Record<string, string>) {
  const res = await t.app.inject({ url: '/api/v1/notifications/?limit=100', headers })
  expect(res.statusCode).toBe(200)
  return res.json() as { unread: number; results: Array<{ id: number; kind: string; title: string; body: string; link: string; read: string | null }> }
}

async function decide(headers: Record<string, string>, id: number, status: string, comment = '') {
  const body = multipartWithFiles({ status, comment })
  expect((await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${id}/`, headers: { ...headers, ...body.headers }, payload: body.payload })).statusCode).toBe(200)
}

describe('the Department’s notifications', () => {
  it('tell the Department of a checked file once per report while unread, in words with errors and warnings apart, and leave the uploader’s count alone', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })
    const report = (await t.database.db.selectFrom('import_reports').select('id').where('area_id', '=', h.areaId).where('year', '=', YEAR).where('report_type', '=', 'program').executeTakeFirstOrThrow()).id
    const holderBefore = (await notificationsOf(h.headers)).unread
    const departmentBefore = (await notificationsOf(department.headers)).unread

    const first = await upload(h.headers, report)
    await recordFileChecked(t.database.db, { fileId: first, ok: false, problems: [ERROR, ERROR], warnings: [WARNING] })
    const told = await notificationsOf(department.headers)
    expect(told.unread).toBe(departmentBefore + 1)
    expect(told.results[0]).toMatchObject({ kind: 'department_file_checked', title: 'Файл проверен: 2 ошибки, 1 предупреждение', read: null })
    expect(told.results[0].body).toContain(h.companyName)
    expect(told.results[0].link).toBe(`/monitoring/companies/${h.companyId}/reports?year=${YEAR}&section=area-${h.areaId}-program#section-area-${h.areaId}-program`)
    // The holder who uploaded it has the item, already read: their count did not move.
    const mine = await notificationsOf(h.headers)
    expect(mine.unread).toBe(holderBefore)
    expect(mine.results[0]).toMatchObject({ title: 'Файл проверен: 2 ошибки, 1 предупреждение' })
    expect(mine.results[0].read).not.toBeNull()

    // A second checked file of the same report: still one unread item for the report, saying the newest.
    const second = await upload(h.headers, report)
    await recordFileChecked(t.database.db, { fileId: second, ok: true, problems: [], warnings: [WARNING] })
    const grouped = await notificationsOf(department.headers)
    expect(grouped.unread).toBe(departmentBefore + 1)
    expect(grouped.results[0]).toMatchObject({ title: 'Файл проверен: 1 предупреждение', events: 2 })
    const rows = await t.database.db.selectFrom('notifications').select(['id']).where('report_id', '=', report).where('read_at', 'is', null).execute()
    const departmentUsers = await t.database.db.selectFrom('users').select('id').where('is_active', '=', true).where((eb) => eb(eb.val('Департамент'), '=', eb.fn.any('groups'))).execute()
    expect(rows).toHaveLength(departmentUsers.length)

    // Told twice of the same event: nothing changes.
    const last = (await readStream(t.database.db, fileStreamId(second))).filter((e) => e.type === 'FileCheckPassed')
    expect(last).toHaveLength(1)
    await notifyDepartment(t.database.db, last)
    expect((await notificationsOf(department.headers)).results[0]).toMatchObject({ events: 2 })

    // Read, then a new event: a new item.
    await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read/', headers: department.headers, payload: {} })
    const third = await upload(h.headers, report)
    await recordFileChecked(t.database.db, { fileId: third, ok: true, problems: [] })
    const fresh = await notificationsOf(department.headers)
    expect(fresh.unread).toBe(1)
    expect(fresh.results[0]).toMatchObject({ title: 'Файл проверен: ошибок нет', events: 1, read: null })
  })

  it('tells the Department of a resubmission, and not of a check that ends in a report no longer under consideration', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const department = await loginAs(t.app, 'department')
    await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: YEAR, ...RESPONSIBLE } })
    const report = (await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })).json().id as number
    const pending = await upload(h.headers, report)
    // Declined while its file is still being checked: the check that ends afterwards is nothing for the Department.
    await decide(department.headers, report, 'rejected', 'Нет подписи')
    await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read/', headers: department.headers, payload: {} })
    await recordFileChecked(t.database.db, { fileId: pending, ok: true, problems: [] })
    expect((await notificationsOf(department.headers)).unread).toBe(0)
    // The corrected file sends the report back: the Department is told, and the check of that file joins the same item.
    const corrected = await upload(h.headers, report)
    const resubmitted = await notificationsOf(department.headers)
    expect(resubmitted.unread).toBe(1)
    expect(resubmitted.results[0]).toMatchObject({ kind: 'department_resubmitted', title: 'Отчёт отправлен повторно' })
    expect(resubmitted.results[0].body).toMatch(/раунд 2\.$/)
    await recordFileChecked(t.database.db, { fileId: corrected, ok: false, problems: [ERROR] })
    const after = await notificationsOf(department.headers)
    expect(after.unread).toBe(1)
    expect(after.results[0]).toMatchObject({ title: 'Файл проверен: 1 ошибка', events: 2 })
    // The holders are never told of the Department's items.
    expect((await notificationsOf(h.headers)).results.some((n) => n.kind.startsWith('department_'))).toBe(false)
  })

  it('counts errors and warnings apart in Russian plural forms', () => {
    expect(checkResultTitle(countFindings([ERROR, ERROR, { ...WARNING, level: 'warning' }]))).toBe('Файл проверен: 2 ошибки, 1 предупреждение')
    expect(checkResultTitle({ errors: 5, warnings: 0 })).toBe('Файл проверен: 5 ошибок')
    expect(checkResultTitle({ errors: 21, warnings: 2 })).toBe('Файл проверен: 21 ошибка, 2 предупреждения')
    expect(checkResultTitle({ errors: 0, warnings: 11 })).toBe('Файл проверен: 11 предупреждений')
    expect(checkResultTitle(countFindings(undefined))).toBe('Файл проверен: ошибок нет')
    expect(countFindings([null, 'x', { level: '__proto__' }])).toEqual({ errors: 3, warnings: 0 })
  })
})
