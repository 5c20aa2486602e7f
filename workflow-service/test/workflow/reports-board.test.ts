// The status board: a holder's own company's year in words, the Department's across companies with its filters, the
// state rule in SQL equal to the pure one, the filing year, and no other company's board for a holder.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { CurrentUser } from '../../domain/src/auth/permissions.ts'
import { boardYears, CELL_STATES, cellState, filingYear, type CellFacts } from '../../domain/src/workflow/reports/board-cells.ts'
import { STATE_SQL } from '../../domain/src/workflow/reports/board-state-sql.ts'
import { recordFileChecked, recordFileDeleted } from '../../domain/src/use-cases/worker-commands.server.ts'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { checkedFile, holder, multipartWithFiles, RESPONSIBLE, sectionFile } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1
const context = (actor: CurrentUser | null) => ({ actor, clientAddress: '198.51.100.4', requestId: 'test' })

async function actor(username: string): Promise<CurrentUser> {
  const user = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: user.id, username: user.username, groups: user.groups, companyId: user.company_id } as unknown as CurrentUser
}

async function board(username: string | null, input: Parameters<typeof t.app.useCases.workflow.board>[1]) {
  const outcome = await t.app.useCases.workflow.board(context(username ? await actor(username) : null), input)
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.refusal))
  return outcome.value
}

async function upload(headers: Record<string, string>, reportId: number): Promise<number> {
  const body = multipartWithFiles({ report: reportId }, [await sectionFile(t.database.db, reportId, 'Файл')])
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...headers, ...body.headers }, payload: body.payload })
  expect(res.statusCode).toBe(201)
  return res.json().id as number
}

async function decide(headers: Record<string, string>, id: number, status: string, comment = '') {
  const body = multipartWithFiles({ status, comment })
  const res = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${id}/`, headers: { ...headers, ...body.headers }, payload: body.payload })
  expect(res.statusCode).toBe(200)
}

describe('the status board', () => {
  it('shows a holder each licence area × report type and the company reports of the year, each in words with its responsible person and section address', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const before = await board('holder1', { year: YEAR })
    const areas = await t.database.db.selectFrom('areas').select('id').where('company_id', '=', h.companyId).where('kind', '=', 'licence_area').execute()
    expect(before.viewer).toBe('holder')
    expect(before.company).toEqual({ id: h.companyId, name: h.companyName })
    // Three area types per licence area, and the greenhouse gases of the company.
    expect(before.results).toHaveLength(areas.length * 3 + 1)
    expect(new Set(before.results.map((c) => c.companyId))).toEqual(new Set([h.companyId]))
    const cellOf = (b: typeof before, type: string) => b.results.find((c) => c.areaId === h.areaId && c.reportType === type)!
    expect(cellOf(before, 'program')).toMatchObject({ state: 'no_files', label: 'файлы не загружены', responsible: null, reportId: null })
    expect(cellOf(before, 'program').href).toBe(`/companies/${h.companyId}/reports?year=${YEAR}&section=area-${h.areaId}-program#section-area-${h.areaId}-program`)
    expect(before.results.find((c) => c.reportType === 'greenhouse_gases')!.href).toContain('section=greenhouse-greenhouse_gases')

    // The responsible person named: the cell says who, the report exists.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })).statusCode).toBe(201)
    const named = cellOf(await board('holder1', { year: YEAR }), 'program')
    expect(named).toMatchObject({ state: 'no_files', responsible: RESPONSIBLE.fullname })
    const reportId = named.reportId!

    // A file being checked, then two failed ones, then one passed: each state in words.
    const first = await upload(h.headers, reportId)
    expect(cellOf(await board('holder1', { year: YEAR }), 'program')).toMatchObject({ state: 'checking', label: 'проверяется' })
    await recordFileChecked(t.database.db, { fileId: first, ok: false, problems: [{ row: 2, column: 'Значение', value: 'x', reason: 'не число' }] })
    await checkedFile(t.app, t.database.db, h.headers, reportId, false)
    expect(cellOf(await board('holder1', { year: YEAR }), 'program')).toMatchObject({ state: 'errors', label: 'ошибки в 2 файлах', files: { live: 2, errors: 2, passed: 0, processing: 0 } })
    await t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${first}/`, headers: h.headers })
    await recordFileDeletedNow(first)
    const second = (await t.database.db.selectFrom('import_files').select('id').where('report_id', '=', reportId).where('status', '=', 'error').executeTakeFirstOrThrow()).id
    await t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${second}/`, headers: h.headers })
    await recordFileDeletedNow(second)
    await checkedFile(t.app, t.database.db, h.headers, reportId)
    const waiting = cellOf(await board('holder1', { year: YEAR }), 'program')
    expect(waiting).toMatchObject({ state: 'consideration', label: 'на рассмотрении 0 дн.', days: 0 })
    // Twelve days later the same cell says so.
    const later = cellOf(await board('holder1', { year: YEAR, now: new Date(Date.now() + 12 * 86_400_000 + 60_000) }), 'program')
    expect(later.label).toBe('на рассмотрении 12 дн.')

    const department = await loginAs(t.app, 'department')
    await decide(department.headers, reportId, 'rejected', 'Нет подписи')
    expect(cellOf(await board('holder1', { year: YEAR }), 'program')).toMatchObject({ state: 'rejected', label: 'отклонён — ответить' })
    expect((await board('department', { year: YEAR, company: h.companyId })).results.find((c) => c.reportId === reportId)!.label).toBe('отклонён — ждёт исправлений')
    await checkedFile(t.app, t.database.db, h.headers, reportId)
    await decide(department.headers, reportId, 'agreed')
    expect(cellOf(await board('holder1', { year: YEAR }), 'program')).toMatchObject({ state: 'agreed', label: 'согласован' })
  })

  it('refuses a holder another company’s board asked for by changing the address, and refuses the public and the administrator', async () => {
    const other = await holder(t.app, t.database.db, 'holder2')
    const refused = await t.app.useCases.workflow.board(context(await actor('holder1')), { year: YEAR, company: other.companyId })
    expect(refused).toEqual({ ok: false, refusal: { reason: 'forbidden' } })
    expect(await t.app.useCases.workflow.board(context(null), { year: YEAR })).toEqual({ ok: false, refusal: { reason: 'forbidden' } })
    expect(await t.app.useCases.workflow.board(context(await actor('admin')), { year: YEAR })).toEqual({ ok: false, refusal: { reason: 'forbidden' } })
    // Filters a holder may use on their own board never widen it.
    const own = await board('holder1', { year: YEAR, state: 'no_files' })
    expect(own.results.every((c) => c.companyId !== other.companyId)).toBe(true)
    const bad = await t.app.useCases.workflow.board(context(await actor('holder1')), { year: YEAR, state: '__proto__' as never })
    expect(bad.ok === false && bad.refusal).toMatchObject({ reason: 'invalid-input', parameter: 'state' })
    const huge = await t.app.useCases.workflow.board(context(await actor('department')), { year: 1e400 as never })
    expect(huge.ok === false && huge.refusal).toMatchObject({ reason: 'invalid-input', parameter: 'year' })
  })

  it('shows the Department every filing company, filtered by report type, company and state, with the count of each state', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: YEAR, ...RESPONSIBLE } })
    const reportId = (await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })).json().id as number
    await checkedFile(t.app, t.database.db, h.headers, reportId)
    const all = await board('department', { year: YEAR })
    expect(all.viewer).toBe('department')
    expect(new Set(all.results.map((c) => c.companyId)).size).toBeGreaterThan(2)
    expect(all.companies.map((c) => c.id)).toContain(h.companyId)
    expect(all.count).toBe(Object.values(all.counts).reduce((a, b) => a + b, 0))
    const greenhouse = await board('department', { year: YEAR, reportType: 'greenhouse_gases' })
    expect(new Set(greenhouse.results.map((c) => c.reportType))).toEqual(new Set(['greenhouse_gases']))
    const waiting = await board('department', { year: YEAR, state: 'consideration' })
    expect(waiting.count).toBe(all.counts.consideration)
    expect(waiting.results.every((c) => c.state === 'consideration')).toBe(true)
    expect(waiting.results.find((c) => c.reportId === reportId)).toMatchObject({ companyId: h.companyId, responsible: RESPONSIBLE.fullname, label: 'на рассмотрении 0 дн.' })
    const one = await board('department', { year: YEAR, company: h.companyId, reportType: 'greenhouse_gases' })
    expect(one.results).toHaveLength(1)
    const limited = await board('department', { year: YEAR, limit: 2 })
    expect(limited.results).toHaveLength(2)
    expect(limited.count).toBe(all.count)
  })

  it('computes the same state in SQL as the pure rule, for every combination of status and files', async () => {
    for (const status of [null, 'consideration', 'agreed', 'rejected'] as const) {
      for (const live of [0, 1, 3]) {
        for (const processing of [0, 1]) {
          for (const errors of [0, 2]) {
            if (processing + errors > live) continue
            const facts: CellFacts = { status, live, processing, errors }
            const { rows } = await sql<{ state: string }>`
              SELECT ${STATE_SQL} AS state FROM (VALUES (${status}::text)) AS r(status), (VALUES (${live}::int, ${processing}::int, ${errors}::int)) AS f(live, processing, errors)`.execute(t.database.db)
            expect([facts, rows[0].state]).toEqual([facts, cellState(facts)])
          }
        }
      }
    }
    expect(new Set(CELL_STATES).size).toBe(6)
  })

  it('defaults to the year being filed: the year before from January to March, the current year from April, and offers next year', async () => {
    expect(filingYear(new Date(2026, 0, 1))).toBe(2025)
    expect(filingYear(new Date('2026-03-31T23:59:00+05:00'))).toBe(2025)
    expect(filingYear(new Date(2026, 3, 1))).toBe(2026)
    expect(filingYear(new Date(2026, 11, 31))).toBe(2026)
    expect(boardYears(new Date(2026, 5, 1))).toEqual([2027, 2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017])
    const february = await board('holder1', { now: new Date(2026, 1, 10) })
    expect(february.year).toBe(2025)
    const may = await board('holder1', { now: new Date(2026, 4, 10) })
    expect(may.year).toBe(2026)
    expect(may.years[0]).toBe(2027)
  })

  it('turns the year being filed and the years offered by the region’s calendar (UTC+5), not the server’s clock', () => {
    // 1 April 00:30 in Salekhard is still 31 March by UTC: the region files 2026 already.
    expect(filingYear(new Date('2026-04-01T00:30:00+05:00'))).toBe(2026)
    expect(filingYear(new Date('2026-03-31T23:59:59+05:00'))).toBe(2025)
    // 1 January 02:00 in the region is 31 December by UTC: next year's programme is offered from the region's new year.
    expect(boardYears(new Date('2027-01-01T02:00:00+05:00'))[0]).toBe(2028)
    expect(boardYears(new Date('2026-12-31T23:59:00+05:00'))[0]).toBe(2027)
  })
})

async function recordFileDeletedNow(fileId: number) {
  await recordFileDeleted(t.database.db, { fileId })
}
