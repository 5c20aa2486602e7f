// «Проверить без отправки» in the browser (issue 24 part 2, decisions 2420 and 2421): a holder drops a file on a section,
// reads its findings under the form and downloads their own book with the faulty cells marked, with JavaScript and
// through the plain form without it; no file appears in the section, nothing reaches the Department. A file past the
// check's budget (issue 35 item 7) is answered with the message to send it instead.
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { useBrowser } from './support/browser.ts'
import { addTestSubstance } from './support/test-substance.ts'
import { downloadedBytes } from './support/download.ts'
import { logIn } from './support/log-in.ts'

const b = useBrowser()
// A year no other browser file touches with holder1's areas: nine years back.
const YEAR = new Date().getFullYear() - 9
const NAME = 'черновик-наблюдений.csv'
const eventually = <T>(value: () => Promise<T> | T, options: { timeout?: number } = {}) => expect.poll(value, { timeout: 30_000, ...options })

/** A file in the template's columns: a good row, a row naming no point of the area, a value 100 times its ПДК. */
function draft(point: string) {
  const header = uploadSpecOf('observation_results').columns.map((c) => c.header)
  const rows = [
    [point, YEAR, `01.07.${YEAR}`, 'Маркер проверки без отправки', '0,01', 'мг/дм³', '0,05', ''],
    ['НЕТ-ТАКОГО-ПУНКТА', YEAR, `02.07.${YEAR}`, 'Маркер проверки без отправки', '0,01', 'мг/дм³', '0,05', ''],
    [point, YEAR, `03.07.${YEAR}`, 'Маркер проверки без отправки', '5', 'мг/дм³', '0,05', ''],
  ]
  return { name: NAME, mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].map((r) => r.join(';')).join('\r\n') + '\r\n') }
}

/** A file past the check's budget of bytes (PRECHECK_MAX_MB, 10 MB): 11 MB of good rows. */
function tooLarge(point: string) {
  const header = uploadSpecOf('observation_results').columns.map((c) => c.header)
  const lines = [header.join(';')]
  for (let i = 0; lines.length < 140_000; i++) lines.push([point, YEAR, `${String(1 + (i % 28)).padStart(2, '0')}.07.${YEAR}`, `Маркер большого файла ${i % 50}`, '0,01', 'мг/дм³', '0,05', ''].join(';'))
  return { name: 'большой-черновик.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n') + '\r\n') }
}

async function markedBook(page: Page, click: () => Promise<void>): Promise<ExcelJS.Workbook> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()])
  expect(download.suggestedFilename()).toBe('Проверка — черновик-наблюдений.xlsx')
  const book = new ExcelJS.Workbook()
  await book.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer)
  return book
}

const fillOf = (cell: ExcelJS.Cell) => (cell.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb

describe('a check before sending on the reports page', () => {
  beforeAll(() => addTestSubstance(b, 'Маркер проверки без отправки', 'мг/дм³'), 120_000)

  let address = ''
  let areaName = ''
  let point = ''

  it('lists the findings under the form and gives the marked book, and the section gets no file', async () => {
    const page = await logIn(b, 'holder1', { acceptDownloads: true })
    const companyId = ((await page.evaluate(async () => (await fetch('/api/v1/initialization/')).json())) as { user: { company: number } }).user.company
    address = `${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`
    await page.goto(address)
    areaName = (await page.locator('details.accordion summary .accordion-title').first().textContent()) ?? ''
    expect(areaName).not.toBe('')
    const areas = (await (await page.request.get(`${b.baseUrl}/api/v1/areas/?company=${companyId}&limit=100`)).json()) as { results: Array<{ id: number; name: string }> }
    const areaId = areas.results.find((a) => a.name === areaName)!.id
    const points = (await (await page.request.get(`${b.baseUrl}/api/v1/measures-points/?area=${areaId}&kind=surface_water&limit=100`)).json()) as { results: Array<{ nomenclature: string | null }> }
    point = points.results.find((p) => p.nomenclature)!.nomenclature!

    const title = `${areaName}, Результаты наблюдений`
    const section = page.getByRole('region', { name: 'Результаты наблюдений' }).first()
    await section.getByText(`Проверить без отправки (${title})`).click()
    await section.getByLabel('Файл', { exact: true }).setInputFiles(draft(point))
    await section.getByRole('button', { name: `Проверить (${title})` }).click()
    await eventually(() => section.locator('.precheck-summary').textContent()).toBe(`Файл «${NAME}» не пройдёт проверку: ошибок 1, предупреждений 1.`)
    expect(await section.getByRole('list', { name: `Ошибки проверки файла ${NAME}` }).textContent()).toMatch(/^строка 3, «Пункт наблюдения \(номенклатура\)»: /)
    expect(await section.getByRole('list', { name: `Предупреждения проверки файла ${NAME}` }).textContent()).toMatch(/^Предупреждение: строка 4, «Значение»: значение выше ПДК в 100 раз/)

    const book = await markedBook(page, () => section.getByRole('button', { name: `Скачать файл с отметками (${title})` }).click())
    const sheet = book.worksheets[0]
    expect(fillOf(sheet.getCell('A3'))).toBe('FFFFC7CE')
    expect(fillOf(sheet.getCell('E4'))).toBe('FFFFEB9C')
    expect(fillOf(sheet.getCell('A2'))).toBeUndefined()
    expect(book.worksheets.at(-1)!.name).toBe('Замечания проверки')

    // Nothing was sent: the section lists no such file, and the API knows none for the area and year.
    await page.reload()
    expect(await page.getByRole('link', { name: NAME, exact: true }).count()).toBe(0)
    const files = (await (await page.request.get(`${b.baseUrl}/api/v1/import-files/?area=${areaId}&year=${YEAR}`)).json()) as { count: number }
    expect(files.count).toBe(0)
    await page.close()
  }, 180_000)

  it('tells the holder to send a file too large to check before sending, under the form', async () => {
    const page = await logIn(b, 'holder1')
    await page.goto(address)
    const title = `${areaName}, Результаты наблюдений`
    const section = page.getByRole('region', { name: 'Результаты наблюдений' }).first()
    await section.getByText(`Проверить без отправки (${title})`).click()
    const file = tooLarge(point)
    expect(file.buffer.length).toBeGreaterThan(10 * 1024 * 1024)
    await section.getByLabel('Файл', { exact: true }).setInputFiles(file)
    await section.getByRole('button', { name: `Проверить (${title})` }).click()
    await eventually(() => section.getByRole('alert').textContent(), { timeout: 60_000 }).toMatch(
      /^Файл слишком велик для проверки без отправки: 1\d МБ, проверяются без отправки файлы до 10 МБ; отправьте его, он будет проверен после загрузки$/,
    )
    await page.close()
  }, 180_000)

  it('gives the marked book through the plain form without JavaScript', async () => {
    const page = await logIn(b, 'holder1', { javaScript: false, acceptDownloads: true })
    await page.goto(address)
    const title = `${areaName}, Результаты наблюдений`
    const section = page.getByRole('region', { name: 'Результаты наблюдений' }).first()
    await section.getByText(`Проверить без отправки (${title})`).click()
    // Without the script the findings button is not offered: the download is the answer.
    expect(await section.getByRole('button', { name: `Проверить (${title})` }).count()).toBe(0)
    await section.getByLabel('Файл', { exact: true }).setInputFiles(draft(point))
    const book = await markedBook(page, () => section.getByRole('button', { name: `Скачать файл с отметками (${title})` }).click())
    expect(fillOf(book.worksheets[0].getCell('A3'))).toBe('FFFFC7CE')
    await page.close()
  }, 120_000)
})
