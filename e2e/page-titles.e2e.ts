import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'

const b = useBrowser()
const SITE = 'Экологический мониторинг ЯНАО'

describe('page titles, the favicon and the way back from a refusal', () => {
  it('gives each page its own title that names the page and its record', async () => {
    const titles = new Set<string>()
    for (const path of ['/companies', '/areas/1', '/areas/1/measures-points', '/reference']) {
      const page = await b.open(path)
      const title = await page.title()
      expect(title.endsWith(` — ${SITE}`), `${path}: ${title}`).toBe(true)
      titles.add(title)
      await page.close()
    }
    expect(titles.size).toBe(4)
    const area = await b.open('/areas/1')
    const areaName = (await area.getByRole('heading', { level: 1 }).textContent())!.trim()
    await area.close()
    const points = await b.open('/areas/1/measures-points')
    expect(await points.title()).toContain(areaName)
    await points.close()
  })

  it('shows a favicon that the server answers', async () => {
    const page = await b.open('/companies')
    const href = await page.locator('link[rel="icon"]').getAttribute('href')
    expect(href).toBeTruthy()
    const res = await page.request.get(new URL(href!, page.url()).toString())
    expect(res.status()).toBe(200)
    await page.close()
  })

  it('offers a way back on the refusal page', async () => {
    // The review queue is the Department's: a license holder is refused and led back to the start page.
    const page = await b.browser.newPage({ locale: 'ru-RU' })
    await page.goto(`${b.baseUrl}/monitoring/login`)
    await page.getByLabel('Логин').fill('holder1')
    await page.getByLabel('Пароль').fill('holder1')
    await page.getByRole('button', { name: 'Войти' }).click()
    // A holder lands on the status board of the reporting year (decision 2610).
    await page.waitForURL((url) => url.pathname === '/monitoring/board')
    await page.goto(`${b.baseUrl}/monitoring/department-reports`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Доступ запрещён')
    await page.getByRole('link', { name: 'Вернуться на главную' }).click()
    await page.waitForURL((url) => url.pathname === '/monitoring/')
    await page.close()
  })
})
