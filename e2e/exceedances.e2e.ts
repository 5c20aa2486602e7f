// The exceedances page in the browser (issue 24, part 3): its filters narrow the list and the chart, the rows stay
// sorted by the multiple across pages, the CSV and XLSX links give the filtered rows, a malformed filter is a 400 page
// in Russian naming the field (never the whole list), and the page fits a phone.
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'

const b = useBrowser()
const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 15_000 })

/** A number as the page writes it («1 234,5») read back. */
const numberOf = (text: string) => Number(text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'))

async function openAt(path: string, width = 1280): Promise<Page> {
  const page = await b.browser.newPage({ locale: 'ru-RU', timezoneId: 'Asia/Yekaterinburg', viewport: { width, height: 900 } })
  await page.goto(`${b.baseUrl}/monitoring${path}`)
  return page
}

/** The count the page states («Найдено: 123 превышения»). */
async function countOn(page: Page): Promise<number> {
  const hint = await page.locator('p.hint').textContent()
  return numberOf(/Найдено:\s*([\d\s\u00a0\u202f]+)/.exec(hint ?? '')![1])
}

/** A column of the table by its heading, as the cells' texts. */
async function column(page: Page, heading: string): Promise<string[]> {
  const headings = await page.locator('table.exceedances thead th').allTextContents()
  const at = headings.indexOf(heading)
  expect(at, heading).toBeGreaterThanOrEqual(0)
  return page.locator(`table.exceedances tbody tr td:nth-child(${at + 1})`).allTextContents()
}

const select = (page: Page, name: string) => page.locator(`form.filters select[name="${name}"]`)

async function offered(page: Page, name: string): Promise<Array<{ value: string; label: string }>> {
  return select(page, name).locator('option').evaluateAll((options) =>
    options.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })).filter((o) => o.value !== ''),
  )
}

describe('the exceedances page', () => {
  it('lists the readings above their ПДК, the worst multiple first, on every page', async () => {
    const page = await openAt('/')
    await page.getByRole('link', { name: /Превышения ПДК/ }).first().click()
    await page.waitForURL((url) => url.pathname === '/monitoring/exceedances')
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Превышения ПДК')
    const count = await countOn(page)
    expect(count).toBeGreaterThan(0)
    const first = (await column(page, 'Кратность ПДК')).map(numberOf)
    expect(first.length).toBe(Math.min(50, count))
    expect(first.every((m) => m > 1)).toBe(true)
    expect(first).toEqual([...first].sort((x, y) => y - x))
    if (count > 50) {
      await page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Далее' }).click()
      await page.waitForURL(/page=2/)
      // The address changes before React draws the new page's rows: read them once the pager says page 2.
      await eventually(() => page.getByRole('navigation', { name: 'Страницы' }).textContent()).toMatch(/Страница 2 из/)
      const second = (await column(page, 'Кратность ПДК')).map(numberOf)
      expect(second.length).toBeGreaterThan(0)
      expect(second).toEqual([...second].sort((x, y) => y - x))
      // The demo reports may still be being published while the portal starts: the pages continue each other when
      // the list did not change between them. Page 1 read again unchanged says so: a reading of a higher multiple
      // published in between would stand on it.
      const counted = await countOn(page)
      await page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Назад' }).click()
      await page.waitForURL((url) => !url.searchParams.has('page') || url.searchParams.get('page') === '1')
      await eventually(() => page.getByRole('navigation', { name: 'Страницы' }).textContent()).toMatch(/Страница 1 из/)
      const again = (await column(page, 'Кратность ПДК')).map(numberOf)
      if (counted === count && (await countOn(page)) === count && again.join() === first.join()) {
        expect(second[0]).toBeLessThanOrEqual(first[first.length - 1])
      }
    }
    await page.close()
  })

  it('narrows the list, the chart and the downloads by year, company, area and substance', async () => {
    const page = await openAt('/exceedances')
    const total = await countOn(page)
    const years = await offered(page, 'year')
    expect(years.length).toBeGreaterThan(0)
    const year = years[years.length - 1].value
    await select(page, 'year').selectOption(year)
    await page.waitForURL(new RegExp(`year=${year}`))
    await eventually(() => column(page, 'Год').then((cells) => cells.length > 0 && cells.every((c) => c === year))).toBe(true)
    const inYear = await countOn(page)
    expect(inYear).toBeLessThanOrEqual(total)

    // A company: its rows only, and the area select offers only its own areas.
    const companies = await offered(page, 'company')
    expect(companies.length).toBeGreaterThan(0)
    const company = companies[0]
    await select(page, 'company').selectOption(company.value)
    await page.waitForURL(new RegExp(`company=${company.value}`))
    await eventually(() => select(page, 'company').inputValue()).toBe(company.value)
    // The address changes before the new answer is drawn: the download link, drawn with the list, says when it is.
    await eventually(async () => (await page.getByRole('link', { name: 'Скачать CSV' }).getAttribute('href')) ?? '').toContain(`company=${company.value}`)
    expect(new URL(page.url()).searchParams.get('year')).toBe(year)
    const inCompany = await countOn(page)
    if (inCompany > 0) expect(new Set(await column(page, 'Предприятие'))).toEqual(new Set([company.label]))
    const areas = await offered(page, 'area')
    const ownAreas = (await (await page.request.get(`${b.baseUrl}/api/v1/areas/?company=${company.value}&limit=1000`)).json()) as { results: Array<{ id: number }> }
    const own = new Set(ownAreas.results.map((a) => String(a.id)))
    expect(areas.every((a) => own.has(a.value))).toBe(true)

    // The chart counts the filter's rows (its years are not narrowed by the year chosen).
    const bars = page.locator('figure.chart').first()
    await expect(bars.getByRole('img').count()).resolves.toBeGreaterThan(0)

    // The downloads carry exactly the filters the page shows, and give the rows the page counts.
    const csvHref = await page.getByRole('link', { name: 'Скачать CSV' }).getAttribute('href')
    const xlsxHref = await page.getByRole('link', { name: 'Скачать XLSX' }).getAttribute('href')
    if (inCompany > 0) {
      for (const href of [csvHref!, xlsxHref!]) {
        const params = new URL(href, b.baseUrl).searchParams
        expect(params.get('year')).toBe(year)
        expect(params.get('company')).toBe(company.value)
      }
      const xlsx = await page.request.get(new URL(xlsxHref!, b.baseUrl).toString())
      expect(xlsx.status()).toBe(200)
      const book = new ExcelJS.Workbook()
      await book.xlsx.load((await xlsx.body()) as unknown as ArrayBuffer)
      const sheet = book.worksheets[0]
      expect(sheet.actualRowCount - 1).toBe(inCompany)
      const csv = await page.request.get(new URL(csvHref!, b.baseUrl).toString())
      expect(csv.status()).toBe(200)
      expect(csv.headers()['content-type']).toContain('text/csv')
      expect((await csv.text()).split(/\r?\n/).filter((line) => line.trim() !== '').length - 1).toBe(inCompany)
    }

    // A substance: every row is of it.
    await page.goto(`${b.baseUrl}/monitoring/exceedances`)
    const substances = await offered(page, 'substance')
    expect(substances.length).toBeGreaterThan(0)
    await select(page, 'substance').selectOption(substances[0].value)
    await page.waitForURL(/substance=/)
    await eventually(() => column(page, 'Вещество').then((cells) => cells.length > 0 && cells.every((c) => c === substances[0].value))).toBe(true)

    // «Все» takes a filter off again.
    await select(page, 'substance').selectOption('')
    await eventually(() => countOn(page)).toBe(total)
    await page.close()
  })

  it('answers a malformed filter with a 400 page in Russian naming the field, never with the whole list', async () => {
    const cases: Array<[string, string]> = [
      ['year=abc', 'Год'],
      ['year=1e400', 'Год'],
      ['year=Infinity', 'Год'],
      ['year=99999', 'Год'],
      ['year=2024&year=2025', 'Год'],
      ['company=__proto__', 'Предприятие'],
      ['company=-1', 'Предприятие'],
      ['company=2147483648', 'Предприятие'],
      ['area=1.5', 'Участок'],
      ['page=0', 'Страница'],
      ['page=1e400', 'Страница'],
    ]
    const wrong: string[] = []
    const page = await b.browser.newPage({ locale: 'ru-RU' })
    for (const [query, label] of cases) {
      const answer = await page.goto(`${b.baseUrl}/monitoring/exceedances?${query}`)
      const heading = await page.locator('h1').first().textContent({ timeout: 5_000 }).catch(() => null)
      const message = (await page.locator('.error-page p').first().textContent({ timeout: 1_000 }).catch(() => null)) ?? ''
      const said = `${query}: ${answer?.status()} «${heading}» «${message}»`
      if (answer?.status() !== 400 || heading !== 'Ошибка') wrong.push(`${said}: not the 400 page`)
      else if (!message.startsWith(`${label}: `) || /\b(year|company|area|substance|page):/.test(message)) wrong.push(`${said}: does not name «${label}»`)
      if ((await page.locator('table.exceedances').count()) > 0) wrong.push(`${said}: shows a list`)
    }
    expect(wrong).toEqual([])
    // A control character anywhere in a query is refused before any page runs (the input guard of every route).
    expect((await page.goto(`${b.baseUrl}/monitoring/exceedances?substance=%00`))?.status()).toBe(400)
    await page.close()
  })

  it('keeps a well-formed choice it does not offer, and says the list is empty for it', async () => {
    const page = await openAt('/exceedances?year=1950&company=')
    expect(await page.locator('.empty').textContent()).toBe('Нет данных')
    expect(await select(page, 'year').inputValue()).toBe('1950')
    expect(await select(page, 'year').locator('option:checked').textContent()).toBe('1950 — нет превышений')
    expect(await page.getByRole('link', { name: 'Скачать CSV' }).count()).toBe(0)
    await page.close()
  })

  it('fits a phone: the table scrolls in its own box, the page does not', async () => {
    const page = await openAt('/exceedances', 390)
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }))
    expect(widths.page).toBeLessThanOrEqual(widths.view)
    const box = page.locator('.table-scroll').first()
    const scroll = await box.evaluate((el) => ({ inner: el.scrollWidth, outer: el.clientWidth }))
    expect(scroll.inner).toBeGreaterThan(scroll.outer)
    await page.close()
  })
})
