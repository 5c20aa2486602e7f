// The record as of any moment, from the log alone: a report walked through upload, decline, resubmission, agreement
// and cancellation, with what the live portal answered recorded after each step; the fold of the events recorded up
// to any instant between two steps must give the state the portal showed then.
import { setTimeout as sleep } from 'node:timers/promises'
import { sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import type { UseCaseContext } from '../../domain/src/use-cases/use-case.ts'
import type { ReportAsOf } from '../../domain/src/all-streams/as-of/as-of-fold.ts'
import { askAsOf } from '../../domain/src/all-streams/as-of/as-of-queries.server.ts'
import { asOfQuestionFromArguments } from '../../domain/src/all-streams/as-of/as-of-arguments.ts'
import { type AsOfVerifyReport, verifyAsOfIn, verifyProjectionsAsOf } from '../../domain/src/all-streams/replay/replay.server.ts'
import { changeReferenceEntry } from '../../domain/src/admin/reference/reference-commands.server.ts'
import { recordFileChecked } from '../../domain/src/use-cases/worker-commands.server.ts'
import { loginAs } from '../../../test-support/login.ts'
import { replayCommand } from '../support/replay-command.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { type Holder, holder, multipartWithFiles, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'
import { writeNotices } from '../../domain/src/notifications/notice-writer.server.ts'

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
    // In the screens' words and time: the report by its area's name, the person by name, times in the region's.
    const area = await t.database.db.selectFrom('areas').select('name').where('id', '=', h.areaId).executeTakeFirstOrThrow()
    const department = await t.database.db.selectFrom('users').select('full_name').where('username', '=', 'department').executeTakeFirstOrThrow()
    expect(stdout).toContain(`отчёт № ${reportId} (`)
    expect(stdout).toContain(`участок «${area.name}»`)
    expect(stdout).toMatch(/на момент: +\d{2}\.\d{2}\.\d{4} 23:59 \(время Екатеринбурга\)/)
    expect(stdout).toContain('Решение отменено')
    expect(stdout).toContain(`— ${department.full_name} (Департамент): Решение принято по ошибке`)
    // The table's times are the region's; the verification after it keeps the log's instants, as --verify prints them.
    expect(stdout.split('verified as of')[0]).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)
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

describe('the replay verifying up to a moment', () => {
  const eventsUpTo = async (moment: Date) =>
    Number((await t.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).where('created_at', '<=', moment).where('position', '>', 0).executeTakeFirstOrThrow()).n)

  /** Runs `attack` as the database owner (the log's triggers off), then verifies as of the moment, and rolls back. */
  async function verifiedAfter(attack: (trx: Transaction<Database>) => Promise<void>, moment: Date): Promise<AsOfVerifyReport> {
    let report: AsOfVerifyReport | undefined
    await t.database.ownerDb
      .transaction()
      .execute(async (trx) => {
        await sql`ALTER TABLE events DISABLE TRIGGER USER`.execute(trx)
        await attack(trx)
        report = await verifyAsOfIn(trx, moment)
        throw new Error('roll back')
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'))
    return report!
  }

  const positionOf = async (type: string) =>
    Number((await t.database.db.selectFrom('events').select('position').where('type', '=', type).where(sql<boolean>`data->>'reportId' = ${String(reportId)}`).orderBy('position', 'desc').limit(1).executeTakeFirstOrThrow()).position)

  it('checks the chain and the read models of the events recorded by then, and says how many', async () => {
    const moment = steps[3].last
    const { code, stdout } = await replayCommand(t.database.url, '--as-of', moment.toISOString(), '--verify')
    expect(code, stdout).toBe(0)
    expect(stdout).toContain(`verified as of:    ${moment.toISOString()}`)
    expect(stdout).toContain(`events by then:    ${await eventsUpTo(moment)}`)
    expect(stdout).toMatch(/hash chain:\s+intact/)
    expect(stdout).toMatch(/differences:\s+0/)
    // The report changed after the moment (resubmitted, agreed, cancelled): its row then is not the live one, and that is no fault.
    expect(stdout).toMatch(/rows changed since: +[1-9]\d*/)
  })

  it('finds a row of the read models altered behind the log as it stood then, and not before it existed', async () => {
    const decline = await t.database.db.selectFrom('report_status_changes').select(['id', 'comment']).where('report_id', '=', reportId).where('event', '=', 'rejected').executeTakeFirstOrThrow()
    await t.database.db.updateTable('report_status_changes').set({ comment: 'подменено' }).where('id', '=', decline.id).execute()
    try {
      const then = await verifyProjectionsAsOf(t.database.db, steps[3].last)
      expect(then.differences.map((d) => [d.table, d.onlyReplayed])).toEqual([['report_status_changes', 1]])
      const command = await replayCommand(t.database.url, '--as-of', steps[3].last.toISOString(), '--verify')
      expect(command.code, command.stdout).toBe(1)
      expect(command.stdout).toMatch(/report_status_changes: 1 rows as they stood then, unchanged since, differ from the live table/)
      // Before the decline was recorded the row did not exist: nothing of that moment differs.
      expect((await verifyProjectionsAsOf(t.database.db, steps[2].last)).differences).toEqual([])
    } finally {
      await t.database.db.updateTable('report_status_changes').set({ comment: decline.comment }).where('id', '=', decline.id).execute()
    }
  })

  it('answers for the log up to the moment: an event edited after it does not break it, one before it does', async () => {
    const moment = steps[3].last
    const agreed = await positionOf('ReportAgreed')
    const rejected = await positionOf('ReportRejected')
    const edit = (position: number) => async (trx: Transaction<Database>) => {
      await sql`UPDATE events SET data = jsonb_set(data, '{comment}', '"подменено"') WHERE position = ${position}`.execute(trx)
    }
    const later = await verifiedAfter(edit(agreed), moment)
    expect(later.chain.broken).toBeNull()
    expect(later.checkedTo).toBeLessThan(agreed)
    const earlier = await verifiedAfter(edit(rejected), moment)
    expect(earlier.chain.broken).toMatchObject({ position: rejected })
  })

  it('before the first event there is nothing to break: zero events, an intact chain', async () => {
    const report = await verifyProjectionsAsOf(t.database.db, new Date('2000-01-01T00:00:00Z'))
    expect(report).toMatchObject({ events: 0, lastPosition: 0, rowsThen: 0, differences: [], chain: { broken: null, events: 0 } })
  })

  it('refuses a day in the future in one line naming the argument, before opening the database', async () => {
    const { code, stdout } = await replayCommand('postgres://nobody@127.0.0.1:1/none', '--as-of', '2999-01-01', '--verify')
    expect(code).toBe(2)
    expect(stdout.trim()).toBe('Ошибка: --as-of: в будущем; проверка всего журнала — --verify без --as-of')
  })

  it.each([
    ['2026-02-30', 'ожидается день'],
    ['1e400', 'ожидается день'],
    ['2026-03-01\u0000', 'ожидается день'],
    ['2026-03-01T00:00Z\u0000', 'ожидается день'],
    [new Date(Date.now() + 3_600_000).toISOString(), 'в будущем'],
  ])('refuses --as-of %j with --verify (a NUL no command line carries, so the parser is asked)', (day, why) => {
    const parsed = asOfQuestionFromArguments({ 'as-of': day, verify: true })
    expect(parsed).toEqual({ wrong: expect.stringMatching(new RegExp(`^--as-of: ${why}`)) })
  })

  it('takes today with --verify: its start has come, and its end means up to now', () => {
    const today = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10)
    expect(asOfQuestionFromArguments({ 'as-of': today, verify: true })).not.toHaveProperty('wrong')
  })
})

describe('the as-of view through the API', () => {
  const url = (query: string) => `/api/v1/report-as-of/?${query}`

  it('answers the Department what the page shows: the same use-case, as JSON', async () => {
    const day = new Date(steps[3].last.getTime() + 5 * 3_600_000).toISOString().slice(0, 10)
    const res = await t.app.inject({ url: url(`company=${h.companyId}&date=${day}&from=${day}`), headers: department.headers })
    expect(res.statusCode, res.body).toBe(200)
    const context = { actor: { id: 1, username: 'department', groups: ['Департамент' as const], companyId: null }, clientAddress: '127.0.0.1', requestId: 'as-of-api' }
    const outcome = await t.app.useCases.workflow.asOf(context, { company: h.companyId, date: day, from: day })
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(outcome.value)))
    expect(res.json().reports.find((r: { id: number }) => r.id === reportId)).toMatchObject({ id: reportId, files: expect.any(Array) })
  })

  it('refuses everyone but the Department with 403, whatever the company asked', async () => {
    const other = await holder(t.app, t.database.db, 'holder1')
    const asked = [`company=${h.companyId}&date=2026-03-01`, `company=${other.companyId}&date=2026-03-01`]
    const callers: Array<[string, Record<string, string>]> = [
      ['the holder of the company', h.headers],
      ['another company’s holder', other.headers],
      ['an administrator', (await loginAs(t.app, 'admin')).headers],
      ['the public', {}],
      ['a forged session', { cookie: 'sessionid=department' }],
    ]
    for (const [who, headers] of callers) {
      for (const query of asked) {
        const res = await t.app.inject({ url: url(query), headers })
        expect(res.statusCode, `${who}: ${query}`).toBe(403)
        expect(res.body, who).not.toContain('Исправьте значения')
      }
    }
    // Another spelling of the same door is no way round it.
    const upper = await t.app.inject({ url: `/api/v1/report-as-of?company=${h.companyId}&date=2026-03-01`, headers: h.headers })
    expect([403, 404], 'without the slash').toContain(upper.statusCode)
  })

  it.each([
    ['date=2026-02-30', 'date'],
    ['date=1e400', 'date'],
    ['date=2026-03-01%00', 'date'],
    ['date=2026-03-01&from=2026-13-01', 'from'],
    ['date=2026-03-01&to=2026-04-31', 'to'],
    ['date=2026-03-01&from=2026-03-02&to=2026-03-01', 'from'],
    ['date=', 'date'],
  ])('answers %s with a 400 naming the field', async (query, parameter) => {
    const res = await t.app.inject({ url: url(`company=${h.companyId}&${query}`), headers: department.headers })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().parameter).toBe(parameter)
  })

  it('answers a bad or missing company with a 400 naming it, and one that does not exist with a 404', async () => {
    for (const query of ['company=abc&date=2026-03-01', 'company=1e400&date=2026-03-01', 'date=2026-03-01']) {
      const res = await t.app.inject({ url: url(query), headers: department.headers })
      expect(res.statusCode, query).toBe(400)
      expect(res.json().parameter, query).toBe('company')
    }
    expect((await t.app.inject({ url: url('company=999999&date=2026-03-01'), headers: department.headers })).statusCode).toBe(404)
  })

  it('is in the OpenAPI document, with its parameters and answers', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json()
    const op = doc.paths['/api/v1/report-as-of/']?.get
    expect(op?.summary).toBeTruthy()
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['company', 'date', 'from', 'to'])
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200']))
  })
})

describe('names as they stood then', () => {
  it('names the company by the name it had at the end of the day asked, from the reference log, and today\'s name today', async () => {
    const owner = await holder(t.app, t.database.db, 'holder2')
    const company = await t.database.db.selectFrom('companies').select(['id', 'name', 'kind', 'inn', 'ogrn', 'license_holder']).where('id', '=', owner.companyId).executeTakeFirstOrThrow()
    const admin = await t.database.db.selectFrom('users').select(['id', 'username']).where('username', '=', 'admin').executeTakeFirstOrThrow()
    const before = new Date()
    await sleep(5)
    const rename = (name: string) =>
      changeReferenceEntry(
        { db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor: { id: admin.id, username: admin.username, groups: ['Администратор'], companyId: null }, requestId: 'rename', clientAddress: null, now: new Date(), notices: writeNotices },
        { kind: 'company', id: company.id, values: { name, kind: company.kind, inn: company.inn ?? '', ogrn: company.ogrn ?? '', license_holder: company.license_holder ? 'on' : '' } },
      )
    await rename(`${company.name} (переименовано)`)
    try {
      const context = { actor: { id: 1, username: 'department', groups: ['Департамент' as const], companyId: null }, clientAddress: '127.0.0.1', requestId: 'names' }
      const asOf = async (moment: Date) => {
        const outcome = await t.app.useCases.workflow.asOf(context, { company: company.id, date: new Date(moment.getTime() + 5 * 3_600_000).toISOString().slice(0, 10) })
        if (!outcome.ok) throw new Error(JSON.stringify(outcome.refusal))
        return outcome.value
      }
      // The rename happened today: the end of today is after it.
      expect((await asOf(new Date())).company.name).toBe(`${company.name} (переименовано)`)
      const yesterday = await asOf(new Date(before.getTime() - 86_400_000))
      expect(yesterday.company).toEqual({ id: company.id, name: company.name })
    } finally {
      await rename(company.name)
    }
  })
})
