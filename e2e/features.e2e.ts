// Browser tests of issue 16's features: a point's charts against the limit, the map with no tile server reachable
// (and without JavaScript), CSV and XLSX downloads of a filtered table read back, the header search, and the
// notification a license holder sees after the Department's decision.
import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { greenhouseCsv } from './support/greenhouse-file.ts'
import { logIn } from './support/log-in.ts'

const b = useBrowser()
const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 15_000 })

/** A page whose requests to any tile server fail, as on a network without one. */
async function withoutTiles(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const page = await b.browser.newPage({ locale: 'ru-RU', timezoneId: 'Asia/Yekaterinburg', viewport: { width: 1280, height: 900 }, ...options })
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'))
  return page
}

async function firstPoint(page: Page, kind: string): Promise<{ id: number; name: string }> {
  const answer = (await (await page.request.get(`${b.baseUrl}/api/v1/measures-points/?kind=${kind}&limit=1`)).json()) as { results: Array<{ id: number; name: string }> }
  return answer.results[0]
}

describe('charts, map, downloads and notifications in the browser', () => {
  it("draws each substance of a point over the years with its 'ПДК' line and coloured points, and the numbers as a table", async () => {
    const page = await b.open('/')
    const point = await firstPoint(page, 'ambient_air')
    await page.goto(`${b.baseUrl}/monitoring/measures-points/${point.id}/indications`)
    const charts = page.locator('figure.chart')
    await eventually(() => charts.count()).toBeGreaterThan(0)
    const chart = charts.first()
    await expect(chart.locator('.chart-limit text').textContent()).resolves.toBe('ПДК')
    const levels = await chart.locator('circle[data-level]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-level')))
    expect(levels.length).toBeGreaterThan(1)
    expect(levels.every((l) => ['below-1', '1-2', '2-5', 'above-5'].includes(l ?? ''))).toBe(true)
    await expect(chart.getByRole('img').getAttribute('aria-labelledby')).resolves.toBeTruthy()
    await chart.getByText('Данные графика').click()
    const rows = chart.locator('table tbody tr')
    expect(await rows.count()).toBe(levels.length)
    await page.close()
  })

  it('shows the points on the outline when no tile server answers, each marker a way to its point', async () => {
    const page = await withoutTiles()
    await page.goto(`${b.baseUrl}/monitoring/`)
    await page.getByRole('link', { name: 'Карта пунктов наблюдения' }).click()
    await page.waitForURL(/\/monitoring\/map/)
    await page.locator('form[role="search"].filters select[name="kind"]').selectOption('surface_water')
    await page.waitForURL(/kind=surface_water/)
    const listed = (await (await page.request.get(`${b.baseUrl}/api/v1/measures-points/?kind=surface_water&limit=1`)).json()) as { count: number }
    const points = listed.count
    expect(points).toBeGreaterThan(0)
    const map = page.locator('.points-map')
    // The map of the new address (every surface-water point has coordinates), drawn by Leaflet.
    await eventually(() => map.getAttribute('data-points')).toBe(String(points))
    await eventually(() => map.getAttribute('data-map-mode')).toBe('leaflet')
    // The outline and one circle per point, drawn although every tile failed.
    await eventually(() => page.locator('.leaflet-overlay-pane path.leaflet-interactive').count()).toBe(points)
    await expect(page.locator('.leaflet-overlay-pane path').count()).resolves.toBe(points + 1)
    await expect(page.locator('.leaflet-tile-loaded').count()).resolves.toBe(0)
    await page.locator('.leaflet-overlay-pane path.leaflet-interactive').first().focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/monitoring\/measures-points\/\d+$/)
    await page.close()

    const plain = await withoutTiles({ javaScriptEnabled: false })
    await plain.goto(`${b.baseUrl}/monitoring/map?kind=surface_water`)
    await expect(plain.locator('svg.map-svg a[href*="/monitoring/measures-points/"]').count()).resolves.toBe(points)
    await expect(plain.locator('svg.map-svg path.map-outline').count()).resolves.toBe(1)
    await plain.close()
  })

  it("shows a point's name in its map tooltip as text, whatever markup the name holds", async () => {
    const page = await withoutTiles()
    const listed = (await (await page.request.get(`${b.baseUrl}/api/v1/measures-points/?kind=surface_water&limit=100`)).json()) as { results: Array<{ name: string }> }
    // A name that travels unescaped through the page's data, replaced by names holding markup, entities and a script.
    const plain = listed.results.map((p) => p.name).find((n) => /^[\p{L}\p{N} .,-]+$/u.test(n))!
    const names = ['<img src=x onerror=window.__tooltipXss=1>', '<b>жирный</b> &amp; <i>курсив</i>', '<svg onload=window.__tooltipXss=2>']
    let current = names[0]
    await page.route(/\/monitoring\/map\.data/, async (route) => {
      const answer = await route.fetch()
      const body = (await answer.text()).split(plain).join(current)
      await route.fulfill({ response: answer, body })
    })
    for (const name of names) {
      current = name
      await page.goto(`${b.baseUrl}/monitoring/map?kind=ambient_air`)
      // The filter submits once the page is live (the Leaflet map stands for it); the choice then reads the page's
      // data again, through the route above. One choice per load: the filter form is made anew with every answer.
      await page.locator('[data-map-mode="leaflet"]').waitFor()
      await page.locator('form[role="search"].filters select[name="kind"]').selectOption('surface_water')
      await page.waitForURL(/kind=surface_water/)
      const marker = page.locator(`.leaflet-overlay-pane path.leaflet-interactive[aria-label="${name.replace(/"/g, '\\"')}"]`)
      await eventually(() => marker.count()).toBe(1)
      await marker.dispatchEvent('mouseover')
      const tooltip = page.locator('.leaflet-tooltip')
      await eventually(() => tooltip.count()).toBe(1)
      await expect(tooltip.textContent()).resolves.toBe(name)
      await expect(tooltip.locator('img, b, i, svg').count()).resolves.toBe(0)
      await marker.dispatchEvent('mouseout')
    }
    await expect(page.evaluate(() => (window as unknown as { __tooltipXss?: number }).__tooltipXss)).resolves.toBeUndefined()
    await page.close()
  })

  it("downloads a point's readings of one year as CSV and XLSX holding exactly the table's rows", async () => {
    const page = await b.open('/')
    const point = await firstPoint(page, 'surface_water')
    await page.goto(`${b.baseUrl}/monitoring/measures-points/${point.id}/indications`)
    const year = (await page.getByLabel('Отчетный период').locator('option').nth(2).getAttribute('value'))!
    await page.getByLabel('Отчетный период').selectOption(year)
    await page.waitForURL(new RegExp(`year=${year}`))
    const names = await page.locator('table.readings tbody tr td:first-child').allTextContents()
    expect(names.length).toBeGreaterThan(0)

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать CSV' }).click()])
    expect(csv.suggestedFilename()).toMatch(/\.csv$/)
    const bytes = await readFile((await csv.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const table = parse(bytes.subarray(3).toString('utf8'), { delimiter: ';' }) as string[][]
    const at = (header: string) => table[0].indexOf(header)
    expect(table.slice(1).map((r) => r[at('Показатель')]).sort()).toEqual([...names].sort())
    expect(table.slice(1).every((r) => r[at('Год')] === year)).toBe(true)

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать XLSX' }).click()])
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await readFile((await xlsx.path())!)) as unknown as ArrayBuffer)
    const rows: unknown[][] = []
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    const column = (rows[0] as string[]).indexOf('Показатель')
    expect(rows.slice(1).map((r) => String(r[column])).sort()).toEqual([...names].sort())
    await page.close()
  })

  it('finds a place by the header search, ё typed as е', async () => {
    const page = await b.open('/')
    const areas = (await (await page.request.get(`${b.baseUrl}/api/v1/areas/?limit=1000`)).json()) as { results: Array<{ id: number; name: string }> }
    const area = areas.results.find((a) => /ё/.test(a.name))!
    const word = area.name.split(/[\s-]/).find((w) => /ё/.test(w))!.replace(/ё/g, 'е')
    await page.getByRole('searchbox', { name: 'Поиск по сайту' }).fill(word)
    await page.getByRole('button', { name: 'Найти' }).click()
    await page.waitForURL(/\/monitoring\/search\?q=/)
    await page.getByRole('link', { name: area.name }).first().click()
    await page.waitForURL(new RegExp(`/${area.id}$`))
    await page.close()
  })

  it("shows the holder the Department's decision among their notifications", async () => {
    // The report is this test's own (next year's greenhouse report): the browser files share one portal, and a
    // decision on a demo report would change what another file finds.
    const year = new Date().getFullYear() + 1
    const holder = await logIn(b, 'holder1')
    const { user } = (await (await holder.request.get(`${b.baseUrl}/api/v1/initialization/`)).json()) as { user: { company: number } }
    const token = async (page: Page) => ((await (await page.request.get(`${b.baseUrl}/auth/csrf/`)).json()) as { csrftoken: string }).csrftoken
    const holderToken = await token(holder)
    const responsible = await holder.request.post(`${b.baseUrl}/api/v1/company-responsibles/`, {
      headers: { 'X-CSRFToken': holderToken },
      data: { company: user.company, year, fullname: 'Уведомлённый Иван Иванович', position: 'Эколог', email: 'notified@example.ru', phone: '+7 (3492) 00-00-00' },
    })
    expect(responsible.status()).toBe(201)
    const responsibleId = ((await responsible.json()) as { id: number }).id
    const created = await holder.request.post(`${b.baseUrl}/api/v1/import-reports/`, { headers: { 'X-CSRFToken': holderToken }, data: { company: user.company, year, report_type: 'greenhouse_gases' } })
    const report = (await created.json()) as { id: number }
    const uploaded = await holder.request.post(`${b.baseUrl}/api/v1/import-files/`, {
      headers: { 'X-CSRFToken': holderToken },
      multipart: {
        report: String(report.id),
        description: 'notifications.csv',
        company_responsible: String(responsibleId),
        file: await greenhouseCsv(holder, { year, name: 'notifications.csv' }),
      },
    })
    expect(uploaded.status()).toBe(201)

    const department = await logIn(b, 'department')
    const comment = `Проверка уведомлений ${Date.now()}`
    const decided = await department.request.put(`${b.baseUrl}/api/v1/import-reports/${report.id}/`, { headers: { 'X-CSRFToken': await token(department) }, multipart: { status: 'rejected', comment } })
    expect(decided.status()).toBe(200)

    await holder.goto(`${b.baseUrl}/monitoring/`)
    const link = holder.getByRole('link', { name: /^Уведомления/ })
    await expect(link.textContent()).resolves.toMatch(/Уведомления\s*\d+/)
    await link.click()
    await holder.waitForURL(/\/monitoring\/notifications/)
    await eventually(() => holder.getByText(comment, { exact: false }).count()).toBeGreaterThan(0)
    await holder.close()
    await department.close()
  })
})
