// A water-object point in the browser: its merged control indicators, one card, and the demo file that card links to.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'

const b = useBrowser()

// The page's own title: the heading's first text, without the record it belongs to (`.heading-record`).
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).evaluate((h) => h.firstChild?.textContent ?? '')
const listLinks = (page: Page) => page.locator('ul.list li .item-main a')

describe("a water-object point's control indicators", () => {
  it('opens the merged list from the point, filters it by year, opens a card and downloads its act file', async () => {
    const page = await b.open('/points/control_water_object_state_point')
    await listLinks(page).first().click()
    await page.waitForURL(/\/measures-points\/\d+$/)
    await page.getByRole('link', { name: 'Контрольные показатели', exact: true }).click()
    await page.waitForURL(/\/points\/control_water_object_state_point\/\d+\/control-indicators$/)
    await expect.poll(() => heading(page)).toBe('Контрольные показатели')
    const titles = await listLinks(page).allTextContents()
    expect(titles.some((t) => t.startsWith('Контроль донных отложений') || t.startsWith('Контроль поверхностных вод'))).toBe(true)

    // The year filter ('Отчетный период', 'Все' first) applies on change and keeps only that year.
    const select = page.getByLabel('Отчетный период')
    const year = (await select.locator('option').nth(1).getAttribute('value'))!
    await select.selectOption(year)
    await page.waitForURL(new RegExp(`year=${year}`))
    await expect.poll(async () => (await listLinks(page).allTextContents()).every((t) => t.endsWith(`, ${year}`))).toBe(true)

    await listLinks(page).first().click()
    await page.waitForURL(/\/(sediment|waters)-control-indicators\/\d+$/)
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'act_file.pdf' }).click()
    expect((await download).suggestedFilename()).toBe('act_file.pdf')
  })
})
