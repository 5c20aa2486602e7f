// The review queue (counts per status, dates, ages, rounds, oldest first) and the Department's audit (filters, newest
// first, download of what it shows), through the use-cases and the API.
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import type { CurrentUser } from '../../domain/src/auth/permissions.ts'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { checkedFile, holder, multipartWithFiles, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1
const context = (actor: CurrentUser | null) => ({ actor, clientAddress: '198.51.100.4', requestId: 'test' })

async function actor(username: string): Promise<CurrentUser> {
  const user = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: user.id, username: user.username, groups: user.groups, companyId: user.company_id } as unknown as CurrentUser
}

async function decide(headers: Record<string, string>, id: number, fields: Record<string, string>, files: Array<{ field: string; filename: string; content: string }> = []) {
  const body = multipartWithFiles(fields, files)
  return t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${id}/`, headers: { ...headers, ...body.headers }, payload: body.payload })
}

/** A greenhouse report of next year, declined once and corrected: round 2, back in the queue. */
async function resubmittedReport() {
  const h = await holder(t.app, t.database.db, 'holder1')
  const department = await loginAs(t.app, 'department')
  await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: YEAR, ...RESPONSIBLE } })
  const reportId = (await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })).json().id as number
  await checkedFile(t.app, t.database.db, h.headers, reportId, false)
  expect((await decide(department.headers, reportId, { status: 'rejected', comment: 'Исправьте категории' }, [{ field: 'files', filename: 'Замечания.pdf', content: '%PDF-1.4' }])).statusCode).toBe(200)
  await checkedFile(t.app, t.database.db, h.headers, reportId)
  return { h, department, reportId }
}

describe('the review queue', () => {
  it('lists reports oldest first with the day they entered the queue, their age, and a corrected one as round 2', async () => {
    const { reportId, h } = await resubmittedReport()
    const queue = await t.app.useCases.workflow.reviewQueue(context(await actor('department')), { status: 'consideration', search: '', sort: 'oldest', limit: 1000 })
    if (!queue.ok) throw new Error(JSON.stringify(queue.refusal))
    const rows = queue.value.results
    const since = rows.map((r) => r.since.getTime())
    expect(since).toEqual([...since].sort((a, b) => a - b))
    const ours = rows.find((r) => r.reportId === reportId)!
    const resubmission = await t.database.db.selectFrom('report_status_changes').select('created').where('report_id', '=', reportId).where('event', '=', 'resubmitted').orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(ours.round).toBeGreaterThanOrEqual(2)
    expect(ours).toMatchObject({ companyId: h.companyId, reportType: 'greenhouse_gases', year: YEAR, ageDays: 0 })
    expect(ours.since.getTime()).toBe(new Date(resubmission.created).getTime())
    // Every status is counted, and the queue's total is its status's count.
    expect(queue.value.counts.consideration).toBe(queue.value.count)
    const agreed = await t.app.useCases.workflow.reviewQueue(context(await actor('department')), { status: 'agreed', search: '', sort: 'newest', limit: 1000 })
    expect(agreed.ok && agreed.value.count).toBe(queue.value.counts.agreed)
    // A week later the same report is 7 days old.
    const later = await t.app.useCases.workflow.reviewQueue(context(await actor('department')), { status: 'consideration', search: h.companyName, sort: 'newest', limit: 1000, now: new Date(ours.since.getTime() + 7 * 86_400_000 + 1000) })
    expect(later.ok && later.value.results.find((r) => r.reportId === reportId)!.ageDays).toBe(7)
  })

  it('keeps a report with only a responsible person out of the queue, and the queue from anyone but the Department', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })
    const empty = await t.database.db.selectFrom('import_reports').select('id').where('area_id', '=', h.areaId).where('year', '=', YEAR).execute()
    expect(empty.length).toBeGreaterThan(0)
    const queue = await t.app.useCases.workflow.reviewQueue(context(await actor('department')), { status: 'consideration', search: '', sort: 'oldest', limit: 1000 })
    const ids = new Set(queue.ok ? queue.value.results.map((r) => r.reportId) : [])
    for (const r of empty) expect(ids.has(r.id)).toBe(false)
    const refused = await t.app.useCases.workflow.reviewQueue(context(await actor('holder1')), { status: 'consideration', search: '', sort: 'oldest', limit: 10 })
    expect(refused).toEqual({ ok: false, refusal: { reason: 'forbidden' } })
    const bad = await t.app.useCases.workflow.reviewQueue(context(await actor('department')), { status: 'consideration', search: '', sort: 'age' as never, limit: 10 })
    expect(bad.ok === false && bad.refusal).toMatchObject({ reason: 'invalid-input', parameter: 'sort' })
  })
})

describe('the audit', () => {
  it('shows the decline with its comment, attachment, who and from where, and the resubmission with its round, newest first', async () => {
    const { reportId, h } = await resubmittedReport()
    const res = await t.app.inject({ url: `/api/v1/report-audit/?company=${h.companyId}&year=${YEAR}&limit=100`, headers: (await loginAs(t.app, 'department')).headers })
    expect(res.statusCode).toBe(200)
    const entries = res.json().results as Array<{ number: number; event: string; comment: string | null; files: Array<{ name: string; sha256: string | null }>; username: string; round: number | null; clientAddress: string | null }>
    expect(entries.map((e) => e.number)).toEqual([...entries.map((e) => e.number)].sort((a, b) => b - a))
    expect(entries.map((e) => e.event).slice(0, 4)).toEqual(['resubmitted', 'added', 'rejected', 'added'])
    const rejected = entries.find((e) => e.event === 'rejected')!
    expect(rejected).toMatchObject({ comment: 'Исправьте категории', username: 'department', person: 'Соколова Анна Викторовна', role: 'Департамент', files: [{ name: 'Замечания.pdf' }] })
    expect(rejected.files[0].sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(rejected.clientAddress).toBeTruthy()
    // The newest resubmission started the report's current round.
    const { round } = await t.database.db.selectFrom('import_reports').select('round').where('id', '=', reportId).executeTakeFirstOrThrow()
    expect(round).toBeGreaterThanOrEqual(2)
    expect(entries.find((e) => e.event === 'resubmitted')).toMatchObject({ round, username: 'holder1' })
  })

  it('filters by event, user and dates, and downloads exactly what it shows as CSV and XLSX', async () => {
    const { h } = await resubmittedReport()
    const headers = (await loginAs(t.app, 'department')).headers
    const rejected = (await t.app.inject({ url: `/api/v1/report-audit/?company=${h.companyId}&event=rejected&user=department&limit=1000`, headers })).json()
    expect(rejected.count).toBeGreaterThan(0)
    expect(new Set(rejected.results.map((e: { event: string }) => e.event))).toEqual(new Set(['rejected']))
    const future = (await t.app.inject({ url: `/api/v1/report-audit/?company=${h.companyId}&from=${YEAR + 5}-01-01`, headers })).json()
    expect(future.count).toBe(0)
    const csv = await t.app.inject({ url: `/api/v1/report-audit/?company=${h.companyId}&event=rejected&user=department&format=csv`, headers })
    expect(csv.statusCode).toBe(200)
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('№ записи;Дата и время;Событие;Предприятие;Участок;Год;Отчёт;Пользователь;Группа;Адрес;Комментарий;Файлы;SHA-256;Раунд')
    expect(lines.length - 1).toBe(rejected.count)
    expect(lines.slice(1).every((l) => /^\d+;\d\d\.\d\d\.\d{4} \d\d:\d\d;/.test(l))).toBe(true)
    expect(lines.slice(1).map((l) => Number(l.split(';')[0]))).toEqual(rejected.results.map((e: { number: number }) => e.number))
    const xlsx = await t.app.inject({ url: `/api/v1/report-audit/?company=${h.companyId}&event=rejected&format=xlsx`, headers })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    expect(workbook.worksheets[0].getRow(2).getCell(3).value).toBe('Отчёт отклонён')
  })

  it('is the Department’s only, and names a wrong filter', async () => {
    const holderHeaders = (await loginAs(t.app, 'holder1')).headers
    expect((await t.app.inject({ url: '/api/v1/report-audit/', headers: holderHeaders })).statusCode).toBe(403)
    expect((await t.app.inject({ url: '/api/v1/report-audit/?format=csv', headers: holderHeaders })).statusCode).toBe(403)
    expect((await t.app.inject({ url: '/api/v1/report-audit/' })).statusCode).toBe(403)
    const headers = (await loginAs(t.app, 'department')).headers
    for (const [query, parameter] of [['from=2026-02-30', 'from'], ['to=31.12.2026', 'to'], ['event=burned', 'event'], ['company=abc', 'company']]) {
      const res = await t.app.inject({ url: `/api/v1/report-audit/?${query}`, headers })
      expect([query, res.statusCode, res.json().parameter]).toEqual([query, 400, parameter])
    }
  })
})
