import { JOBS } from '../../domain/src/ports/jobs.ts'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { hashPassword } from '../../domain/src/auth/passwords.server.ts'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { checkedFile, holder, multipartWithFiles, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1

async function areaReport(headers: Record<string, string>, areaName: string, reportType = 'program') {
  const res = await t.app.inject({ url: `/api/v1/import-reports/?year=${YEAR}&area_name=${encodeURIComponent(areaName)}&report_type=${reportType}`, headers })
  expect(res.statusCode).toBe(200)
  return res.json().results[0]
}

async function decide(headers: Record<string, string>, id: number, fields: Record<string, string>, files: Parameters<typeof multipartWithFiles>[1] = []) {
  const body = multipartWithFiles(fields, files)
  return t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${id}/`, headers: { ...headers, ...body.headers }, payload: body.payload })
}

describe('import reports API', () => {
  it('lists the reports of an area and year with their files and last decision', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })
    const res = await t.app.inject({ url: `/api/v1/import-reports/?year=${YEAR}&area_name=${encodeURIComponent(h.areaName)}`, headers: h.headers })
    expect(res.statusCode).toBe(200)
    expect(res.json().count).toBe(2)
    expect(res.json().results[0]).toMatchObject({ status: 'consideration', year: YEAR, area: { id: h.areaId, name: h.areaName, company: { id: h.companyId } }, files: [], status_change: null })
  })

  it('creates a greenhouse-gas report on demand, and a second create returns the same report', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({ report_type: 'greenhouse_gases', status: 'consideration', area: null, company: { id: h.companyId } })
    const second = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })
    expect(second.statusCode).toBe(200)
    expect(second.json().id).toBe(first.json().id)
    const byName = await t.app.inject({ url: `/api/v1/import-reports/?year=${YEAR}&company_name=${encodeURIComponent(h.companyName)}&report_type=greenhouse_gases`, headers: h.headers })
    expect(byName.json().results.map((r: { id: number }) => r.id)).toEqual([first.json().id])
  })

  it('lets two simultaneous creates of one report make exactly one', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const payload = { company: h.companyId, year: YEAR - 1, report_type: 'greenhouse_gases' }
    const answers = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload })))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201])
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1)
  })

  it('lets the Department agree with a comment and a file, enqueues the publication, then shows the status change', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const report = await areaReport(h.headers, h.areaName)
    await checkedFile(t.app, t.database.db, h.headers, report.id)
    const res = await decide(department.headers, report.id, { status: 'agreed', comment: 'Замечаний нет' }, [
      { field: 'files', filename: 'Заключение.pdf', content: '%PDF-1.4 заключение', contentType: 'application/pdf' },
    ])
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: report.id, status: 'agreed', status_change: { event: 'agreed', event_display: 'Отчёт согласован', comment: 'Замечаний нет' } })
    const { rows: jobs } = await sql`SELECT 1 FROM pgboss.job WHERE name = ${JOBS.reportPublication} AND (data->>'reportId')::int = ${report.id}`.execute(t.database.db)
    expect(jobs).toHaveLength(1)
    const event = await t.database.db.selectFrom('events').select(['type', 'metadata']).where('stream_id', '=', `report-area-${h.areaId}-${YEAR}-program`).orderBy('stream_version', 'desc').executeTakeFirstOrThrow()
    expect(event.type).toBe('ReportAgreed')
    expect(event.metadata).toMatchObject({ username: 'department', role: 'Департамент', userId: expect.any(Number), requestId: expect.any(String), clientAddress: '127.0.0.1' })
    const [decisionFile] = res.json().status_change.files
    expect(decisionFile.name).toBe('Заключение.pdf')
    const download = await t.app.inject({ url: decisionFile.file, headers: h.headers })
    expect(download.statusCode).toBe(200)
    expect(download.body).toBe('%PDF-1.4 заключение')
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Заключение.pdf')}`)

    const changes = await t.app.inject({ url: `/api/v1/import-reports/status_change/?year=${YEAR}&area_name=${encodeURIComponent(h.areaName)}&report_type=program`, headers: h.headers })
    expect(changes.json().results).toHaveLength(1)
    expect(changes.json().results[0]).toMatchObject({ event: 'agreed', comment: 'Замечаний нет', creator: 'department' })
  })

  it('lets the Department cancel a decision and decline with a comment', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const report = await areaReport(h.headers, h.areaName)
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${report.id}/`, headers: department.headers, payload: { status: 'consideration', comment: '' } })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({ status: 'consideration', status_change: { event: 'cancelled' } })
    const declined = await decide(department.headers, report.id, { status: 'rejected', comment: 'Нет протоколов' })
    expect(declined.json()).toMatchObject({ status: 'rejected', status_change: { event: 'rejected', event_display: 'Отчёт отклонён', comment: 'Нет протоколов' } })
    const companies = await t.app.inject({ url: '/api/v1/companies/?report_status=rejected&limit=100', headers: department.headers })
    expect(companies.json().results.map((c: { id: number }) => c.id)).toContain(h.companyId)
  })

  it('refuses a decision the machine cannot take with 409, and a decline without comment with 400', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const report = await areaReport(h.headers, h.areaName)
    const again = await decide(department.headers, report.id, { status: 'agreed', comment: '' })
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toMatch(/Отклонён/)
    const events = await t.database.db.selectFrom('events').select('type').where('stream_id', '=', `report-area-${h.areaId}-${YEAR}-program`).execute()
    const cancel = await decide(department.headers, report.id, { status: 'cancel' })
    expect(cancel.statusCode).toBe(200)
    const noComment = await decide(department.headers, report.id, { status: 'decline', comment: '  ' })
    expect(noComment.statusCode).toBe(400)
    expect(noComment.json().parameter).toBe('comment')
    const badStatus = await decide(department.headers, report.id, { status: 'approved' })
    expect(badStatus.json()).toMatchObject({ parameter: 'status' })
    const after = await t.database.db.selectFrom('events').select('type').where('stream_id', '=', `report-area-${h.areaId}-${YEAR}-program`).execute()
    expect(after.length).toBe(events.length + 1)
  })

  it('gives one of two Department users deciding at once the decision and the other a 409', async () => {
    await t.database.db.insertInto('users').values({ username: 'department2', password_hash: await hashPassword('department2'), groups: ['Департамент'], company_id: null }).execute()
    const h = await holder(t.app, t.database.db, 'holder1')
    const [first, second] = [await loginAs(t.app, 'department'), await loginAs(t.app, 'department2')]
    const report = await areaReport(h.headers, h.areaName, 'final_report')
    await checkedFile(t.app, t.database.db, h.headers, report.id)
    const before = await t.database.db.selectFrom('events').select('position').where('stream_id', '=', `report-area-${h.areaId}-${YEAR}-final_report`).execute()
    const answers = await Promise.all([
      decide(first.headers, report.id, { status: 'agreed', comment: 'Согласовано первым' }),
      decide(second.headers, report.id, { status: 'rejected', comment: 'Отклонено вторым' }),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const loser = answers.find((a) => a.statusCode === 409)!
    expect(loser.json().detail).toMatch(/другим пользователем|уже в статусе/)
    const decisions = await t.database.db
      .selectFrom('events')
      .select('type')
      .where('stream_id', '=', `report-area-${h.areaId}-${YEAR}-final_report`)
      .where('position', '>', Math.max(0, ...before.map((b) => b.position)))
      .execute()
    expect(decisions).toHaveLength(1)
  })

  it('refuses decisions to everyone but the Department, and reports to the public and other companies', async () => {
    const h1 = await holder(t.app, t.database.db, 'holder1')
    const h2 = await holder(t.app, t.database.db, 'holder2')
    const admin = await loginAs(t.app, 'admin')
    const report = await areaReport(h1.headers, h1.areaName)
    for (const headers of [h1.headers, h2.headers, admin.headers]) {
      expect((await decide(headers, report.id, { status: 'agreed' })).statusCode).toBe(403)
    }
    for (const headers of [h2.headers, admin.headers, {}]) {
      const res = await t.app.inject({ url: `/api/v1/import-reports/?year=${YEAR}&area_name=${encodeURIComponent(h1.areaName)}`, headers })
      expect(res.statusCode).toBe(403)
    }
    // Another company's records are answered as if they did not exist: the same 400 as for a missing company.
    const create = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h2.headers, payload: { company: h1.companyId, year: YEAR, report_type: 'greenhouse_gases' } })
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h2.headers, payload: { company: 2_000_000_000, year: YEAR, report_type: 'greenhouse_gases' } })
    expect([create.statusCode, create.json()]).toEqual([missing.statusCode, missing.json()])
    expect(create.json()).toEqual({ detail: 'company: предприятие не найдено', parameter: 'company' })
  })

  it('answers 400 naming the parameter for bad filters and bodies, 404 for a missing report', async () => {
    const department = await loginAs(t.app, 'department')
    const noTarget = await t.app.inject({ url: `/api/v1/import-reports/?year=${YEAR}`, headers: department.headers })
    expect(noTarget.json()).toMatchObject({ parameter: 'area_name' })
    const badType = await t.app.inject({ url: `/api/v1/import-reports/?year=${YEAR}&company_name=x&report_type=other`, headers: department.headers })
    expect(badType.json()).toMatchObject({ parameter: 'report_type' })
    const areaGreenhouse = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: department.headers, payload: { area: 1, year: YEAR, report_type: 'greenhouse_gases' } })
    expect(areaGreenhouse.json()).toMatchObject({ parameter: 'report_type' })
    const missing = await decide(department.headers, 999999, { status: 'agreed' })
    expect(missing.statusCode).toBe(404)
    const unknownName = await t.app.inject({ url: `/api/v1/import-reports/?year=${YEAR}&area_name=${encodeURIComponent('Нет такого участка')}`, headers: department.headers })
    expect(unknownName.json()).toMatchObject({ count: 0, results: [] })
  })
})

describe('companies by report status', () => {
  it('lists the companies having reports in a status, and only those', async () => {
    const department = await loginAs(t.app, 'department')
    for (const status of ['consideration', 'agreed', 'rejected'] as const) {
      const res = await t.app.inject({ url: `/api/v1/companies/?report_status=${status}&limit=1000`, headers: department.headers })
      expect(res.statusCode).toBe(200)
      const ids = (res.json().results as Array<{ id: number }>).map((c) => c.id).sort((a, b) => a - b)
      // Under review means with a file: a responsible person alone creates empty reports that nobody reviews.
      const expected = await t.database.db
        .selectFrom('import_reports as r')
        .select('r.company_id')
        .distinct()
        .where('r.status', '=', status)
        .$if(status === 'consideration', (q) => q.where((eb) => eb.exists(eb.selectFrom('import_files as f').select('f.id').whereRef('f.report_id', '=', 'r.id').where('f.status', 'not in', ['deletion', 'deleted']))))
        .orderBy('r.company_id')
        .execute()
      expect(ids).toEqual(expected.map((r) => r.company_id))
      expect(ids.length).toBeGreaterThan(0)
    }
  })

  it('answers 400 naming report_status for an unknown status', async () => {
    const res = await t.app.inject({ url: '/api/v1/companies/?report_status=approved' })
    expect(res.statusCode).toBe(400)
    expect(res.json().parameter).toBe('report_status')
  })
})
