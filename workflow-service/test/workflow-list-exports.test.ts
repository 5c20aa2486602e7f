// Exports of the lists outside the catalogue (reports, decisions, files, history, a point's control indicators, the
// user's notifications): every row the JSON pages hold, in their order, as CSV and XLSX; and the same permissions as
// the JSON list, checked before any byte of a file is written.
import { csvTable, xlsxTable } from '../../test-support/export-files.ts'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test-support/test-app.ts'
import { loginAs } from '../../test-support/login.ts'
import { holder } from '../../test-support/workflow-fixtures.ts'

const t = useTestApp()

type Row = Record<string, unknown> & { id: number }

async function allPages(url: string, headers: Record<string, string>): Promise<Row[]> {
  const out: Row[] = []
  let next: string | null = url
  while (next) {
    const res = await t.app.inject({ url: next.replace(/^https?:\/\/[^/]+/, ''), headers })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { results: Row[]; next: string | null }
    out.push(...body.results)
    next = body.next
  }
  return out
}

async function csvIds(url: string, headers: Record<string, string>): Promise<{ header: string[]; ids: number[] }> {
  const res = await t.app.inject({ url, headers })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
  const table = csvTable(res.rawPayload)
  return { header: table[0], ids: table.slice(1).map((r) => Number(r[0])) }
}

async function xlsxIds(url: string, headers: Record<string, string>): Promise<{ header: string[]; ids: number[] }> {
  const res = await t.app.inject({ url, headers })
  expect(res.statusCode, res.body).toBe(200)
  const rows = await xlsxTable(res.rawPayload)
  return { header: rows[0] as string[], ids: rows.slice(1).map((r) => Number(r[0])) }
}

/** The list's every JSON row (pages of 2) against its CSV and XLSX files. */
async function sameRows(url: string, headers: Record<string, string>, firstHeaders: string[]) {
  const join = url.includes('?') ? '&' : '?'
  const json = await allPages(`${url}${join}limit=2`, headers)
  expect(json.length, `${url} has rows`).toBeGreaterThan(0)
  for (const file of [await csvIds(`${url}${join}format=csv&limit=1`, headers), await xlsxIds(`${url}${join}format=xlsx`, headers)]) {
    expect(file.header.slice(0, firstHeaders.length)).toEqual(firstHeaders)
    expect(file.ids).toEqual(json.map((r) => r.id))
  }
}

describe('exports of the workflow lists', () => {
  it("writes a company's reports, their decisions and files as the JSON pages hold them", async () => {
    const department = await loginAs(t.app, 'department')
    const h = await holder(t.app, t.database.db, 'holder1')
    await sameRows(`/api/v1/import-reports/?company=${h.companyId}`, department.headers, ['ID', 'Вид отчёта', 'Год', 'Статус'])
    await sameRows(`/api/v1/import-reports/?company=${h.companyId}`, h.headers, ['ID', 'Вид отчёта'])
    const { rows } = await sql<{ company_id: number }>`SELECT r.company_id FROM report_status_changes s JOIN import_reports r ON r.id = s.report_id GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`.execute(t.database.db)
    await sameRows(`/api/v1/import-reports/status_change/?company=${rows[0].company_id}`, department.headers, ['ID', 'Отчёт', 'Решение'])
    await sameRows(`/api/v1/import-files/?company=${h.companyId}`, department.headers, ['ID', 'Файл', 'Описание', 'Статус проверки'])
    await sameRows(`/api/v1/report-history/?company=${h.companyId}`, department.headers, ['ID', 'Когда', 'Событие'])
  })

  it("writes a point's control indicators and the user's own notifications", async () => {
    const { rows } = await sql<{ id: number }>`SELECT measures_point_id AS id FROM ecomon_sediment_control_indicators GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`.execute(t.database.db)
    await sameRows(`/api/v1/measures-points/${rows[0].id}/control-indicators/`, {}, ['ID', 'Вид показателей', 'Год'])
    const h = await holder(t.app, t.database.db, 'holder1')
    await sameRows('/api/v1/notifications/', h.headers, ['ID', 'Когда', 'Заголовок'])
  })

  it('refuses a file to those the JSON list refuses, and a bad format naming it', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const other = await loginAs(t.app, 'holder2')
    const refusals: Array<[string, Record<string, string>, number]> = [
      [`/api/v1/import-reports/?company=${h.companyId}&format=csv`, {}, 403],
      [`/api/v1/import-reports/?company=${h.companyId}&format=xlsx`, other.headers, 403],
      [`/api/v1/import-files/?company=${h.companyId}&format=csv`, other.headers, 403],
      [`/api/v1/import-reports/status_change/?company=${h.companyId}&format=csv`, other.headers, 403],
      [`/api/v1/report-history/?company=${h.companyId}&format=csv`, h.headers, 403],
      ['/api/v1/notifications/?format=csv', {}, 403],
      [`/api/v1/import-reports/?company=${h.companyId}&format=pdf`, h.headers, 400],
      ['/api/v1/measures-points/1/control-indicators/?format=csv&year=abc', {}, 400],
      ['/api/v1/measures-points/2147483647/control-indicators/?format=csv', {}, 404],
    ]
    for (const [url, headers, status] of refusals) {
      const res = await t.app.inject({ url, headers })
      expect(res.statusCode, url).toBe(status)
      expect(res.headers['content-type'], url).toMatch(/^application\/json/)
    }
  })
})
