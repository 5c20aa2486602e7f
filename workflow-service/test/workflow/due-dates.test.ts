// Due dates: each report type's default for a reporting year (decision 3601), an administrator's own date kept as
// reference data with its history, refused when it is not a date or falls before its year; the boards and the queue
// show the date and the days to it in words, the boards filter and sort by it, the queue filters by year and type.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { CurrentUser } from '../../domain/src/auth/permissions.ts'
import { addReferenceEntry, changeReferenceEntry } from '../../domain/src/admin/reference/reference-commands.server.ts'
import { referencePage } from '../../domain/src/admin/reference/reference-queries.server.ts'
import { Refused } from '../../domain/src/workflow/refusal.ts'
import { writeNotices } from '../../domain/src/notifications/notice-writer.server.ts'
import { REPORT_TYPE_CODES } from '../../domain/src/workflow/reports/report-types.ts'
import { defaultDueDate, dueInfo, dueWords, regionDay } from '../../domain/src/workflow/reports/due-dates.ts'
import { defaultDueSql } from '../../domain/src/workflow/reports/due-date-sql.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { checkedFile, holder, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'
import { refusalOf } from '../../../test-support/refusal-of.ts'

const t = useTestApp()
const context = (actor: CurrentUser | null) => ({ actor, clientAddress: '198.51.100.4', requestId: 'test' })

async function actor(username: string): Promise<CurrentUser> {
  const user = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: user.id, username: user.username, groups: user.groups, companyId: user.company_id } as unknown as CurrentUser
}

async function asAdmin() {
  return { db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor: await actor('admin'), requestId: 'due-test', clientAddress: '10.1.2.3', now: new Date(), notices: writeNotices }
}

async function board(username: string, input: Parameters<typeof t.app.useCases.workflow.board>[1]) {
  const outcome = await t.app.useCases.workflow.board(context(await actor(username)), input)
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.refusal))
  return outcome.value
}


describe('due dates of report types', () => {
  it('computes the same default in SQL as in the pure rule for every type and year', async () => {
    for (const type of REPORT_TYPE_CODES) {
      for (const year of [2000, 2024, 2025, 2100]) {
        const { rows } = await sql<{ d: string }>`SELECT to_char(${defaultDueSql(sql`${type}::text`, sql`${year}`)}, 'YYYY-MM-DD') AS d`.execute(t.database.db)
        expect(rows[0].d).toBe(defaultDueDate(type, year))
      }
    }
    expect(defaultDueDate('final_report', 2025)).toBe('2026-03-31')
    expect(defaultDueDate('program', 2026)).toBe('2026-03-01')
  })

  it('says the days to a due date in words: «сегодня», never «0 дн.», and how late it is', () => {
    expect(dueWords(0)).toBe('сегодня')
    expect(dueWords(5)).toBe('осталось 5 дн.')
    expect(dueWords(-3)).toBe('просрочено на 3 дн.')
    const now = new Date('2026-03-31T20:00:00Z') // 1 April in the region (UTC+5)
    expect(regionDay(now)).toBe('2026-04-01')
    expect(dueInfo('2026-03-31', now, true)).toMatchObject({ text: '31.03.2026', days: -1, words: 'просрочено на 1 дн.', overdue: true })
    expect(dueInfo('2026-04-01', now, true)).toMatchObject({ words: 'сегодня', overdue: false })
    expect(dueInfo('2026-03-31', now, false)).toMatchObject({ text: '31.03.2026', days: null, words: null, overdue: false })
  })

  it('keeps an administrator’s due date as reference data with its history, and the boards show it', async () => {
    const admin = await asAdmin()
    const year = 2031
    const added = await addReferenceEntry(admin, { kind: 'due-date', values: { report_type: 'final_report', year: '2031', due_date: '15.02.2032' } })
    if (added instanceof Refused) throw new Error(JSON.stringify(added.refusal))
    expect(added.values).toEqual({ report_type: 'final_report', year: 2031, due_date: '2032-02-15' })
    const changed = await changeReferenceEntry(admin, { kind: 'due-date', id: added.id, values: { report_type: 'final_report', year: '2031', due_date: '2032-02-20' } })
    if (changed instanceof Refused) throw new Error(JSON.stringify(changed.refusal))
    expect(changed.changed).toBe(true)
    const page = await referencePage(admin, { kind: 'due-date' })
    expect(page.entries.find((e) => e.id === added.id)!.values.due_date).toBe('2032-02-20')
    expect(page.history.slice(0, 2).map((h) => [h.action, h.entryName])).toEqual([
      ['changed', 'Итоговый отчет, 2031 год'],
      ['added', 'Итоговый отчет, 2031 год'],
    ])
    expect(page.history[0].changes).toEqual([{ field: 'due_date', from: '2032-02-15', to: '2032-02-20' }])
    const now = new Date('2032-02-25T06:00:00Z')
    const cells = (await board('holder1', { year, now })).results
    expect(cells.find((c) => c.reportType === 'final_report')!.due).toMatchObject({ date: '2032-02-20', words: 'просрочено на 5 дн.', overdue: true })
    // A type without the administrator's date is due on its default.
    expect(cells.find((c) => c.reportType === 'program')!.due).toMatchObject({ date: '2031-03-01', words: 'просрочено на 361 дн.' })
    expect(cells.find((c) => c.reportType === 'greenhouse_gases')!.due).toMatchObject({ date: '2032-03-31', words: 'осталось 35 дн.' })
  })

  it('refuses a due date that is not a date, one before its reporting year, and an impossible year, naming each field', async () => {
    const admin = await asAdmin()
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'due-date', values: { report_type: 'program', year: '2030', due_date: '31.02.2030' } }))).toMatchObject({
      status: 400,
      parameter: 'due_date',
      detail: 'Срок сдачи: введите дату, например 31.03.2026',
    })
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'due-date', values: { report_type: 'program', year: '2030', due_date: '2029-12-31' } }))).toMatchObject({
      status: 400,
      parameter: 'due_date',
      detail: 'Срок сдачи: не может быть раньше 1 января отчётного года (2030)',
    })
    const both = await refusalOf(addReferenceEntry(admin, { kind: 'due-date', values: { report_type: 'отчёт', year: '20301', due_date: 'завтра' } }))
    expect(both.status).toBe(400)
    expect(both.detail).toContain('Вид отчёта')
    expect(both.detail).toContain('Отчётный год')
    expect(both.detail).toContain('Срок сдачи')
    // One date per type and year.
    await addReferenceEntry(admin, { kind: 'due-date', values: { report_type: 'program', year: '2033', due_date: '2033-02-01' } })
    expect(await refusalOf(addReferenceEntry(admin, { kind: 'due-date', values: { report_type: 'program', year: '2033', due_date: '2033-02-02' } }))).toMatchObject({ status: 409 })
  })

  it('filters a board to what is still to be sent or overdue, and sorts it by the nearest due date', async () => {
    const year = 2032
    const now = new Date('2033-03-10T06:00:00Z')
    const all = await board('department', { year, now, limit: 1000 })
    const overdue = await board('department', { year, now, due: 'overdue', limit: 1000 })
    expect(overdue.results.length).toBeGreaterThan(0)
    expect(overdue.results.every((c) => c.due.overdue)).toBe(true)
    // The programme and the observation results are past due; the final report and the greenhouse gases are not yet.
    expect(new Set(overdue.results.map((c) => c.reportType))).toEqual(new Set(['program', 'observation_results']))
    expect(overdue.count).toBe(all.results.filter((c) => c.due.overdue).length)
    const sorted = await board('department', { year, now, sort: 'due', limit: 1000 })
    const dates = sorted.results.filter((c) => c.due.days !== null).map((c) => c.due.date)
    expect(dates).toEqual([...dates].sort())
  })

  it('shows the queue’s due dates and filters the queue by reporting year and report type', async () => {
    const YEAR = new Date().getFullYear() + 1
    const h = await holder(t.app, t.database.db, 'holder1')
    await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: YEAR, ...RESPONSIBLE } })
    const reportId = (await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })).json().id as number
    await checkedFile(t.app, t.database.db, h.headers, reportId)
    const department = context(await actor('department'))
    const queue = async (input: { year?: number; reportType?: 'program' | 'greenhouse_gases' }) => {
      const outcome = await t.app.useCases.workflow.reviewQueue(department, { status: 'consideration', search: '', sort: 'oldest', limit: 1000, ...input })
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.refusal))
      return outcome.value
    }
    const ofYear = await queue({ year: YEAR })
    expect(ofYear.results.length).toBeGreaterThan(0)
    expect(ofYear.results.every((r) => r.year === YEAR)).toBe(true)
    expect(ofYear.counts.consideration).toBe(ofYear.count)
    const ours = ofYear.results.find((r) => r.reportId === reportId)!
    // Under consideration it is sent: the day is shown, not counted.
    expect(ours.due).toMatchObject({ date: defaultDueDate('greenhouse_gases', YEAR), words: null })
    expect((await queue({ year: YEAR, reportType: 'program' })).results.some((r) => r.reportId === reportId)).toBe(false)
    expect((await queue({ year: YEAR, reportType: 'greenhouse_gases' })).results.some((r) => r.reportId === reportId)).toBe(true)
    expect((await queue({ year: YEAR - 30 })).results).toEqual([])
  })
})
