// A point's 'Отчёты' tab beside its 'Показания' tab in the browser: for the same year the same values, coloured by the
// same multiple of ПДК under the same legend, a title of its own, and tables that fit a phone without clipping.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'

const b = useBrowser()

async function firstPoint(query: string): Promise<number> {
  const res = await fetch(`${b.baseUrl}/api/v1/measures-points/?${query}&limit=100`)
  const body = (await res.json()) as { results: Array<{ id: number }> }
  return Math.min(...body.results.map((r) => r.id))
}

/**
 * An ambient-air point and a year in which one of its readings is above its limit (the worst NO2 reading): the demo's
 * readings are mostly below their limits, so the first point's latest year may have nothing to colour.
 */
async function airPointAboveItsLimit(): Promise<{ id: number; year: number }> {
  const res = await fetch(`${b.baseUrl}/api/v1/exceedances/?substance=${encodeURIComponent('Диоксид азота (NO2)')}&limit=1`)
  const body = (await res.json()) as { results: Array<{ year: number; point: { id: number } }> }
  return { id: body.results[0].point.id, year: body.results[0].year }
}

async function openAt(width: number, path: string): Promise<Page> {
  const page = await b.browser.newPage({ locale: 'ru-RU', timezoneId: 'Asia/Yekaterinburg', viewport: { width, height: 900 } })
  await page.goto(`${b.baseUrl}/monitoring${path}`)
  return page
}

/** Every row of the readings tables of the page: substance → shown value and its colour level. */
const rowsOf = (page: Page) =>
  page.locator('table.readings tbody tr').evaluateAll((rows) =>
    rows.map((tr) => {
      const cells = tr.querySelectorAll('td')
      return { name: cells[0]!.textContent!, value: cells[1]!.textContent!, level: cells[1]!.getAttribute('data-level'), colour: getComputedStyle(cells[1]!).backgroundColor, mpc: cells[3]!.textContent! }
    }),
  )

const legendOf = (page: Page) => page.getByRole('list', { name: 'Кратность превышения ПДК' }).locator('li').allTextContents()

/** The page does not scroll sideways, and each table box, scrolled to its end, shows its last column whole. */
async function fitsAndShowsLastColumn(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  const clipped = await page.locator('.table-scroll').evaluateAll((boxes) =>
    boxes.filter((box) => {
      box.scrollLeft = box.scrollWidth
      const last = box.querySelector('thead th:last-child')!.getBoundingClientRect()
      const frame = box.getBoundingClientRect()
      return last.right > frame.right + 1 || last.right > window.innerWidth + 1
    }).length,
  )
  expect(clipped).toBe(0)
}

describe("a point's reports tab next to its readings tab", () => {
  for (const [what, query] of [
    ['a polygon point (its reports are its readings)', 'polygon'],
    ['an ambient-air point (its reports of the air)', 'kind=ambient_air'],
  ] as const) {
    for (const width of [390, 1280]) {
      it(`shows ${what} with the same values, colours, legend and its own title at ${width} px`, async () => {
        const air = query === 'polygon' ? null : await airPointAboveItsLimit()
        const id = air ? air.id : await firstPoint(`area=${await polygonId()}`)
        const inYear = air ? `?year=${air.year}` : ''
        const readings = await openAt(width, `/measures-points/${id}/indications${inYear}`)
        const year = await readings.getByLabel('Отчетный период').inputValue()
        expect(year).toMatch(/^\d{4}$/)
        const reports = await openAt(width, `/measures-points/${id}/reports${inYear}`)
        // Both tabs open on the same year.
        expect(await reports.getByLabel('Отчетный период').inputValue()).toBe(year)

        const heading = await reports.getByRole('heading', { level: 1 }).textContent()
        expect(heading).toMatch(/^Отчёты/)
        expect(heading).not.toContain('Показания')
        expect(await reports.title()).toMatch(/^Отчёты/)

        const byName = new Map((await rowsOf(readings)).map((r) => [r.name, r]))
        const shown = await rowsOf(reports)
        // The same substances on both tabs for the year, not only some in common.
        expect([...new Set(shown.map((r) => r.name))].sort()).toEqual([...byName.keys()].sort())
        const common = shown.filter((r) => byName.has(r.name))
        expect(common.length).toBeGreaterThan(2)
        // On both tabs the year selector sits above the tables it changes.
        for (const tab of [readings, reports]) {
          const select = await tab.getByLabel('Отчетный период').boundingBox()
          const table = await tab.locator('table.readings').first().boundingBox()
          expect(select!.y + select!.height).toBeLessThanOrEqual(table!.y)
        }
        for (const row of common) {
          const reading = byName.get(row.name)!
          expect({ name: row.name, value: row.value, level: row.level, colour: row.colour, mpc: row.mpc }).toEqual({ name: reading.name, value: reading.value, level: reading.level, colour: reading.colour, mpc: reading.mpc })
        }
        // A reading above its limit is coloured (not every cell is left plain).
        expect(shown.some((r) => r.level !== 'none' && r.level !== 'below-1')).toBe(true)
        expect(await legendOf(reports)).toEqual(await legendOf(readings))
        expect((await legendOf(reports)).length).toBe(4)

        if (query !== 'polygon') {
          // Each report is headed with its sampling day and time, its observer and its laboratory, as the API has them.
          const res = await fetch(`${b.baseUrl}/api/v1/ambient-air-reports/?measures_point=${id}&year=${year}&limit=100`)
          const records = ((await res.json()) as { results: Array<{ sampled: string | null; observer: string; laboratory: string }> }).results
          const headings = (await reports.getByRole('heading', { level: 2 }).allTextContents()).filter((h) => h.startsWith('Атмосферный воздух, '))
          expect(headings.length).toBe(records.length)
          for (const r of records) {
            // The moment of sampling in the region's time, as the portal writes every moment (dd.mm.yyyy hh:mm).
            const day = r.sampled ? new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Yekaterinburg', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(r.sampled)).replace(',', '') : ''
            expect(headings.some((h) => h.includes(`наблюдатель ${r.observer}`) && h.includes(r.laboratory) && h.includes(day)), JSON.stringify(r)).toBe(true)
          }
        }
        await fitsAndShowsLastColumn(reports)
        await fitsAndShowsLastColumn(readings)
        await readings.close()
        await reports.close()
      })
    }
  }
})

async function polygonId(): Promise<number> {
  const res = await fetch(`${b.baseUrl}/api/v1/areas/?kind=polygon_region_monitoring&limit=100`)
  const body = (await res.json()) as { results: Array<{ id: number }> }
  return Math.min(...body.results.map((r) => r.id))
}
