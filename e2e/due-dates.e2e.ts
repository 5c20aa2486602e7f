// Due dates and sections with nothing sent, as people see them: the holder's board says under each cell when it is
// due; the Department's board has its column, filters to what is overdue and refuses an impossible filter with a
// Russian 400 page; the queue filters by year and report type; a section with no file says «Файлы не загружены».
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { logIn } from './support/log-in.ts'

const b = useBrowser()
const DUE = /^срок \d{2}\.\d{2}\.\d{4}(, (осталось \d+ дн\.|сегодня|просрочено на \d+ дн\.))?$/

describe('due dates on the boards and the queue', () => {
  it('shows the holder when each report is due, in words, never «0 дн.»', async () => {
    const page = await logIn(b, 'holder1', { width: 390 })
    await page.goto(`${b.baseUrl}/monitoring/board`)
    const dues = page.locator('.holder-board .due')
    await expect.poll(() => dues.count()).toBeGreaterThan(3)
    for (const text of await dues.allInnerTexts()) {
      expect(text.trim()).toMatch(DUE)
      expect(text).not.toContain('0 дн.')
    }
    await page.close()
  })

  it('lets the Department filter its board to what is overdue and refuses an impossible filter with a Russian 400 page', async () => {
    const page = await logIn(b, 'department')
    await page.goto(`${b.baseUrl}/monitoring/board?year=${new Date().getFullYear() - 1}`)
    expect(await page.getByRole('columnheader', { name: 'Срок сдачи' }).count()).toBe(1)
    await page.getByLabel('Срок сдачи').selectOption('overdue')
    await page.waitForURL((url) => url.searchParams.get('due') === 'overdue')
    await expect.poll(async () => (await page.locator('.department-board .due').allInnerTexts()).every((t) => /просрочено на \d+ дн\.$/.test(t.trim()))).toBe(true)
    const bad = await page.goto(`${b.baseUrl}/monitoring/board?due=soon`)
    expect(bad!.status()).toBe(400)
    expect(await page.locator('main').textContent()).toContain('Срок сдачи: выберите значение из списка')
    await page.close()
  })

  it('filters the review queue by reporting year and report type, each row with its due date', async () => {
    const page = await logIn(b, 'department')
    const year = new Date().getFullYear() - 1
    await page.goto(`${b.baseUrl}/monitoring/department-reports`)
    await page.locator('select[name=year]').selectOption(String(year))
    await page.waitForURL((url) => url.searchParams.get('year') === String(year))
    await page.locator('select[name=type]').selectOption('greenhouse_gases')
    await page.waitForURL((url) => url.searchParams.get('type') === 'greenhouse_gases')
    const rows = page.locator('.review-table tbody tr')
    await expect.poll(() => rows.count()).toBeGreaterThan(0)
    for (const text of await rows.allInnerTexts()) {
      expect(text).toContain('Парниковые газы')
      expect(text).toContain(String(year))
      expect(text).toMatch(/\d{2}\.\d{2}\.\d{4}/)
    }
    const bad = await page.goto(`${b.baseUrl}/monitoring/department-reports?year=20255`)
    expect(bad!.status()).toBe(400)
    expect(await page.locator('main').textContent()).toContain('Год: введите год')
    await page.close()
  })
})
