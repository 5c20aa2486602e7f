// The workflow's outcome rules through the API, whatever the order of calls: agreeing only something to agree,
// resubmission, the review queue, nothing agreed deleted, the holder's years and fields.
import { describe, expect, it } from 'vitest'
import { hashPassword } from '../../domain/src/auth/passwords.server.ts'
import { recordFileChecked } from '../../domain/src/use-cases/worker-commands.server.ts'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { checkedFile, holder, multipartWithFiles, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const NEXT = new Date().getFullYear() + 1

async function greenhouseReport(h: Awaited<ReturnType<typeof holder>>, year: number) {
  await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year, ...RESPONSIBLE } })
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year, report_type: 'greenhouse_gases' } })
  return res.json().id as number
}

async function decide(headers: Record<string, string>, id: number, fields: Record<string, string>) {
  const body = multipartWithFiles(fields)
  return t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${id}/`, headers: { ...headers, ...body.headers }, payload: body.payload })
}

const inQueue = async (companyId: number) =>
  ((await t.app.inject({ url: '/api/v1/companies/?report_status=consideration&limit=1000', headers: (await loginAs(t.app, 'department')).headers })).json().results as Array<{ id: number }>).some((c) => c.id === companyId)

describe('workflow rules', () => {
  it('refuses to agree a report with no file, while a file is being checked, and when its files all failed', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const reportId = await greenhouseReport(h, NEXT)
    const empty = await decide(department.headers, reportId, { status: 'agreed', comment: '' })
    expect(empty.statusCode).toBe(409)
    expect(empty.json().detail).toBe('Нельзя согласовать отчёт: в нём нет ни одного файла.')

    const failed = await checkedFile(t.app, t.database.db, h.headers, reportId, false)
    const allFailed = await decide(department.headers, reportId, { status: 'agreed', comment: '' })
    expect([allFailed.statusCode, allFailed.json().detail]).toEqual([409, 'Нельзя согласовать отчёт: ни один его файл не прошёл проверку.'])

    const body = multipartWithFiles({ report: reportId }, [{ field: 'file', filename: 'Исправленный.csv', content: 'a;b\r\n1;2\r\n' }])
    const checking = (await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })).json()
    const whileChecking = await decide(department.headers, reportId, { status: 'agreed', comment: '' })
    expect([whileChecking.statusCode, whileChecking.json().detail]).toEqual([409, 'Нельзя согласовать отчёт: его файлы ещё проверяются. Дождитесь окончания проверки.'])

    await recordFileChecked(t.database.db, { fileId: checking.id, ok: true, problems: [] })
    expect((await decide(department.headers, reportId, { status: 'agreed', comment: '' })).statusCode).toBe(200)
    // Nothing agreed can be deleted: not even the failed file of the agreed report.
    const deletion = await t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${failed}`, headers: h.headers })
    expect([deletion.statusCode, deletion.json().detail]).toEqual([400, 'имеются согласованные отчёты'])
  })

  it('puts a report under review with its first file, not with its responsible person alone', async () => {
    // A company with licence areas and no reports yet, and a holder of its own.
    const company = await t.database.db
      .selectFrom('companies as c')
      .select('c.id')
      .where(({ exists, selectFrom }) => exists(selectFrom('areas as a').select('a.id').whereRef('a.company_id', '=', 'c.id').where('a.kind', '=', 'licence_area')))
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('import_reports as r').select('r.id').whereRef('r.company_id', '=', 'c.id'))))
      .orderBy('c.id')
      .executeTakeFirstOrThrow()
    await t.database.db.insertInto('users').values({ username: 'holder-new', password_hash: await hashPassword('holder-new'), groups: ['Недропользователь'], company_id: company.id }).execute()
    const area = await t.database.db.selectFrom('areas').select('id').where('company_id', '=', company.id).where('kind', '=', 'licence_area').orderBy('id').executeTakeFirstOrThrow()
    const { headers } = await loginAs(t.app, 'holder-new')
    const saved = await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers, payload: { area: area.id, year: NEXT, ...RESPONSIBLE } })
    expect(saved.statusCode).toBe(201)
    expect(await inQueue(company.id)).toBe(false)
    const report = (await t.app.inject({ url: `/api/v1/import-reports/?year=${NEXT}&area=${area.id}&report_type=program`, headers })).json().results[0]
    await checkedFile(t.app, t.database.db, headers, report.id)
    expect(await inQueue(company.id)).toBe(true)
  })

  it('sends a declined report back to review when the holder uploads a corrected file, as a new round in the history', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const reportId = await greenhouseReport(h, NEXT - 1)
    await checkedFile(t.app, t.database.db, h.headers, reportId, false)
    expect((await decide(department.headers, reportId, { status: 'rejected', comment: 'Исправьте значения' })).statusCode).toBe(200)
    await checkedFile(t.app, t.database.db, h.headers, reportId)
    const report = (await t.app.inject({ url: `/api/v1/import-reports/${reportId}/`, headers: h.headers })).json()
    expect(report).toMatchObject({ status: 'consideration', round: 2, status_change: { event: 'resubmitted', creator: 'holder1' } })
    const history = (await t.app.inject({ url: `/api/v1/report-history/?company=${h.companyId}&limit=1000`, headers: department.headers })).json().results
    expect(history.filter((e: { report: { id: number } }) => e.report.id === reportId).map((e: { event: string }) => e.event)).toContain('resubmitted')
    expect((await decide(department.headers, reportId, { status: 'agreed', comment: '' })).statusCode).toBe(200)
  })

  it('records an upload to a report under review on the file alone: the report is not resubmitted', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await greenhouseReport(h, NEXT - 2)
    await checkedFile(t.app, t.database.db, h.headers, reportId)
    await checkedFile(t.app, t.database.db, h.headers, reportId)
    const report = await t.database.db.selectFrom('import_reports').select(['stream_id', 'status', 'round']).where('id', '=', reportId).executeTakeFirstOrThrow()
    expect(report).toMatchObject({ status: 'consideration', round: 1 })
    const types = await t.database.db.selectFrom('events').select('type').where('stream_id', '=', report.stream_id).orderBy('stream_version').execute()
    expect(types.map((e) => e.type)).toEqual(['ReportCreated'])
  })

  it('refuses reports beyond next year and company-level programmes of a company with areas', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const far = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: NEXT + 1, report_type: 'greenhouse_gases' } })
    expect([far.statusCode, far.json().parameter]).toEqual([400, 'year'])
    const program = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: NEXT, report_type: 'program' } })
    expect([program.statusCode, program.json().parameter]).toEqual([400, 'report_type'])
  })

  it('refuses blank responsible-person fields and a false e-mail address, naming the field', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const blank = await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: NEXT, ...RESPONSIBLE, position: '   ' } })
    expect([blank.statusCode, blank.json().parameter]).toEqual([400, 'position'])
    const email = await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: NEXT, ...RESPONSIBLE, email: 'a@b' } })
    expect([email.statusCode, email.json().parameter]).toEqual([400, 'email'])
  })
})
