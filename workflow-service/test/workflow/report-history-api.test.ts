import { describe, expect, it } from 'vitest'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'
import { recordFileChecked } from '../../domain/src/use-cases/worker-commands.server.ts'
import * as historyShowsCancellations from '../../../migrations/src/migrations/2026-12-01-3350-history-shows-cancellations.ts'

const t = useTestApp()

interface Entry {
  id: number
  created: string
  event: string
  import_files: Array<{ id: number; name: string }>
  report: { id: number; year: number; area: { id: number; name: string } | null; report_type: string }
  creator: { id: number | null; username: string }
}

describe('report history API', () => {
  it("answers a company's history sorted by created, with files, report and creator", async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const res = await t.app.inject({ url: `/api/v1/report-history/?company=${h.companyId}&limit=1000`, headers: department.headers })
    expect(res.statusCode).toBe(200)
    const entries = res.json().results as Entry[]
    expect(res.json().count).toBe(entries.length)
    expect(new Set(entries.map((e) => e.event))).toEqual(new Set(['added', 'agreed', 'rejected', 'deleted']))
    const created = entries.map((e) => Date.parse(e.created))
    expect(created).toEqual([...created].sort((a, b) => a - b))

    const added = entries.find((e) => e.event === 'added')!
    expect(added.creator.username).toBe('holder1')
    expect(added.import_files).toHaveLength(1)
    expect(added.report).toMatchObject({ year: expect.any(Number), report_type: expect.any(String) })
    const agreed = entries.find((e) => e.event === 'agreed')!
    expect(agreed.creator.username).toBe('department')
    expect(agreed.import_files.length).toBeGreaterThan(0)
    const deleted = entries.find((e) => e.event === 'deleted')!
    const file = await t.database.db.selectFrom('import_files').select(['status', 'name']).where('id', '=', deleted.import_files[0].id).executeTakeFirstOrThrow()
    expect(file).toEqual({ status: 'deleted', name: deleted.import_files[0].name })
  })

  it('shows an agreement, its cancellation and the next agreement as three entries, the cancellation between the two', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const year = new Date().getFullYear() + 1
    await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year, ...RESPONSIBLE } })
    const reportId = (await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year, report_type: 'greenhouse_gases' } })).json().id as number
    const body = multipartWithFiles({ report: reportId }, [{ field: 'file', filename: 'Выбросы.csv', content: `Год;Категория\r\n${year};Транспорт\r\n` }])
    const fileId = (await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })).json().id as number
    await recordFileChecked(t.database.db, { fileId, ok: true, problems: [] })
    for (const [status, comment] of [['agreed', ''], ['consideration', 'Согласовано ошибочно'], ['agreed', 'Согласовано после проверки']]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: department.headers, payload: { status, comment } })
      expect(res.statusCode, res.body).toBe(200)
    }
    const res = await t.app.inject({ url: `/api/v1/report-history/?company=${h.companyId}&limit=1000`, headers: department.headers })
    expect(res.statusCode).toBe(200)
    const ofReport = (res.json().results as Entry[]).filter((e) => e.report.id === reportId)
    expect(ofReport.map((e) => [e.event, e.creator.username])).toEqual([
      ['added', 'holder1'],
      ['agreed', 'department'],
      ['cancelled', 'department'],
      ['agreed', 'department'],
    ])
    const cancellation = await t.database.db.selectFrom('events').select('position').where('type', '=', 'ReportDecisionCancelled').where('data', '@>', JSON.stringify({ reportId }) as never).executeTakeFirstOrThrow()
    expect(ofReport[2]).toMatchObject({ id: Number(cancellation.position), import_files: [] })
    // The file export names it as the page does.
    const csv = await t.app.inject({ url: `/api/v1/report-history/?company=${h.companyId}&format=csv`, headers: department.headers })
    expect(csv.body).toContain('Решение отменено')
  })

  it('gives a database of before the change the cancellations it had recorded, as the projection writes them', async () => {
    const cancellations = () => t.database.db.selectFrom('report_history').selectAll().where('event', '=', 'cancelled').orderBy('id').execute()
    const written = await cancellations()
    expect(written.length).toBeGreaterThan(0)
    await historyShowsCancellations.down(t.database.ownerDb)
    expect(await cancellations()).toEqual([])
    await historyShowsCancellations.up(t.database.ownerDb)
    expect(await cancellations()).toEqual(written)
  })

  it('matches the history to the events of the log, one entry per added, decided, cancelled and deleted', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const res = await t.app.inject({ url: `/api/v1/report-history/?company=${h.companyId}&limit=1000`, headers: department.headers })
    const reports = await t.database.db.selectFrom('import_reports').select('stream_id').where('company_id', '=', h.companyId).execute()
    const files = await t.database.db.selectFrom('import_files').select('id').where('company_id', '=', h.companyId).execute()
    const streams = [...reports.map((r) => r.stream_id), ...files.map((f) => `file-${f.id}`)]
    const events = await t.database.db
      .selectFrom('events')
      .select(['position', 'type'])
      .where('stream_id', 'in', streams)
      .where('type', 'in', ['FileUploaded', 'FileDeletionRequested', 'ReportAgreed', 'ReportRejected', 'ReportDecisionCancelled'])
      .orderBy('position')
      .execute()
    const TYPE_OF = { added: 'FileUploaded', deleted: 'FileDeletionRequested', agreed: 'ReportAgreed', rejected: 'ReportRejected', cancelled: 'ReportDecisionCancelled' } as Record<
      string,
      string
    >
    const entries = res.json().results as Entry[]
    expect(entries.map((e) => [e.id, TYPE_OF[e.event]]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(events.map((e) => [e.position, e.type]))
  })

  it('is the Department’s only: license holders, administrators and the public get 403', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const admin = await loginAs(t.app, 'admin')
    for (const headers of [h.headers, admin.headers, {}]) {
      expect((await t.app.inject({ url: `/api/v1/report-history/?company=${h.companyId}`, headers })).statusCode).toBe(403)
    }
  })

  it('answers 400 naming company when it is missing or not a number', async () => {
    const department = await loginAs(t.app, 'department')
    for (const url of ['/api/v1/report-history/', '/api/v1/report-history/?company=abc']) {
      const res = await t.app.inject({ url, headers: department.headers })
      expect(res.statusCode).toBe(400)
      expect(res.json().parameter).toBe('company')
    }
  })
})
