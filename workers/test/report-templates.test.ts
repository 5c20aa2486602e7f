import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../workflow-service/test/support/test-app.ts'
import { IMPORT_SPECS } from '../src/files/import-spec.ts'
import { REPORT_TEMPLATES, syncReportTemplates } from '../src/templates/report-templates.server.ts'

const t = useTestApp()

interface TemplateRow {
  filepath: string
  init_filename: string
  name: string
  date: string
  size: number
}

async function listed(): Promise<TemplateRow[]> {
  const res = await t.app.inject({ url: '/api/v1/report-templates/?limit=100' })
  expect(res.statusCode).toBe(200)
  return (res.json().results as TemplateRow[]).filter((r) => r.filepath.startsWith('/api/v1/report-templates/files/'))
}

describe('report templates', () => {
  it('lists one workbook per point kind of observation results and one for greenhouse gases, with size and date', async () => {
    const rows = await listed()
    expect(rows.map((r) => r.name).sort()).toEqual(REPORT_TEMPLATES.map((t) => t.name).sort())
    for (const row of rows) {
      expect(row.init_filename).toMatch(/^Шаблон — .+\.xlsx$/)
      expect(row.size).toBeGreaterThan(1000)
      expect(new Date(row.date).toISOString()).toBe('2026-11-21T00:00:00.000Z')
    }
  })

  it('downloads each listed template: its bytes are the listed size, its header is the checked header', async () => {
    for (const row of await listed()) {
      const res = await t.app.inject({ url: row.filepath })
      expect(res.statusCode, row.filepath).toBe(200)
      expect(res.headers['content-type']).toContain('spreadsheetml')
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''")
      expect(res.rawPayload.length).toBe(row.size)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
      const sheet = workbook.worksheets[0]
      const header = (sheet.getRow(1).values as unknown[]).slice(1)
      const spec = row.filepath.includes('greenhouse') ? IMPORT_SPECS.greenhouse_gases : IMPORT_SPECS.observation_results
      expect(header).toEqual(spec.columns.map((c) => c.header))
      expect(sheet.rowCount).toBe(2)
    }
  })

  it('keeps one row per template however often the list is synchronised', async () => {
    await syncReportTemplates(t.database.db)
    await syncReportTemplates(t.database.db)
    expect(await listed()).toHaveLength(REPORT_TEMPLATES.length)
  })

  it('answers 404 for a template that does not exist and 400 for a name that cannot be one', async () => {
    expect((await t.app.inject({ url: '/api/v1/report-templates/files/nothing.xlsx' })).statusCode).toBe(404)
    const bad = await t.app.inject({ url: '/api/v1/report-templates/files/..%2Fsecret' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().parameter).toBe('filename')
  })
})
