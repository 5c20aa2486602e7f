// Exports that open right: the CSV and XLSX links of a list carry the page's search, and the CSV a person downloads is
// the one a Russian Excel opens by a double click (BOM, `;` between fields, the words the page shows).
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { downloadedBytes } from './support/download.ts'
import { logIn } from './support/log-in.ts'

const b = useBrowser()

describe('downloads of a searched list', () => {
  it('downloads the companies the search shows, not every company, as CSV for Excel and as XLSX', async () => {
    const page = await logIn(b, 'department', { acceptDownloads: true })
    await page.goto(`${b.baseUrl}/monitoring/companies?search=${encodeURIComponent('Газ')}`)
    const shown = await page.locator('ul.list > li .item-main > :first-child').allTextContents()
    expect(shown.length).toBeGreaterThan(0)
    const everyCompany = (await (await page.request.get(`${b.baseUrl}/api/v1/companies/?limit=1`)).json()) as { count: number }
    expect(shown.length).toBeLessThan(everyCompany.count)

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать CSV' }).click()])
    const bytes = await downloadedBytes(csv)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const table = parse(bytes.subarray(3).toString('utf8'), { delimiter: ';' }) as string[][]
    const at = (header: string) => table[0].indexOf(header)
    expect(table.slice(1).map((r) => r[at('Наименование')]).sort()).toEqual([...shown].sort())
    // The words the pages show, not codes or true/false.
    expect(table.slice(1).every((r) => ['Да', 'Нет'].includes(r[at('Недропользователь')]))).toBe(true)
    expect(table.slice(1).some((r) => /_/.test(r[at('Вид мониторинга')]))).toBe(false)

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать XLSX' }).click()])
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await downloadedBytes(xlsx)) as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    const column = ((sheet.getRow(1).values as unknown[]).slice(1) as string[]).indexOf('Наименование') + 1
    const names: string[] = []
    sheet.eachRow((row, n) => n > 1 && names.push(String(row.getCell(column).value)))
    expect(names.sort()).toEqual([...shown].sort())
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    await page.close()
  })
})
