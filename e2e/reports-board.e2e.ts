// The status board in the browser at 1280 and 390 px: a holder lands on it after login and opens a section from a
// cell; the Department filters it across companies and opens a report's section from it and from the review queue;
// a holder cannot read another company's board by changing the address.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { filingYear } from '@portal/workflow-domain/views.ts'
import { useBrowser } from './support/browser.ts'
import { csrfToken, logIn, logInThroughLoginPage } from './support/log-in.ts'

const b = useBrowser()
const WIDTHS = [1280, 390] as const

/** The page fits its width: nothing scrolls sideways. */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** Whether an element is inside the window (scrolled to). */
const inView = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const box = document.querySelector(s)?.getBoundingClientRect()
    return !!box && box.top > -2 && box.top < window.innerHeight
  }, selector)

async function companyOf(page: Page): Promise<number> {
  return ((await page.evaluate(async () => (await fetch('/api/v1/initialization/')).json())) as { user: { company: number } }).user.company
}

describe('the status board', () => {
  for (const width of WIDTHS) {
    it(`lands holder1 on the board of the year being filed after login and opens a section from a cell (${width} px)`, async () => {
      // Through the login page: where its answer sends a holder is what this test proves.
      const page = await logInThroughLoginPage(b, 'holder1', { width })
      expect(new URL(page.url()).pathname).toBe('/monitoring/board')
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Сводка отчётности: /)
      const year = page.getByLabel('Отчетный период')
      expect(await year.inputValue()).toBe(String(filingYear()))
      expect(await year.locator('option').first().textContent()).toBe(String(new Date().getFullYear() + 1))
      expect(await fits(page)).toBe(true)
      // Every cell says in words what it is.
      const cells = page.locator('a.board-cell')
      expect(await cells.count()).toBeGreaterThan(3)
      for (const text of await cells.allInnerTexts()) {
        expect(text.trim()).toMatch(/(файлы не загружены|проверяется|ошибки в \d+ файл(е|ах)|на рассмотрении \d+ дн\.|отклонён — ответить|согласован)$/)
      }
      const target = page.getByRole('link', { name: /, Итоговый отчет: / }).first()
      const href = (await target.getAttribute('href'))!
      const key = new URL(href, b.baseUrl).searchParams.get('section')!
      await target.click()
      await page.waitForURL((url) => url.pathname.includes('/reports'))
      expect(new URL(page.url()).searchParams.get('section')).toBe(key)
      const heading = `#section-${key}`
      await expect.poll(() => page.locator(heading).isVisible()).toBe(true)
      await expect.poll(() => inView(page, heading)).toBe(true)
      await expect.poll(() => page.locator('section.report-section.targeted').count()).toBe(1)
      await page.close()
    })

    it(`lets the Department filter the board by state and open a report’s section expanded (${width} px)`, async () => {
      const page = await logIn(b, 'department', { width })
      // The demo data's reports are in the last full year.
      await page.goto(`${b.baseUrl}/monitoring/board?year=${new Date().getFullYear() - 1}`)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Сводка отчётности')
      expect(await fits(page)).toBe(true)
      await page.getByLabel('Состояние').selectOption('consideration')
      await page.waitForURL((url) => url.searchParams.get('state') === 'consideration')
      await expect.poll(async () => (await page.locator('a.board-cell').allInnerTexts()).every((t) => /на рассмотрении \d+ дн\.$/.test(t))).toBe(true)
      const cells = page.locator('a.board-cell')
      expect(await cells.count()).toBeGreaterThan(0)
      expect(await fits(page)).toBe(true)
      const href = (await cells.first().getAttribute('href'))!
      const key = new URL(href, b.baseUrl).searchParams.get('section')!
      await cells.first().click()
      await page.waitForURL((url) => url.searchParams.get('section') === key)
      // The Department's sections start closed; the one the link names is open and in view.
      await expect.poll(() => page.locator('details.accordion[open]').count()).toBe(1)
      await expect.poll(() => inView(page, `#section-${key}`)).toBe(true)
      await page.close()
    })
  }

  it('shows the review queue’s rows with their files in words and the responsible person, and a row opens its section', async () => {
    const page = await logIn(b, 'department')
    await page.goto(`${b.baseUrl}/monitoring/department-reports`)
    const table = page.locator('table.review-table').first()
    expect(await table.locator('thead th').allInnerTexts()).toEqual(expect.arrayContaining(['Файлы', 'Ответственное лицо', 'Дней']))
    const firstRow = table.locator('tbody tr').first()
    expect(await firstRow.locator('td').nth(2).innerText()).toMatch(/файл/)
    await firstRow.getByRole('link').click()
    await page.waitForURL((url) => url.searchParams.has('section'))
    await expect.poll(() => page.locator('details.accordion[open]').count()).toBe(1)
    expect(await page.locator('section.report-section.targeted').count()).toBe(1)
    await page.close()
  })

  it('answers holder1 asking for holder2’s company board by changing the address with the 403 page', async () => {
    const other = await logIn(b, 'holder2')
    const otherCompany = await companyOf(other)
    await other.close()
    const page = await logIn(b, 'holder1')
    const answer = await page.goto(`${b.baseUrl}/monitoring/board?company=${otherCompany}&year=${filingYear()}`)
    expect(answer?.status()).toBe(403)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Доступ запрещён')
    expect(await page.locator('a.board-cell').count()).toBe(0)
    await page.close()
  })

  it('tells the Department of holder2’s checked file in its header count, with the check’s errors in words and no «Новое:»', async () => {
    // This test's own report (holder2's programme of next year): the browser files share one portal.
    const year = new Date().getFullYear() + 1
    const holder = await logIn(b, 'holder2')
    const company = await companyOf(holder)
    const headers = { 'X-CSRFToken': await csrfToken(b, holder) }
    const areas = (await (await holder.request.get(`${b.baseUrl}/api/v1/areas/?company=${company}&kind=licence_area&limit=1`)).json()) as { results: Array<{ id: number }> }
    const area = areas.results[0].id
    const saved = await holder.request.post(`${b.baseUrl}/api/v1/ecomon-responsibles/`, {
      headers,
      data: { area, year, fullname: 'Оповещённая Анна Сергеевна', position: 'Эколог', email: 'anna@example.ru', phone: '+7 (3492) 11-11-11' },
    })
    expect(saved.status()).toBe(201)
    const responsible = ((await saved.json()) as { id: number }).id
    const reports = (await (await holder.request.get(`${b.baseUrl}/api/v1/import-reports/?year=${year}&area=${area}&report_type=program`)).json()) as { results: Array<{ id: number }> }
    const department = await logIn(b, 'department')
    // Start from nothing unread, so the count below is this report's.
    await department.request.post(`${b.baseUrl}/api/v1/notifications/read/`, { headers: { 'X-CSRFToken': await csrfToken(b, department) }, data: {} })
    const uploaded = await holder.request.post(`${b.baseUrl}/api/v1/import-files/`, {
      headers,
      multipart: {
        report: String(reports.results[0].id),
        description: 'программа.pdf',
        ecomon_responsible: String(responsible),
        // A programme section takes documents: an empty one is taken, and its check finds it empty (an error).
        file: { name: 'программа.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) },
      },
    })
    expect(uploaded.status()).toBe(201)
    const count = department.locator('a.notifications-link .badge')
    await expect.poll(async () => {
      await department.goto(`${b.baseUrl}/monitoring/board`)
      return (await count.count()) ? (await count.innerText()).trim() : ''
    }, { timeout: 30_000 }).toBe('1')
    await department.getByRole('link', { name: /^Уведомления/ }).click()
    await department.waitForURL((url) => url.pathname.endsWith('/notifications'))
    const item = department.locator('li.notification').first()
    // The words «Не прочитано» are for a screen reader only (visually hidden); the title says what happened.
    expect(await item.locator('strong').innerText()).toMatch(/^(Не прочитано\.\s+)?Файл проверен: \d+ ошиб(ка|ки|ок)/)
    expect(await item.locator('strong .visually-hidden').count()).toBe(1)
    expect(await department.locator('main').innerText()).not.toContain('Новое')
    // Its link opens the report's section.
    await item.getByRole('link', { name: 'Открыть отчёты' }).click()
    await department.waitForURL((url) => url.searchParams.get('section') === `area-${area}-program`)
    await expect.poll(() => department.locator('section.report-section.targeted').count()).toBe(1)
    // holder2 uploaded it: their own count did not go up.
    await holder.goto(`${b.baseUrl}/monitoring/board`)
    const holderItems = (await (await holder.request.get(`${b.baseUrl}/api/v1/notifications/?limit=1`)).json()) as { results: Array<{ title: string; read: string | null }> }
    expect(holderItems.results[0].title).toMatch(/^Файл проверен/)
    expect(holderItems.results[0].read).not.toBeNull()
    await holder.close()

    // Its only file failed the check, so the review queue shows the report apart, with nothing to decide yet.
    const { name } = (await (await department.request.get(`${b.baseUrl}/api/v1/companies/${company}/`)).json()) as { name: string }
    await department.goto(`${b.baseUrl}/monitoring/department-reports?${new URLSearchParams({ search: name.slice(0, 12) })}`)
    const ours = (table: RegExp) => department.getByRole('table', { name: table }).getByRole('row').filter({ hasText: 'Оповещённая Анна Сергеевна' }).filter({ hasText: String(year) }).filter({ hasText: 'Программа' })
    await expect.poll(() => ours(/^Решать пока нечего/).count()).toBe(1)
    expect(await ours(/^Ждут решения/).count()).toBe(0)
    await department.close()
  })
})
