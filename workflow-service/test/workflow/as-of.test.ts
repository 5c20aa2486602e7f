// The record as of any moment, from the log alone: a report walked through upload, decline, resubmission, agreement
// and cancellation, with what the live portal answered recorded after each step; the fold of the events recorded up
// to any instant between two steps must give the state the portal showed then.
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import type { UseCaseContext } from '../../src/use-cases/use-case.ts'
import type { ReportAsOf } from '../../src/workflow/as-of/as-of-fold.ts'
import { askAsOf } from '../../src/workflow/as-of/as-of-queries.server.ts'
import { recordFileChecked } from '../../src/workflow/files/worker-commands.server.ts'
import { loginAs } from '../support/login.ts'
import { replayCommand } from '../support/replay-command.ts'
import { useTestApp } from '../support/test-app.ts'
import { type Holder, holder, multipartWithFiles, RESPONSIBLE } from '../support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1

interface LiveReport {
  status: string
  round: number
  updated: string
  files: Array<{ id: number; name: string; status: string; problems_count: number }>
  status_change: { event: string; comment: string; creator: string } | null
}

/** What the live portal showed after a step, and the span of log times its events took. */
interface Step {
  name: string
  first: Date
  last: Date
  report: LiveReport
  responsible: { fullname: string; position: string; email: string; phone: string }
}

const steps: Step[] = []
let h: Holder
let department: { headers: Record<string, string> }
let reportId = 0
let responsibleId = 0

const lastPosition = async () => Number((await t.database.db.selectFrom('events').select((eb) => eb.fn.max('position').as('p')).executeTakeFirstOrThrow()).p ?? 0)

async function step(name: string, act: () => Promise<void>): Promise<void> {
  const before = await lastPosition()
  await act()
  const times = await t.database.db.selectFrom('events').select('created_at').where('position', '>', before).orderBy('position').execute()
  expect(times.length, name).toBeGreaterThan(0)
  const live = await t.app.inject({ url: `/api/v1/import-reports/${reportId}/`, headers: department.headers })
  const responsibles = await t.app.inject({ url: `/api/v1/company-responsibles/?company=${h.companyId}&year=${YEAR}`, headers: h.headers })
  const { fullname, position, email, phone } = (responsibles.json().results as Step['responsible'][])[0]
  steps.push({ name, first: times[0].created_at, last: times[times.length - 1].created_at, report: live.json(), responsible: { fullname, position, email, phone } })
  // The next step's events get a later time than this one's, so there is an instant between them to ask about.
  await sleep(5)
}

async function upload(name: string): Promise<number> {
  const body = multipartWithFiles({ report: reportId, description: name, company_responsible: responsibleId }, [{ field: 'file', filename: name, content: `a;b\r\n1;${name}\r\n` }])
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as number
}

async function decide(status: 'rejected' | 'agreed' | 'consideration', comment: string): Promise<void> {
  const res = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: department.headers, payload: { status, comment } })
  expect(res.statusCode, res.body).toBe(200)
}

/** The as-of report in the live answer's words: only what both say. */
function asLive(report: ReportAsOf) {
  return {
    status: report.status,
    round: report.round,
    updated: report.updated.toISOString(),
    files: report.files.filter((f) => f.status !== 'deleted').map((f) => ({ id: f.id, name: f.name, status: f.status, problems_count: f.problems.length })),
  }
}

/** The Department's last decision as the live portal had shown it by step i (a resubmission is no decision). */
function lastDecisionShown(i: number) {
  const decisions = steps.slice(0, i + 1).flatMap((s) => (s.report.status_change && s.report.status_change.event !== 'resubmitted' ? [s.report.status_change] : []))
  const last = decisions.at(-1)
  return last ? { event: last.event, comment: last.comment, creatorUsername: last.creator } : null
}

describe('the record as of any moment', () => {
  beforeAll(async () => {
    h = await holder(t.app, t.database.db, 'holder2')
    department = await loginAs(t.app, 'department')
    await step('responsible named', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: YEAR, ...RESPONSIBLE } })
      expect(res.statusCode, res.body).toBe(201)
      responsibleId = res.json().id
      // Naming the year's responsible person opens the company's reports of that year: this one is among them.
      const report = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })
      expect(report.statusCode, report.body).toBe(200)
      reportId = report.json().id
    })
    let first = 0
    await step('file uploaded', async () => {
      first = await upload('Первый.csv')
    })
    await step('file failed its check', async () => {
      await recordFileChecked(t.database.db, { fileId: first, ok: false, problems: [{ reason: 'несоответствие полей', row: 2 }, { reason: 'выше ПДК', level: 'warning' }] })
    })
    await step('report declined', () => decide('rejected', 'Исправьте значения'))
    await step('responsible changed', async () => {
      const res = await t.app.inject({ method: 'PUT', url: `/api/v1/company-responsibles/${responsibleId}/`, headers: h.headers, payload: { ...RESPONSIBLE, fullname: 'Петров Иван Сергеевич' } })
      expect(res.statusCode, res.body).toBe(200)
    })
    let second = 0
    await step('corrected file resubmitted', async () => {
      second = await upload('Исправленный.csv')
    })
    await step('corrected file passed its check', async () => {
      await recordFileChecked(t.database.db, { fileId: second, ok: true, problems: [] })
    })
    await step('report agreed', () => decide('agreed', 'Согласовано'))
    await step('decision cancelled', () => decide('consideration', 'Решение принято по ошибке'))
  })

  it('gives, at every instant between two steps, the report the live portal showed after the first of them', async () => {
    expect(steps.map((s) => s.report.status)).toEqual(['consideration', 'consideration', 'consideration', 'rejected', 'rejected', 'consideration', 'consideration', 'agreed', 'consideration'])
    for (const [i, s] of steps.entries()) {
      const next = steps[i + 1]?.first
      // The step's last event, the instant just before the next step's first one, and one in the middle.
      const instants = next ? [s.last, new Date((s.last.getTime() + next.getTime()) / 2), new Date(next.getTime() - 1)] : [s.last, new Date(s.last.getTime() + 86_400_000)]
      for (const moment of instants) {
        const answer = await askAsOf(t.database.db, { moment, scope: { companyId: h.companyId } })
        const report = answer.reports.find((r) => r.id === reportId)
        const at = `${s.name}, ${moment.toISOString()}`
        expect(asLive(report!), at).toEqual({ status: s.report.status, round: s.report.round, updated: s.report.updated, files: s.report.files.map((f) => ({ id: f.id, name: f.name, status: f.status, problems_count: f.problems_count })) })
        expect(report!.lastDecision && { event: report!.lastDecision.event, comment: report!.lastDecision.comment, creatorUsername: report!.lastDecision.creatorUsername }, at).toEqual(lastDecisionShown(i))
        expect(report!.responsible, at).toEqual(s.responsible)
      }
    }
  })

  it('knows nothing of the report before its first event', async () => {
    const answer = await askAsOf(t.database.db, { moment: new Date(steps[0].first.getTime() - 1), scope: { companyId: h.companyId } })
    expect(answer.reports.find((r) => r.id === reportId)).toBeUndefined()
  })

  it('lists the changes of a window event by event, with who recorded them and when', async () => {
    const from = new Date(steps[1].first.getTime() - 1)
    const to = steps[7].last
    const answer = await askAsOf(t.database.db, { moment: to, scope: { companyId: h.companyId }, changes: { from, to } })
    const mine = answer.changes.filter((c) => c.reportId === reportId || c.type === 'ResponsibleSaved')
    expect(mine.map((c) => [c.label, c.username, c.role])).toEqual([
      ['Файл добавлен', 'holder2', 'Недропользователь'],
      ['Файл не прошёл проверку', 'worker', 'system'],
      ['Отчёт отклонён', 'department', 'Департамент'],
      ['Ответственное лицо сохранено', 'holder2', 'Недропользователь'],
      ['Файл добавлен', 'holder2', 'Недропользователь'],
      ['Отчёт отправлен повторно', 'holder2', 'Недропользователь'],
      ['Файл прошёл проверку', 'worker', 'system'],
      ['Отчёт согласован', 'department', 'Департамент'],
    ])
    expect(mine.find((c) => c.type === 'ReportRejected')?.comment).toBe('Исправьте значения')
    expect(mine.filter((c) => c.type === 'FileUploaded').map((c) => c.fileName)).toEqual(['Первый.csv', 'Исправленный.csv'])
    for (const c of mine) expect(c.at >= steps[1].first && c.at <= to, c.label).toBe(true)
  })

  it('leaves out another company’s reports and events', async () => {
    const other = await holder(t.app, t.database.db, 'holder1')
    const answer = await askAsOf(t.database.db, { moment: new Date(Date.now() + 60_000), scope: { companyId: other.companyId }, changes: { from: new Date(0), to: new Date(Date.now() + 60_000) } })
    expect(answer.reports.every((r) => r.companyId === other.companyId)).toBe(true)
    expect(answer.changes.some((c) => c.reportId === reportId)).toBe(false)
  })
})

describe('the replay command as of a moment', () => {
  it('prints, as JSON, what the fold answers for a stream at an instant', async () => {
    const stream = `file-${steps[1].report.files[0].id}`
    const moment = steps[3].last.toISOString()
    const { code, stdout } = await replayCommand(t.database.url, '--as-of', moment, '--stream', stream, '--json')
    expect(code, stdout).toBe(0)
    const printed = JSON.parse(stdout) as { reports: Array<{ id: number; status: string; lastDecision: { comment: string } }> }
    expect(printed.reports.map((r) => [r.id, r.status, r.lastDecision.comment])).toEqual([[reportId, 'rejected', 'Исправьте значения']])
    // Reading the past changes nothing: no rebuild ran, so it prints no replay lines.
    expect(stdout).not.toContain('rows corrected')
  })

  it('prints the table of a company on a day with the changes of a window, and verifies when asked', async () => {
    const day = new Date(steps[8].last.getTime() + 5 * 3_600_000).toISOString().slice(0, 10)
    const { code, stdout } = await replayCommand(t.database.url, '--as-of', day, '--company', String(h.companyId), '--from', day, '--verify')
    expect(code, stdout).toBe(0)
    expect(stdout).toContain(`report ${reportId} (`)
    expect(stdout).toContain('Решение отменено')
    expect(stdout).toContain('by department (Департамент): Решение принято по ошибке')
    expect(stdout).toMatch(/differences: +0/)
  })

  it.each([
    [['--as-of', '2026-02-30'], '--as-of'],
    [['--as-of', '2026-03-01T12:00:00'], '--as-of'],
    [['--as-of', '2026-03-01', '--company', '1e400'], '--company'],
    [['--as-of', '2026-03-01', '--stream', '../x'], '--stream'],
    [['--as-of', '2026-03-01', '--from', '2026-03-02', '--to', '2026-03-01'], '--from'],
    [['--company', '1'], '--as-of'],
  ])('refuses %j in one line naming the argument', async (args, named) => {
    const { code, stdout } = await replayCommand(t.database.url, ...args)
    expect(code).toBe(2)
    expect(stdout.trim().split('\n')).toHaveLength(1)
    expect(stdout).toContain(named)
  })
})

describe('the Department’s as-of view', () => {
  const context = (actor: UseCaseContext['actor']): UseCaseContext => ({ actor, clientAddress: '127.0.0.1', requestId: 'as-of' })
  const departmentUser = { id: 1, username: 'department', groups: ['Департамент' as const], companyId: null }

  it('is refused to a holder and to the public', async () => {
    const h2 = await holder(t.app, t.database.db, 'holder2')
    const asHolder = await t.app.useCases.workflow.asOf(context({ id: 2, username: 'holder2', groups: ['Недропользователь'], companyId: h2.companyId }), { company: h2.companyId, date: '2026-03-01' })
    expect(asHolder).toEqual({ ok: false, refusal: { reason: 'forbidden' } })
    expect(await t.app.useCases.workflow.asOf(context(null), { company: h2.companyId, date: '2026-03-01' })).toEqual({ ok: false, refusal: { reason: 'forbidden' } })
  })

  it.each([
    [{ date: '2026-02-30' }, 'date', 'date: нет такой даты'],
    [{ date: '1e400' }, 'date', undefined],
    [{ date: '2026-03-01\u0000' }, 'date', undefined],
    [{ date: '2026-03-01', from: '2026-13-01' }, 'from', 'from: нет такой даты'],
    [{ date: '2026-03-01', to: '2026-04-31' }, 'to', 'to: нет такой даты'],
    [{ date: '2026-03-01', from: '2026-03-02', to: '2026-03-01' }, 'from', 'from: позже, чем to'],
    [JSON.parse('{"date":"2026-03-01","__proto__":"x"}') as object, '__proto__', undefined],
  ])('answers a bad day %j with a refusal naming its field', async (days, parameter, detail) => {
    const h2 = await holder(t.app, t.database.db, 'holder2')
    const outcome = await t.app.useCases.workflow.asOf(context(departmentUser), { company: h2.companyId, ...(days as { date: string }) })
    expect(outcome.ok).toBe(false)
    if (outcome.ok) return
    expect(outcome.refusal.reason).toBe('invalid-input')
    if (parameter) expect(outcome.refusal).toMatchObject({ parameter })
    if (detail) expect(outcome.refusal).toMatchObject({ detail })
  })

  it('answers a company that does not exist with its refusal', async () => {
    expect(await t.app.useCases.workflow.asOf(context(departmentUser), { company: 999_999, date: '2026-03-01' })).toEqual({ ok: false, refusal: { reason: 'company-not-found' } })
  })

  it('names the company, its areas and the days it was asked about', async () => {
    const h2 = await holder(t.app, t.database.db, 'holder2')
    const outcome = await t.app.useCases.workflow.asOf(context(departmentUser), { company: h2.companyId, date: '2099-12-31', from: '2000-01-01' })
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.value).toMatchObject({ company: { id: h2.companyId, name: h2.companyName }, date: '2099-12-31', from: '2000-01-01', to: '2099-12-31' })
    expect(outcome.value.reports.length).toBeGreaterThan(0)
    // The end of the day in the region's time (UTC+5).
    expect(outcome.value.moment.toISOString()).toBe('2099-12-31T18:59:59.999Z')
  })
})
