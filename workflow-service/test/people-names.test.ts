// People shown as people (issue 26): the history, the status box, the audit and the receipts name the person by the
// account's full name with the role, never the login; a file's receipt also says its check's result, the report's
// status and the responsible person; a decision's receipt names the deciding person and the Department, no address.
import { beforeAll, describe, expect, it } from 'vitest'
import type { CurrentUser } from '../domain/src/auth/permissions.ts'
import { findReceipt } from '../domain/src/all-streams/receipts/receipt-queries.server.ts'
import { lastDeclinesOf, statusChangesOf } from '../domain/src/workflow/reports/report-queries.server.ts'
import { recordFileChecked } from '../domain/src/use-cases/worker-commands.server.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE } from '../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1
const HOLDER = 'Петров Сергей Николаевич'
const DEPARTMENT = 'Соколова Анна Викторовна'

async function actor(username: string): Promise<CurrentUser> {
  const user = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: user.id, username: user.username, groups: user.groups, companyId: user.company_id } as CurrentUser
}

/** holder1's greenhouse report of next year with one uploaded file (checked with a warning), then declined. */
async function declinedReport() {
  const h = await holder(t.app, t.database.db, 'holder1')
  await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: YEAR, ...RESPONSIBLE } })
  const reportId = (await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })).json().id as number
  const body = multipartWithFiles({ report: reportId }, [{ field: 'file', filename: 'Выбросы.csv', content: 'Год;Категория\r\n2027;Транспорт\r\n' }])
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })
  expect(uploaded.statusCode).toBe(201)
  const fileId = uploaded.json().id as number
  await recordFileChecked(t.database.db, { fileId, ok: false, problems: [{ row: 2, column: 'Год', value: '2027', reason: 'не тот год' }, { row: 2, column: 'Категория', value: 'x', reason: 'редкая', level: 'warning' } as never] })
  const department = await loginAs(t.app, 'department')
  const decline = multipartWithFiles({ status: 'rejected', comment: 'Исправьте год' })
  const declined = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: { ...department.headers, ...decline.headers }, payload: decline.payload })
  expect(declined.statusCode).toBe(200)
  const event = await t.database.db.selectFrom('events').select('position').where('type', '=', 'ReportRejected').where('data', '@>', JSON.stringify({ reportId }) as never).executeTakeFirstOrThrow()
  return { h, reportId, fileId, decisionNumber: Number(event.position) }
}

describe('people shown by name', () => {
  let given: Awaited<ReturnType<typeof declinedReport>>
  beforeAll(async () => {
    given = await declinedReport()
  })

  it('the history and the audit name the uploader and the decider by full name with the role, and find them by name', async () => {
    const { h } = given
    const context = { actor: await actor('department'), clientAddress: '127.0.0.1', requestId: 'test' }
    const audit = await t.app.useCases.workflow.audit(context, { company: h.companyId, year: YEAR, limit: 50, offset: 0 })
    expect(audit.ok).toBe(true)
    if (!audit.ok) return
    const byEvent = Object.fromEntries(audit.value.results.map((e) => [e.event, e]))
    expect(byEvent.added).toMatchObject({ person: HOLDER, role: 'Недропользователь' })
    expect(byEvent.rejected).toMatchObject({ person: DEPARTMENT, role: 'Департамент' })
    // The filter «Пользователь» takes the name as the page shows it, in any letter case.
    const found = await t.app.useCases.workflow.audit(context, { company: h.companyId, year: YEAR, user: DEPARTMENT.toUpperCase(), limit: 50, offset: 0 })
    expect(found.ok && found.value.results.map((e) => e.event)).toEqual(['rejected'])
  })

  it('the status box and the decline note name the Department employee, and follow a renamed account', async () => {
    const { reportId } = given
    const [change] = await statusChangesOf(t.database.db, [reportId])
    expect(change.creator_name).toBe(DEPARTMENT)
    expect((await lastDeclinesOf(t.database.db, [reportId])).get(reportId)?.creator).toBe(DEPARTMENT)
    // An account without a name is shown by its login rather than as nobody.
    await t.database.db.updateTable('users').set({ full_name: '' }).where('username', '=', 'department').execute()
    try {
      expect((await statusChangesOf(t.database.db, [reportId]))[0].creator_name).toBe('department')
    } finally {
      await t.database.db.updateTable('users').set({ full_name: DEPARTMENT }).where('username', '=', 'department').execute()
    }
  })

  it("a file's receipt states its check and the report's status as they stood, and the responsible person; a decision's names the person and the Department, no login or address", async () => {
    const { fileId, decisionNumber } = given
    const decided = await t.database.db.selectFrom('events').select('metadata').where('position', '=', String(decisionNumber) as never).executeTakeFirstOrThrow()
    const decidedFrom = (decided.metadata as { clientAddress: string }).clientAddress
    expect(decidedFrom).toBeTruthy()
    const upload = await findReceipt(t.database.db, await actor('holder1'), { fileId }, { departmentName: 'Департамент природно-ресурсного регулирования' })
    expect(upload).toMatchObject({
      kind: 'submission',
      person: HOLDER,
      role: 'Недропользователь',
      clientAddress: expect.any(String),
      // As they stood when the file was received; the check and the decline came after, on the line apart (issue 33).
      check: { status: 'processing', title: 'Файл проверяется' },
      reportStatus: 'consideration',
      responsible: RESPONSIBLE.fullname,
    })
    expect(upload!.since!.line).toMatch(/^После выдачи квитанции: файл не прошёл проверку \d{2}\.\d{2}\.\d{4}; отчёт отклонён \d{2}\.\d{2}\.\d{4}$/)
    for (const reader of ['holder1', 'department']) {
      const decision = await findReceipt(t.database.db, await actor(reader), { position: decisionNumber }, { departmentName: 'Департамент природно-ресурсного регулирования' })
      expect(decision).toMatchObject({ kind: 'rejected', person: DEPARTMENT, role: 'Департамент природно-ресурсного регулирования', clientAddress: null, reportStatus: 'rejected' })
      expect(JSON.stringify(decision)).not.toContain('"department"')
      expect(JSON.stringify(decision)).not.toContain(decidedFrom)
    }
  })
})

describe('full names of accounts', () => {
  it('the administrator sets and changes a full name and a mail address; hostile values are refused naming the field in Russian', async () => {
    const admin = await loginAs(t.app, 'admin')
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/users/', headers: admin.headers, payload: { username: 'named-one', full_name: '  Белова   Ольга ', password: 'password-123', groups: ['Департамент'] } })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ full_name: 'Белова Ольга', email: null })
    const id = created.json().id as number
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}/`, headers: admin.headers, payload: { full_name: "Белова-д'Арк Ольга", email: ' Belova@Example.RU ' } })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ full_name: "Белова-д'Арк Ольга", email: 'belova@example.ru' })
    for (const [payload, parameter, words] of [
      [{ full_name: '<b>Белова</b>' }, 'full_name', 'ФИО:'],
      [{ full_name: 'Я'.repeat(201) }, 'full_name', 'ФИО:'],
      [{ email: 'нет адреса' }, 'email', 'Электронная почта:'],
      [{ email: 'a@b.ru\r\nBcc: x@evil.example' }, 'email', null],
    ] as const) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}/`, headers: admin.headers, payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().parameter, JSON.stringify(payload)).toBe(parameter)
      if (words) expect(res.json().detail).toContain(words)
    }
    const kept = await t.database.db.selectFrom('users').select(['full_name', 'email']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(kept).toEqual({ full_name: "Белова-д'Арк Ольга", email: 'belova@example.ru' })
  })
})
