// Copy-forward in the browser (issue 24 part 2, decision 2443): a holder opens «Шаблоны файлов» of a licence area's
// observation results and downloads the new year's template pre-filled with last year's points, substances and means.
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { useBrowser } from './support/browser.ts'
import { downloadedBytes } from './support/download.ts'
import { logIn } from './support/log-in.ts'

const b = useBrowser()
// The demo readings end in 2025: 2026's template copies them forward (and stays offered on the page until 2035).
const YEAR = 2026
const obs = uploadSpecOf('observation_results')

describe('the new year template pre-filled with last year on the reports page', () => {
  it("downloads the area's surface-water template with last year's points and substances and their means beside them", async () => {
    const page = await logIn(b, 'holder1', { acceptDownloads: true })
    const companyId = ((await page.evaluate(async () => (await fetch('/api/v1/initialization/')).json())) as { user: { company: number } }).user.company
    await page.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`)
    const areaName = (await page.locator('details.accordion summary .accordion-title').first().textContent()) ?? ''
    expect(areaName).not.toBe('')
    const section = page.getByRole('region', { name: 'Результаты наблюдений' }).first()
    await section.getByText(`Шаблоны файлов (${areaName}, Результаты наблюдений)`).click()
    await expect.poll(() => section.getByText(`Если за ${YEAR - 1} год опубликованы результаты наблюдений`).isVisible(), { timeout: 30_000 }).toBe(true)
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      section.getByRole('link', { name: 'Результаты наблюдений: поверхностные воды', exact: true }).click(),
    ])
    expect(download.suggestedFilename()).toBe('Шаблон — результаты наблюдений (поверхностные воды).xlsx')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer)
    const sheet = book.getWorksheet('Данные')!
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...obs.columns.map((c) => c.header), obs.lastYear!.header])

    // The rows are last year's readings of the area's surface-water points, one per point and substance.
    const { rows } = await sql<{ pair: string }>`
      SELECT DISTINCT p.nomenclature || ' ' || lower(i.name) AS pair
      FROM measures_point_indications i JOIN measures_points p ON p.id = i.measures_point_id JOIN areas a ON a.id = p.area_id
      WHERE a.name = ${areaName} AND a.company_id = ${companyId} AND p.kind = 'surface_water' AND i.year = ${YEAR - 1} AND i.value IS NOT NULL AND p.nomenclature IS NOT NULL`.execute(b.database())
    expect(rows.length).toBeGreaterThan(0)
    const at = (field: string) => obs.columns.findIndex((c) => c.field === field) + 1
    const copied: string[] = []
    for (let r = 2; r <= sheet.rowCount; r++) {
      copied.push(`${sheet.getCell(r, at('measures_point')).value} ${String(sheet.getCell(r, at('name')).value).toLowerCase()}`)
      expect(sheet.getCell(r, at('year')).value).toBe(YEAR)
      expect(typeof sheet.getCell(r, obs.columns.length + 1).value).toBe('number')
    }
    expect(copied.sort()).toEqual(rows.map((r) => r.pair).sort())
    await page.close()
  }, 180_000)
})
