// Pages read well on a phone and on a desktop: at 390 px nothing scrolls sideways (wide tables scroll inside their
// own box), at 1280 px a page's tabs take at most two rows; headings name their record.
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { useEveryPageType } from './support/every-page-type.ts'
import { logIn } from './support/log-in.ts'

const b = useBrowser()
const { types, roles } = useEveryPageType(b)

describe('page layout', () => {
  it('never scrolls sideways at 390 px, on any page type, for the public and every role', async () => {
    const wide: string[] = []
    for (const type of types) {
      const page = await roles.as(type.as)
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(`${b.baseUrl}/monitoring${type.path}`, { waitUntil: 'load' })
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
      if (scroll > client) wide.push(`${type.name} (${type.path} as ${type.as}): ${scroll} px`)
    }
    expect(wide).toEqual([])
  }, 240_000)

  it('keeps the wide readings table scrolling inside its own box on a phone', async () => {
    const point = types.find((t) => t.name === 'point card')!
    const page = await roles.as('public')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${b.baseUrl}/monitoring${point.path}`)
    const box = page.locator('.table-scroll').filter({ has: page.locator('table.readings') })
    const { scroll, client } = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
    expect(client).toBeLessThanOrEqual(390)
    expect(scroll).toBeGreaterThan(client)
  })

  it("shows on a phone that a wide table scrolls, fits an area's tabs, and clips nothing in the admin user table", async () => {
    const point = types.find((t) => t.name === 'point card')!
    // A page of its own: the shared public page has just shown the same address, and the cue is asked of a fresh load.
    const page = await b.browser.newPage({ locale: 'ru-RU', viewport: { width: 390, height: 844 } })
    await page.goto(`${b.baseUrl}/monitoring${point.path}`)
    // The readings table is wider than the phone: a line above it says it scrolls, a shadow marks the hidden side.
    const box = page.locator('.table-scroll').filter({ has: page.locator('table.readings') })
    // The cue is drawn once the page is hydrated: a loaded machine may take more than the poll's default second.
    await expect.poll(() => box.getAttribute('data-overflow'), { timeout: 15_000 }).toBe('')
    const cue = await box.evaluate((el) => ({ line: getComputedStyle(el, '::before').content, shadow: getComputedStyle(el).boxShadow }))
    expect(cue.line).toContain('прокрутите вбок')
    expect(cue.shadow).not.toBe('none')
    // And the keyboard reaches it: a named region that the arrow keys scroll.
    expect(await box.getAttribute('tabindex')).toBe('0')
    expect(await box.getAttribute('role')).toBe('region')
    expect(await box.getAttribute('aria-label')).toBeTruthy()
    await box.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => box.evaluate((el) => el.scrollLeft), { timeout: 15_000 }).toBeGreaterThan(0)
    await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
    await expect.poll(() => box.getAttribute('data-at-end'), { timeout: 15_000 }).toBe('')

    // An area's tabs: each inside the screen, its words not cut.
    const area = types.find((t) => t.name === 'area card (Department)')!
    const department = await roles.as(area.as)
    await department.setViewportSize({ width: 390, height: 844 })
    await department.goto(`${b.baseUrl}/monitoring${area.path}`)
    const tabs = await department.locator('nav[aria-label="Вкладки"] a').evaluateAll((links) =>
      links.map((a) => ({ text: a.textContent, left: a.getBoundingClientRect().left, right: a.getBoundingClientRect().right, cut: a.scrollWidth > a.clientWidth + 1 })),
    )
    expect(tabs.length).toBeGreaterThan(2)
    expect(tabs.filter((t) => t.left < 0 || t.right > 390 || t.cut)).toEqual([])

    // The admin's user table: each user a card, nothing reaching past its cell or the screen, nothing to scroll.
    const admin = await roles.as('admin')
    await admin.setViewportSize({ width: 390, height: 844 })
    await admin.goto(`${b.baseUrl}/monitoring/admin`)
    const clipped = await admin.locator('.admin-table td').evaluateAll((cells) =>
      cells.flatMap((td) => {
        const edge = td.getBoundingClientRect().right
        return [...td.querySelectorAll('input:not([type=hidden]), select, button, label')]
          .filter((el) => el.getBoundingClientRect().right > Math.min(edge, 390) + 1)
          .map((el) => el.outerHTML.slice(0, 80))
      }),
    )
    expect(clipped).toEqual([])
    const users = admin.locator('.admin-users .table-scroll')
    expect(await users.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1)
    await page.close()
  })

  it('keeps the axis text of a chart at 11 px or more on a phone, the chart scrolling in its own box', async () => {
    const point = types.find((t) => t.name === 'point readings')!
    const page = await roles.as('public')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${b.baseUrl}/monitoring${point.path}`)
    const sizes = await page.locator('figure.chart .chart-grid text').evaluateAll((texts) =>
      texts.map((t) => Number.parseFloat(getComputedStyle(t).fontSize) * ((t as SVGGraphicsElement).getScreenCTM()?.a ?? 0)),
    )
    expect(sizes.length).toBeGreaterThan(0)
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11)
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
    expect(scroll).toBeLessThanOrEqual(client)
  })

  it('shows the API page as the portal\'s on a phone: its title, the way back, the operations, nothing sideways', async () => {
    const page = await roles.as('public')
    await page.setViewportSize({ width: 390, height: 844 })
    // Reached as a person reaches it, by the footer's link.
    await page.goto(`${b.baseUrl}/monitoring/`)
    await page.getByRole('link', { name: 'Описание API' }).click()
    await page.locator('.opblock-summary').first().waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru')
    expect(await page.title()).toMatch(/API/)
    expect(await page.title()).not.toMatch(/Swagger UI/)
    expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toContain('width=device-width')
    const back = page.getByRole('link', { name: /На портал/ })
    expect(await back.isVisible()).toBe(true)
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
    expect(scroll).toBeLessThanOrEqual(client)
    await back.click()
    await page.waitForURL(/\/monitoring\/$/)
  })

  it('lays every page\'s tabs out in at most two rows at 1280 px', async () => {
    const crowded: string[] = []
    let withTabs = 0
    for (const type of types) {
      const page = await roles.as(type.as)
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(`${b.baseUrl}/monitoring${type.path}`, { waitUntil: 'load' })
      const rows = await page.evaluate(() => {
        const links = [...document.querySelectorAll('nav[aria-label="Вкладки"] a')]
        return new Set(links.map((a) => Math.round(a.getBoundingClientRect().top))).size
      })
      if (rows > 0) withTabs += 1
      if (rows > 2) crowded.push(`${type.name} (${type.path} as ${type.as}): ${rows} rows`)
    }
    expect(withTabs).toBeGreaterThan(5)
    expect(crowded).toEqual([])
  }, 240_000)

  it('names the polygon or area in the headings of its pages', async () => {
    const page = await roles.as('public')
    await page.setViewportSize({ width: 1280, height: 900 })
    for (const name of ['area points', 'polygon monitoring system', 'YaNAO polygon monitoring', 'area records (registry list)']) {
      const type = types.find((t) => t.name === name)!
      const areaId = Number(/\/(\d+)\//.exec(type.path)![1])
      const area = (await (await fetch(`${b.baseUrl}/api/v1/areas/${areaId}/`)).json()) as { name: string }
      await page.goto(`${b.baseUrl}/monitoring${type.path}`)
      expect(await page.getByRole('heading', { level: 1 }).textContent(), name).toContain(area.name)
    }
  })

  it('shows the kind filter on an area\'s points from the start, not only behind the geochemical tile', async () => {
    const type = types.find((t) => t.name === 'area points')!
    const page = await roles.as('public')
    await page.goto(`${b.baseUrl}/monitoring${type.path}`)
    const kind = page.getByRole('combobox', { name: 'Вид пункта' })
    expect(await kind.isVisible()).toBe(true)
    expect(await kind.locator('option').count()).toBeGreaterThan(6)
  })

  it('tells records apart by company and year, and writes gases with subscripts and units', async () => {
    const page = await roles.as('public')
    await page.goto(`${b.baseUrl}/monitoring/greenhousegases-activities`)
    const titles = await page.locator('ul.list li a').allTextContents()
    expect(titles.length).toBeGreaterThan(5)
    expect(new Set(titles).size).toBe(titles.length)
    await page.goto(`${b.baseUrl}/monitoring/greenhousegases-categories`)
    const headers = await page.getByRole('columnheader').allTextContents()
    expect(headers).toContain('CO₂, т')
    expect(headers).toContain('Всего, т CO₂-экв.')
    // Numbers in Russian: a space between thousands and a decimal comma.
    expect(await page.getByRole('cell').nth(1).textContent()).toMatch(/^\d{1,3}(\s\d{3})*,\d+$/)
  })

  it('says on the reports page what still needs JavaScript, offers plain forms for the rest and no button that would do nothing', async () => {
    for (const username of ['holder1', 'department']) {
      const type = types.find((t) => t.name === (username === 'holder1' ? 'company reports page' : 'company reports and history (Department)'))!
      const page = await logIn(b, username, { javaScript: false })
      await page.goto(`${b.baseUrl}/monitoring${type.path}?year=${new Date().getFullYear() - 1}`)
      const notice = page.getByRole('note')
      expect(await notice.textContent()).toContain('Без JavaScript недоступны')
      // The dialogs' buttons and deleting need JavaScript and are not shown; the plain forms, the year form and the
      // file links are.
      for (const name of [/^Загрузить файлы/, /^Согласовать/, /^Отклонить/, /^Удалить/]) {
        expect(await page.getByRole('button', { name }).or(page.getByLabel(name)).filter({ visible: true }).count(), `${username}: ${name}`).toBe(0)
      }
      expect(await page.getByRole('button', { name: 'Показать' }).isVisible()).toBe(true)
      if (username === 'holder1') expect(await page.locator('details.no-script-form summary').filter({ visible: true }).count()).toBeGreaterThan(0)
      await page.close()
    }
  })
})
