// Browser tests of issue 16's features: a point's charts against the limit, the map with no tile server reachable
// (and without JavaScript), CSV and XLSX downloads of a filtered table read back, the header search, and the
// notification a license holder sees after the Department's decision.
import ExcelJS from 'exceljs'
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { downloadedBytes } from './support/download.ts'
import { greenhouseCsv } from './support/greenhouse-file.ts'
import { csrfToken, logIn } from './support/log-in.ts'

const b = useBrowser()
const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 15_000 })

/** A page whose requests to any tile server fail, as on a network without one. */
async function withoutTiles(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const page = await b.browser.newPage({ locale: 'ru-RU', timezoneId: 'Asia/Yekaterinburg', viewport: { width: 1280, height: 900 }, ...options })
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'))
  page.on('pageerror', (error) => console.error(`page error on ${page.url()}: ${error.stack}`))
  return page
}

async function firstPoint(page: Page, kind: string): Promise<{ id: number; name: string }> {
  const answer = (await (await page.request.get(`${b.baseUrl}/api/v1/measures-points/?kind=${kind}&limit=1`)).json()) as { results: Array<{ id: number; name: string }> }
  return answer.results[0]
}

/** Every point the live map shows: markers, and the points counted in its clusters. */
async function markersShown(page: Page): Promise<number> {
  const counts = await page.locator('.leaflet-marker-pane .map-cluster [aria-hidden="true"]').allTextContents()
  return (await page.locator('.leaflet-marker-pane .map-point').count()) + counts.reduce((sum, n) => sum + Number(n), 0)
}

/** Clicks a cluster as a person does and waits until the map has redrawn it (it zooms in and the cluster is replaced
 * by smaller ones or markers; at the deepest zoom it spreads its markers out instead and stays). */
async function openCluster(page: Page, cluster: ReturnType<Page['locator']>) {
  const handle = await cluster.first().elementHandle()
  if (!handle) return
  await handle.click()
  await page.waitForFunction((el) => !el.isConnected, handle, { timeout: 10_000 }).catch(() => undefined)
  await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim, .leaflet-cluster-anim'))
}

/** A single marker of the live map, zooming into clusters until one stands alone. */
async function aMarker(page: Page) {
  // The markers follow the live map once the GeoJSON list of places has answered.
  await eventually(() => markersShown(page)).toBeGreaterThan(0)
  for (let i = 0; i < 12 && (await page.locator('.leaflet-marker-pane .map-point').count()) === 0; i++) await openCluster(page, page.locator('.leaflet-marker-pane .map-cluster'))
  return page.locator('.leaflet-marker-pane .map-point').first()
}

/** The marker of the point named `name`, opening the clusters that name it (their labels list their points). */
async function revealMarker(page: Page, name: string) {
  const marker = page.locator('.leaflet-marker-pane .map-point').and(page.getByRole('link', { name, exact: true }))
  const cluster = page.locator('.leaflet-marker-pane .map-cluster').filter({ hasText: name })
  // The map of the page's data first: until it is drawn, neither a marker nor a cluster names the point.
  await eventually(async () => (await marker.count()) + (await cluster.count())).toBeGreaterThan(0)
  for (let i = 0; i < 12 && (await marker.count()) === 0 && (await cluster.count()) > 0; i++) await openCluster(page, cluster)
  await eventually(() => marker.count()).toBe(1)
  return marker
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
    // The outline, and every point as a marker or counted in a cluster, drawn although every tile failed.
    await eventually(() => markersShown(page)).toBe(points)
    await expect(page.locator('.leaflet-overlay-pane path').count()).resolves.toBe(1)
    await expect(page.locator('.leaflet-tile-loaded').count()).resolves.toBe(0)
    await (await aMarker(page)).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/monitoring\/measures-points\/\d+$/)
    await page.close()

    const plain = await withoutTiles({ javaScriptEnabled: false })
    await plain.goto(`${b.baseUrl}/monitoring/map?kind=surface_water`)
    await expect(plain.locator('svg.map-svg a[href*="/monitoring/measures-points/"]').count()).resolves.toBe(points)
    await expect(plain.locator('svg.map-svg path.map-outline').count()).resolves.toBe(1)
    await plain.close()
  })

  it('keeps every point of the last choice on the map when the filter changes quickly, before and after the map is made', async () => {
    const page = await withoutTiles()
    // Leaflet arrives late, as on a slow line: the choices below are made while the map is still being made.
    await page.route(/\/assets\/leaflet[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      await route.continue()
    })
    const count = async (kind: string) => ((await (await page.request.get(`${b.baseUrl}/api/v1/measures-points/?kind=${kind}&limit=1`)).json()) as { count: number }).count
    const [water, air] = [await count('surface_water'), await count('ambient_air')]
    expect(water).toBeGreaterThan(0)
    expect(air).toBeGreaterThan(0)
    await page.goto(`${b.baseUrl}/monitoring/map?kind=soil`)
    const kind = page.locator('form[role="search"].filters select[name="kind"]')
    const map = page.locator('.points-map')
    // Chosen once the page is live (a choice before it changes nothing); then again at once, without waiting.
    await eventually(async () => {
      await kind.selectOption('ambient_air')
      return page.url()
    }).toMatch(/kind=ambient_air/)
    await kind.selectOption('surface_water')
    await page.waitForURL(/kind=surface_water/)
    await eventually(() => map.getAttribute('data-map-mode')).toBe('leaflet')
    await eventually(() => markersShown(page)).toBe(water)
    // And with the map made: two choices in a row, the second before the first one's answer is drawn.
    await kind.selectOption('surface_water')
    await kind.selectOption('ambient_air')
    await page.waitForURL(/kind=ambient_air/)
    await eventually(() => map.getAttribute('data-points')).toBe(String(air))
    await eventually(() => markersShown(page)).toBe(air)
    await expect(page.locator('.leaflet-overlay-pane path').count()).resolves.toBe(1)
    await page.close()
  })

  it('gathers dense markers into clusters, tells kind, latest reading and worst multiple, opens a point by click or tap-after-tooltip, and shows the area filter', async () => {
    const page = await withoutTiles()
    await page.goto(`${b.baseUrl}/monitoring/map`)
    const map = page.locator('.points-map')
    await eventually(() => map.getAttribute('data-map-mode')).toBe('leaflet')
    const points = Number(await map.getAttribute('data-points'))
    // Hundreds of points on one region: gathered, each cluster a button naming how many points and which.
    await eventually(() => markersShown(page)).toBe(points)
    const clusters = page.locator('.leaflet-marker-pane .map-cluster')
    expect(await clusters.count()).toBeGreaterThan(0)
    expect(await clusters.count()).toBeLessThan(points / 2)
    expect(await clusters.first().getAttribute('role')).toBe('button')
    expect(await clusters.first().textContent()).toMatch(/Пунктов: \d+ — /)
    // A marker's tooltip: its name, its kind in words, its latest reading and its worst multiple of ПДК in the year
    // shown («1,834 × ПДК»), from the page's own data: hovering asks the server nothing.
    const marker = await aMarker(page)
    const name = (await marker.getAttribute('aria-label'))!
    const asked: string[] = []
    const listen = (request: { url(): string }) => asked.push(request.url())
    page.on('request', listen)
    await marker.hover()
    const tooltip = page.locator('.leaflet-tooltip')
    await eventually(() => tooltip.count()).toBe(1)
    page.off('request', listen)
    expect(asked).toEqual([])
    const lines = await tooltip.locator('.map-tip-line').allTextContents()
    expect(lines).toHaveLength(4)
    expect(lines[0]).toBe(name)
    expect(lines[1]).toMatch(/^[А-ЯЁ]/)
    expect(lines[2]).toMatch(/^Последнее значение: .+ — -?[\d\u00a0]+(,\d+)? \S+(, \d{2}\.\d{2}\.\d{4})?$|^Последнее значение \(\d{4}\): нет данных$/)
    expect(lines[3]).toMatch(/^Наибольшая кратность ПДК \(\d{4}\): [\d\u00a0]+(,\d+)? × ПДК$|^Кратность ПДК \(\d{4}\): нет данных$/)
    await marker.click()
    await page.waitForURL(/\/monitoring\/measures-points\/\d+$/)
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(name)

    // An area's points: the area is a control of the filter, and choosing «Все» drops it.
    const area = ((await (await page.request.get(`${b.baseUrl}/api/v1/areas/?limit=1`)).json()) as { results: Array<{ id: number; name: string }> }).results[0]
    await page.goto(`${b.baseUrl}/monitoring/map?area=${area.id}`)
    const areaFilter = page.locator('select[name="area"]')
    expect(await areaFilter.locator('option:checked').textContent()).toBe(area.name)
    await page.locator('[data-map-mode="leaflet"]').waitFor()
    await areaFilter.selectOption('')
    await page.waitForURL((url) => !url.searchParams.has('area') || url.searchParams.get('area') === '')
    await eventually(() => page.locator('select[name="area"]').count()).toBe(0)
    await page.close()

    // On a phone a tap shows the tooltip first; a second tap on the same marker opens the point.
    const phone = await b.browser.newPage({ locale: 'ru-RU', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    await phone.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'))
    await phone.goto(`${b.baseUrl}/monitoring/map?kind=surface_water`)
    await phone.locator('[data-map-mode="leaflet"]').waitFor()
    const tapped = await aMarker(phone)
    const address = phone.url()
    await tapped.tap()
    await eventually(() => phone.locator('.leaflet-tooltip').count()).toBe(1)
    expect(phone.url()).toBe(address)
    await tapped.tap()
    await phone.waitForURL(/\/monitoring\/measures-points\/\d+$/)
    await phone.close()
  })

  it('places the live map\'s markers where the GeoJSON list of points puts them, asked with the page\'s filter, and keeps the page\'s places when the list fails', async () => {
    const page = await withoutTiles()
    const point = await firstPoint(page, 'surface_water')
    // Far from every other point (the region's west, by the Urals) so that it stands alone, not in a cluster.
    const moved: [number, number] = [62.5, 66.25]
    const asked: string[] = []
    await page.route(/\/api\/v1\/measures-points\/\?.*format=geojson/, async (route) => {
      asked.push(route.request().url())
      const answer = await route.fetch()
      const collection = (await answer.json()) as { features: Array<{ id: number; geometry: { coordinates: [number, number] } }> }
      collection.features.find((f) => f.id === point.id)!.geometry.coordinates = moved
      await route.fulfill({ response: answer, json: collection })
    })
    await page.goto(`${b.baseUrl}/monitoring/map?kind=surface_water`)
    const map = page.locator('.points-map')
    await eventually(() => map.getAttribute('data-places')).toBe('geojson')
    expect(asked.length).toBeGreaterThan(0)
    expect(new URL(asked[0]).searchParams.get('kind')).toBe('surface_water')
    const marker = await revealMarker(page, point.name)
    await expect(marker.getAttribute('data-place')).resolves.toBe(`${moved[1]},${moved[0]}`)
    // The list gives the place; the page still gives the worst multiple of the limit, as the tooltip tells.
    await marker.dispatchEvent('mouseover')
    await eventually(() => page.locator('.leaflet-tooltip').textContent()).toMatch(/кратность ПДК/i)
    await page.close()

    // The list does not answer: the markers stand at the page's own places, none is lost.
    const failing = await withoutTiles()
    await failing.route(/\/api\/v1\/measures-points\/\?.*format=geojson/, (route) => route.abort('internetdisconnected'))
    await failing.goto(`${b.baseUrl}/monitoring/map?kind=surface_water`)
    const fallback = failing.locator('.points-map')
    await eventually(() => fallback.getAttribute('data-places')).toBe('page')
    await eventually(() => markersShown(failing)).toBe(Number(await fallback.getAttribute('data-points')))
    // (The test's own request is not routed: it reads the place the page's data holds too.)
    const listed = (await (await failing.request.get(`${b.baseUrl}/api/v1/measures-points/?kind=surface_water&format=geojson`)).json()) as { features: Array<{ id: number; geometry: { coordinates: [number, number] } }> }
    const [longitude, latitude] = listed.features.find((f) => f.id === point.id)!.geometry.coordinates
    const own = await revealMarker(failing, point.name)
    await expect(own.getAttribute('data-place')).resolves.toBe(`${latitude},${longitude}`)
    await failing.close()
  })

  it("draws an area's points at once from the page's own data while the list of places is slow, on its own ground with a scale in kilometres", async () => {
    const page = await withoutTiles()
    const area = ((await (await page.request.get(`${b.baseUrl}/api/v1/areas/?limit=1`)).json()) as { results: Array<{ id: number }> }).results[0]
    // The list of places answers after 8 s, as on a slow line.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/api\/v1\/measures-points\/\?.*format=geojson/, async (route) => {
      await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 8_000))])
      await route.continue()
    })
    await page.goto(`${b.baseUrl}/monitoring/map?area=${area.id}`)
    const map = page.locator('.points-map')
    await eventually(() => map.getAttribute('data-map-mode')).toBe('leaflet')
    const points = Number(await map.getAttribute('data-points'))
    expect(points).toBeGreaterThan(0)
    // Before the list has answered, every point of the page is on the map, and a metric scale bar under them.
    expect(await map.getAttribute('data-places')).toBe('loading')
    await eventually(() => markersShown(page)).toBe(points)
    await expect(page.locator('.leaflet-control-scale-line').first().textContent()).resolves.toMatch(/^\d+ (км|м)$/)
    release()
    await eventually(() => map.getAttribute('data-places')).toBe('geojson')
    await page.close()

    // Without JavaScript: the picture is fitted to the area's points (they spread over it, not a dot on the okrug),
    // with a scale bar in kilometres.
    const plain = await withoutTiles({ javaScriptEnabled: false })
    await plain.goto(`${b.baseUrl}/monitoring/map?area=${area.id}`)
    const svg = plain.locator('svg.map-svg')
    await expect(svg.locator('.map-scale text').textContent()).resolves.toMatch(/^\d+(,\d+)? (км|м)$/)
    const spread = await svg.evaluate((el) => {
      const box = (el as SVGSVGElement).viewBox.baseVal
      const xs = [...el.querySelectorAll('circle.map-marker')].map((c) => Number(c.getAttribute('cx')))
      return { width: box.width, across: Math.max(...xs) - Math.min(...xs), count: xs.length }
    })
    expect(spread.count).toBe(points)
    if (points > 1) expect(spread.across).toBeGreaterThan(spread.width / 4)
    await plain.close()
  })

  it("shows a point's name in its map tooltip as text, whatever markup the name holds", async () => {
    const page = await withoutTiles()
    const listed = (await (await page.request.get(`${b.baseUrl}/api/v1/measures-points/?kind=surface_water&limit=100`)).json()) as { results: Array<{ name: string }> }
    // A name that travels unescaped through the page's data, replaced by names holding markup, entities and a script.
    const plain = listed.results.map((p) => p.name).find((n) => /^[\p{L}\p{N} .,-]+$/u.test(n))!
    const names = ['<img src=x onerror=window.__tooltipXss=1>', '<b>жирный</b> &amp; <i>курсив</i>', '<svg onload=window.__tooltipXss=2>']
    let current = names[0]
    // The page's data and the GeoJSON list the live map takes names and places from.
    await page.route(/\/monitoring\/map\.data|\/api\/v1\/measures-points\/\?.*format=geojson/, async (route) => {
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
      const marker = await revealMarker(page, name)
      await marker.dispatchEvent('mouseover')
      const tooltip = page.locator('.leaflet-tooltip')
      await eventually(() => tooltip.count()).toBe(1)
      await expect(tooltip.locator('strong').textContent()).resolves.toBe(name)
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
    const bytes = await downloadedBytes(csv)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const table = parse(bytes.subarray(3).toString('utf8'), { delimiter: ';' }) as string[][]
    const at = (header: string) => table[0].indexOf(header)
    expect(table.slice(1).map((r) => r[at('Показатель')]).sort()).toEqual([...names].sort())
    expect(table.slice(1).every((r) => r[at('Год')] === year)).toBe(true)

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать XLSX' }).click()])
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await downloadedBytes(xlsx)) as unknown as ArrayBuffer)
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
    const holderToken = await csrfToken(b, holder)
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
    const decided = await department.request.put(`${b.baseUrl}/api/v1/import-reports/${report.id}/`, { headers: { 'X-CSRFToken': await csrfToken(b, department) }, multipart: { status: 'rejected', comment } })
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
