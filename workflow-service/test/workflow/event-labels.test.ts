// One event, one name: a decision, an upload and a resubmission are called the same in the status of a report
// (`event_display`), the company's history and its export, and the Department's audit and its export.
import { csvTable } from '../../../test-support/export-files.ts'
import { describe, expect, it } from 'vitest'
import { recordFileChecked } from '../../domain/src/use-cases/worker-commands.server.ts'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()

/** The rows of a CSV export (after its byte order mark), by their first column (the row's id or number). */
async function csvById(url: string, headers: Record<string, string>, column: string): Promise<Map<number, string>> {
  const res = await t.app.inject({ url, headers })
  expect(res.statusCode, res.body).toBe(200)
  const [header, ...rows] = csvTable(res.rawPayload)
  return new Map(rows.map((r) => [Number(r[0]), r[header.indexOf(column)]]))
}

describe('the names of events', () => {
  it('gives each event one name in the report status, the history, the audit and their exports', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const department = await loginAs(t.app, 'department')
    const year = new Date().getFullYear() + 1
    const responsible = await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year, ...RESPONSIBLE } })
    expect(responsible.statusCode, responsible.body).toBe(201)
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year, report_type: 'greenhouse_gases' } })
    const reportId = created.json().id as number
    const upload = async (name: string) => {
      const body = multipartWithFiles({ report: reportId, description: name, company_responsible: responsible.json().id }, [{ field: 'file', filename: name, content: 'a;b\r\n1;2\r\n' }])
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().id as number
    }
    await recordFileChecked(t.database.db, { fileId: await upload('Первый.csv'), ok: false, problems: [{ reason: 'несоответствие полей' }] })
    const declined = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: department.headers, payload: { status: 'rejected', comment: 'Исправьте' } })
    expect(declined.statusCode, declined.body).toBe(200)
    await upload('Исправленный.csv')

    // code → every name it is given anywhere
    const names = new Map<string, Set<string>>()
    const saw = (code: string, name: string | undefined) => names.set(code, (names.get(code) ?? new Set()).add(String(name)))

    const changes = await t.app.inject({ url: `/api/v1/import-reports/status_change/?company=${h.companyId}&year=${year}`, headers: department.headers })
    for (const c of changes.json().results as Array<{ event: string; event_display: string }>) saw(c.event, c.event_display)

    const historyUrl = `/api/v1/report-history/?company=${h.companyId}`
    const history = (await t.app.inject({ url: historyUrl, headers: department.headers })).json().results as Array<{ id: number; event: string; report: { id: number } }>
    const historyFile = await csvById(`${historyUrl}&format=csv`, department.headers, 'Событие')
    for (const e of history.filter((e) => e.report.id === reportId)) saw(e.event, historyFile.get(e.id))

    const auditUrl = `/api/v1/report-audit/?company=${h.companyId}&year=${year}`
    const audit = (await t.app.inject({ url: auditUrl, headers: department.headers })).json().results as Array<{ number: number; event: string }>
    const auditFile = await csvById(`${auditUrl}&format=csv`, department.headers, 'Событие')
    for (const e of audit) saw(e.event, auditFile.get(e.number))

    expect([...names.keys()].sort()).toEqual(['added', 'rejected', 'resubmitted'])
    for (const [code, given] of names) expect([...given], code).toHaveLength(1)
    expect([...names.get('resubmitted')!]).toEqual(['Отчёт отправлен повторно'])
  })
})
