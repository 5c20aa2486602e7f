// The findings of the spec check (issue 13), walked in the browser as the role that hit them.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { logIn as logInAs } from './support/log-in.ts'

const b = useBrowser()

async function logIn(username: string): Promise<Page> {
  const page = await logInAs(b, username)
  await expect.poll(() => page.locator('header').textContent()).toContain(username)
  return page
}

const tabTitles = (page: Page) => page.getByRole('navigation', { name: 'Вкладки' }).getByRole('link').allTextContents()

async function companies(): Promise<number[]> {
  const answer = (await (await fetch(`${b.baseUrl}/api/v1/companies/?kind=lem_industry&limit=100`)).json()) as { results: Array<{ id: number }> }
  return answer.results.map((c) => c.id).sort((x, y) => x - y)
}

describe('the findings of the spec check', () => {
  it('1: a license holder sees no reporting tabs on another company and no empty navigation band', async () => {
    const page = await logIn('holder1')
    const [own, other] = await companies()
    expect(await page.getByRole('navigation', { name: 'Разделы' }).count()).toBe(0)
    await page.goto(`${b.baseUrl}/monitoring/companies/${other}`)
    expect(await tabTitles(page)).not.toContain('Отчетность')
    expect(await tabTitles(page)).not.toContain('Формы и справочники')
    await page.goto(`${b.baseUrl}/monitoring/companies/${own}`)
    expect(await tabTitles(page)).toContain('Отчетность')
    await page.close()
  })

  it('2: the readings filter Все on a measuring point shows every year', async () => {
    const page = await b.open('/measures-points/1/indications')
    const rows = page.locator('table.readings tbody tr')
    await expect.poll(() => rows.count()).toBeGreaterThan(0)
    const latest = await rows.count()
    await page.getByLabel('Отчетный период').selectOption({ label: 'Все' })
    await page.waitForURL(/year=$/)
    await expect.poll(() => rows.count()).toBeGreaterThan(latest)
    await page.close()
  })

  it('3: a regional polygon without ambient air reports shows no empty Атмосферный воздух tab', async () => {
    const polygons = (await (await fetch(`${b.baseUrl}/api/v1/areas/?kind=polygon_region_monitoring&limit=100`)).json()) as { results: Array<{ id: number }> }
    let withoutAir: number | null = null
    for (const { id } of polygons.results) {
      const air = (await (await fetch(`${b.baseUrl}/api/v1/ambient-air-reports/?area=${id}&limit=1`)).json()) as { count: number }
      if (air.count === 0) {
        withoutAir = id
        break
      }
    }
    expect(withoutAir).not.toBeNull()
    const page = await b.open(`/polygons/${withoutAir}`)
    expect(await tabTitles(page)).not.toContain('Атмосферный воздух')
    await page.close()
  })

  it('4: the spec addresses that answered 404 are pages, walked from a polygon to a point’s indicator list', async () => {
    for (const address of ['/management-systems', '/regional-ekomonitoring', '/gas-emissions']) {
      const answer = await fetch(`${b.baseUrl}/monitoring${address}`)
      expect(answer.status, address).toBe(200)
    }
    const page = await b.open('/polygons')
    await page.locator('ul.list li .item-main a').first().click()
    await page.waitForURL(/\/polygons\/\d+$/)
    await page.getByRole('link', { name: 'Система мониторинга' }).click()
    await page.waitForURL(/ecomonitoring-system$/)
    await page.getByRole('link', { name: 'Геоботанический мониторинг' }).click()
    await page.waitForURL(/\/ecomonitoring-system\/ecomonitoring-geobotanical$/)
    await page.locator('ul.list li .item-main a').first().click()
    await page.waitForURL(/\/measures-point-geobotanical\/\d+\/\w+$/)
    const indicators = page.getByRole('navigation', { name: 'Вкладки' }).getByRole('link').filter({ hasText: /Фитомониторинг|Химический состав растений/ })
    await expect.poll(() => indicators.count()).toBeGreaterThan(0)
    await indicators.first().click()
    await page.waitForURL(/\/regional-measures-point\/\d+\/\w+\/[\w-]+-indicators$/)
    await expect.poll(() => page.locator('ul.list li').count()).toBeGreaterThan(0)
    const yanao = await b.open('/polygons-yanao')
    await yanao.locator('ul.list li .item-main a').first().click()
    await yanao.waitForURL(/\/polygons-yanao\/\d+$/)
    await yanao.getByRole('link', { name: 'Мониторинг', exact: true }).click()
    await yanao.getByRole('link', { name: 'Радиационный мониторинг' }).click()
    await yanao.waitForURL(/\/radionuclides-monitoring\/?$/)
    await yanao.locator('ul.list li .item-main a').first().click()
    await yanao.waitForURL(/\/measure-point-radionuclides\/\d+\/\w+$/)
    expect(await yanao.getByRole('heading', { level: 1 }).textContent()).toBeTruthy()
    await page.close()
    await yanao.close()
  })

  it('6: /greenhouse-gases starts with the years and their two sections, and heads the chosen list', async () => {
    const page = await b.open('/greenhouse-gases')
    const firstYear = page.locator('ul.year-sections > li').first()
    await expect.poll(() => firstYear.locator('h2').textContent()).toMatch(/^\d{4} год$/)
    // Each tile is titled by its section; what it holds that year follows the title (decision 3609).
    expect(await firstYear.getByRole('link').locator('.tile-title').allTextContents()).toEqual(['Категории выбросов', 'Мероприятия по сокращению выбросов'])
    const year = (await firstYear.locator('h2').textContent())!.slice(0, 4)
    await page.getByLabel('Отчетный период').selectOption(year)
    await page.waitForURL(new RegExp(`year=${year}`))
    await page.getByLabel('Категория источников').selectOption({ label: 'Сжигание в факелах' })
    await page.waitForURL(/greenhouse_category=\d+/)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Парниковые газы: ${year} год, Сжигание в факелах`)
    await page.goto(`${b.baseUrl}/monitoring/greenhousegases-categories`)
    expect((await page.getByLabel('Отчетный период').locator('option').allTextContents())[0]).toBe('Все')
    await page.getByLabel('Отчетный период').selectOption({ label: 'Все' })
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Категории выбросов парниковых газов, все годы')
    await page.close()
  })

  it('8: deleting a measuring point with agreed data is refused on the page in the spec words', async () => {
    const page = await logIn('department')
    await page.goto(`${b.baseUrl}/monitoring/polygons-yanao`)
    await page.locator('ul.list li .item-main a').first().click()
    await page.waitForURL(/\/polygons-yanao\/\d+$/)
    await page.getByRole('link', { name: 'Пункты наблюдения', exact: true }).click()
    await page.waitForURL(/\/measures-points$/)
    await expect.poll(() => page.getByRole('button', { name: 'Удалить' }).count()).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Удалить' }).first().click()
    await page.getByRole('dialog').getByRole('button', { name: 'Да' }).click()
    const refusal = page.getByRole('dialog', { name: 'Удаление пункта наблюдения' })
    await expect.poll(() => refusal.textContent()).toContain('Ошибка удаления пункта наблюдения: имеются согласованные отчёты.')
    await page.close()
  })

  it('9: /water-indicators is Региональный мониторинг 2020-2025 годы with its section, and a water detail has its analyte table', async () => {
    const page = await b.open('/water-indicators')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Региональный мониторинг 2020-2025 годы')
    expect(await page.getByRole('heading', { level: 2, name: 'Контроль состояния основных водных объектов ЯНАО' }).count()).toBe(1)
    expect(await page.locator('ul.list li').count()).toBeGreaterThan(0)
    // A card of the list leads back to the page by the name the page shows.
    await page.locator('ul.list li .item-main a').first().click()
    await page.waitForURL(/\/water-indicators\/\d+$/)
    const crumbs = await page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByRole('link').allTextContents()
    expect(crumbs.slice(0, 2)).toEqual(['Главная', 'Региональный мониторинг 2020-2025 годы'])
    const { results } = (await (await fetch(`${b.baseUrl}/api/v1/ecomon-waters-indicators/?limit=1`)).json()) as { results: Array<{ id: number }> }
    await page.goto(`${b.baseUrl}/monitoring/regional-waters-indicator/${results[0].id}`)
    expect(await page.getByRole('heading', { level: 2, name: 'Показатели по годам' }).count()).toBe(1)
    const head = await page.locator('table.data-table thead th').allTextContents()
    expect(head.slice(0, 2)).toEqual(['Показатель', 'Единица'])
    expect(head.slice(2).every((h) => /^\d{4}/.test(h))).toBe(true)
    expect(await page.locator('table.data-table tbody tr').count()).toBeGreaterThan(5)
    await page.close()
  })

  it('5: a fito card shows its shrub layer and photos, a water system its measuring points', async () => {
    const api = async (path: string) => (await (await fetch(`${b.baseUrl}/api/v1/${path}`)).json()) as { results: Array<Record<string, any>> }
    const [fito] = (await api('ecomon-fito-indicators/?limit=1')).results
    const page = await b.open(`/regional-fito-indicator/${fito.id}`)
    const card = (await page.locator('main').textContent()) ?? ''
    for (const text of ['Кустарниковый ярус', 'Моховой ярус', 'Жизненность', 'Средняя высота', 'Фотографии']) expect(card, text).toContain(text)
    const system = (await api('water-systems/?limit=50')).results.find((s) => s.measures_points.length > 0)!
    await page.goto(`${b.baseUrl}/monitoring/water-systems/${system.id}`)
    const systemCard = (await page.locator('main').textContent()) ?? ''
    expect(systemCard).toContain('Пункты наблюдения')
    expect(systemCard).toContain(system.measures_points[0].nomenclature)
    await page.close()
  })

  it("7: an area's environmental indicators show rows", async () => {
    const { results } = (await (await fetch(`${b.baseUrl}/api/v1/environmental-indicators/?limit=1`)).json()) as { results: Array<{ area: { id: number } }> }
    const page = await b.open(`/areas/${results[0].area.id}/environmental-indicators`)
    // A list of records or a table of them, never 'Нет данных'.
    expect(await page.locator('ul.list li, table.data-table tbody tr').count()).toBeGreaterThan(0)
    expect(await page.getByText('Нет данных').count()).toBe(0)
    await page.close()
  })

  it('10: the greenhouse gas report exists as soon as the holder opens the reports page', async () => {
    // holder2 in a year no other browser file uses (they take the current year and the years 2, 3 and 4 back).
    const page = await logIn('holder2')
    const api = async (query: string) => (await page.evaluate(async (url) => (await fetch(url)).json(), `/api/v1/import-reports/?${query}`)) as { count: number; results: Array<{ report_type: string; status: string }> }
    const company = ((await page.evaluate(async () => (await fetch('/api/v1/initialization/')).json())) as { user: { company: number } }).user.company
    // company_name: the company's own reports, not those of its licence areas.
    const name = ((await (await fetch(`${b.baseUrl}/api/v1/companies/${company}/`)).json()) as { name: string }).name
    const own = (type: string, y: number) => api(`company_name=${encodeURIComponent(name)}&year=${y}&report_type=${type}`)
    const taken = [0, 2, 3, 4].map((back) => new Date().getFullYear() - back)
    const offered = Array.from({ length: 10 }, (_, i) => new Date().getFullYear() - i).filter((y) => !taken.includes(y))
    let year = 0
    for (const y of offered.reverse()) if ((await own('greenhouse_gases', y)).count === 0) year = year || y
    expect(year).toBeGreaterThan(0)
    await page.goto(`${b.baseUrl}/monitoring/companies/${company}/reports?year=${year}`)
    const section = page.getByRole('region', { name: 'Парниковые газы' })
    await section.waitFor()
    const greenhouse = await own('greenhouse_gases', year)
    expect(greenhouse.results.map((r) => [r.report_type, r.status])).toEqual([['greenhouse_gases', 'consideration']])
    expect(await section.getByText('На рассмотрении').count()).toBeGreaterThan(0)
    // holder2's company has licence areas: its observation results are reported per area, no company-wide report.
    expect((await own('observation_results', year)).count).toBe(0)
    await page.reload()
    expect((await own('greenhouse_gases', year)).count).toBe(1)
    await page.close()
  })
})

