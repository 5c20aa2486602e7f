// Spec §8 in the browser: a failed load of the reports page's sections shows the modal 'Ошибка' with the server's
// detail over the sections already shown, and the page goes on working once the server answers again.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { logIn } from './support/log-in.ts'

const b = useBrowser()
const YEAR = new Date().getFullYear()
const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 30_000 })

const DETAIL = 'Сервис отчётности временно недоступен, повторите через минуту.'
// The request of the sections' data: Remix asks the route's loader apart (`<address>.data?…&_routes=<route id>`) because
// the route has a clientLoader; the shell's data (the root loader) and the page's own address are left alone.
const DATA_REQUESTS = (url: URL) => url.pathname.endsWith('/reports.data') && url.searchParams.get('_routes') === 'reports/company-reports'

async function openReports(page: Page): Promise<string> {
  const company = ((await page.evaluate(async () => (await fetch('/api/v1/initialization/')).json())) as { user: { company: number } }).user.company
  await page.goto(`${b.baseUrl}/monitoring/companies/${company}/reports?year=${YEAR}`)
  // The year filter reloads the sections only once the page's script runs.
  await page.waitForFunction(() => '__remixRouter' in window)
  return (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
}

describe("the reports page's failed section loads", () => {
  it("shows the server's detail in the modal 'Ошибка' over the sections shown, and loads again once the server answers", async () => {
    const page = await logIn(b, 'holder1')
    const heading = await openReports(page)
    const year = page.getByLabel('Отчетный период')
    const dialog = page.getByRole('dialog', { name: 'Ошибка' })

    // The server refuses the sections of another year with a JSON detail.
    await page.route(DATA_REQUESTS, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: DETAIL }) }))
    await year.selectOption(String(YEAR - 1))
    await eventually(() => dialog.getByRole('alert').textContent()).toBe(DETAIL)
    // The sections already shown stay under it, and the filter says which year they are for.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading)
    expect(await page.getByRole('region', { name: 'Парниковые газы' }).count()).toBe(1)
    expect(await year.inputValue()).toBe(String(YEAR))
    await dialog.getByRole('button', { name: 'OK' }).click()
    await eventually(() => dialog.count()).toBe(0)

    // An answer without words of the server's (a proxy's page) still says what happened, in Russian.
    await page.unroute(DATA_REQUESTS)
    await page.route(DATA_REQUESTS, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }))
    await page.evaluate(() => (window as unknown as { __remixRouter: { revalidate(): void } }).__remixRouter.revalidate())
    await eventually(() => dialog.getByRole('alert').textContent()).toBe('Не удалось загрузить разделы отчётности. Попробуйте обновить страницу позже.')
    await page.keyboard.press('Escape')
    await eventually(() => dialog.count()).toBe(0)

    // The server answers again: the year chosen loads, with no message.
    await page.unroute(DATA_REQUESTS)
    await year.selectOption(String(YEAR - 1))
    await eventually(() => new URL(page.url()).searchParams.get('year')).toBe(String(YEAR - 1))
    await eventually(() => year.inputValue()).toBe(String(YEAR - 1))
    expect(await dialog.count()).toBe(0)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading)
    await page.close()
  }, 120_000)
})
