// The Department's view of a company's reports as of a day, in the browser: reached from the company's reports page,
// a day before the demo data shows no reports, the demo data's day shows them with their files and decisions and the
// changes of that day event by event; a day that does not exist is said naming the field; a holder is refused.
import { describe, expect, it } from 'vitest'
import { seriousFindings } from './support/axe.ts'
import { useBrowser } from './support/browser.ts'
import { logIn } from './support/log-in.ts'

const b = useBrowser()
// The demo data's workflow is recorded on this day, a minute per command (seed/workflow-seed.ts).
const DEMO_DAY = '2025-02-03'

async function holderCompany(): Promise<number> {
  const res = await fetch(`${b.baseUrl}/api/v1/companies/?kind=lem_industry&limit=100`)
  const body = (await res.json()) as { results: Array<{ id: number }> }
  // holder1's company is the lem_industry company with the lowest id (seed/users-seed.ts).
  return Math.min(...body.results.map((c) => c.id))
}

describe('the reports as of a day', () => {
  it('is reached from the company’s reports page and shows the reports and the changes of the day from the log', async () => {
    const company = await holderCompany()
    const page = await logIn(b, 'department')
    await page.goto(`${b.baseUrl}/monitoring/companies/${company}/reports`)
    await page.getByRole('link', { name: 'Состояние отчётности на дату' }).click()
    await page.waitForURL((url) => url.pathname === '/monitoring/department-reports/as-of')
    // The company is chosen by name; the link chose it.
    expect(await page.getByLabel('Предприятие').inputValue()).toBe(String(company))

    // The day before the demo data: nothing had been filed yet.
    await page.getByLabel('На дату').fill('2025-02-02')
    await page.getByRole('button', { name: 'Показать' }).click()
    await page.getByText('Отчётов на эту дату не было').waitFor()

    await page.getByLabel('На дату').fill(DEMO_DAY)
    await page.getByLabel('Изменения с').fill(DEMO_DAY)
    await page.getByRole('button', { name: 'Показать' }).click()
    await page.getByRole('heading', { level: 2, name: /на 03\.02\.2025$/ }).waitFor()
    const reports = page.locator('table.as-of-reports tbody tr')
    expect(await reports.count()).toBeGreaterThan(0)
    const statuses = await page.locator('table.as-of-reports tbody tr td:nth-child(2)').allTextContents()
    for (const status of statuses) expect(status).toMatch(/^(На рассмотрении|Согласован|Отклонён)/)
    expect((await page.locator('table.as-of-reports').textContent()) ?? '').toMatch(/Принят|Ошибка/)

    const changes = page.locator('table.as-of-changes tbody tr')
    expect(await changes.count()).toBeGreaterThan(0)
    const events = await page.locator('table.as-of-changes tbody tr td:nth-child(3)').allTextContents()
    expect(events.some((e) => e.startsWith('Файл добавлен'))).toBe(true)
    const users = await page.locator('table.as-of-changes tbody tr td:nth-child(5)').allTextContents()
    // People by name with their role, never by login (issue 26).
    expect(users.some((u) => /^[А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ \(Недропользователь\)$/.test(u))).toBe(true)
    expect(users.filter((u) => /^(department|holder\d|admin) /.test(u))).toEqual([])
    expect((await page.locator('table.as-of-reports').textContent()) ?? '').not.toMatch(/holder\d|department/)
    expect(await seriousFindings(page)).toEqual([])
    await page.close()
  }, 120_000)

  it('shows a substance’s ПДК as it stood at the end of a day beside today’s, and its change with who made it', async () => {
    // A substance of this test's own: the administrator adds it, then changes its limit.
    const name = `Толуол (проверка ${Date.now()})`
    const admin = await logIn(b, 'admin')
    await admin.goto(`${b.baseUrl}/monitoring/admin/reference/substance`)
    const form = admin.getByRole('form', { name: 'Новая запись' })
    await form.getByLabel('Наименование', { exact: true }).fill(name)
    await form.getByLabel('Единица измерения').selectOption({ label: 'мг/м³' })
    await form.getByLabel('ПДК', { exact: true }).fill('0,6')
    await form.getByRole('button', { name: 'Добавить' }).click()
    await expect.poll(() => form.getByRole('status').locator('p').textContent()).toBe('Сохранено. Запись добавлена.')
    await admin.goto(`${b.baseUrl}/monitoring/admin/reference/substance`)
    await admin.getByRole('link', { name: `Изменить: ${name}` }).click()
    const change = admin.getByRole('form', { name: `Изменение вещества «${name}»` })
    await change.getByLabel('ПДК', { exact: true }).fill('0,9')
    await change.getByRole('button', { name: 'Сохранить' }).click()
    await expect.poll(() => change.getByRole('status').locator('p').textContent()).toBe('Сохранено. Изменения сохранены.')
    await admin.close()

    const today = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() + 5 * 3_600_000 - 86_400_000).toISOString().slice(0, 10)
    const words = (day: string) => day.split('-').reverse().join('.')
    const page = await logIn(b, 'department')
    await page.goto(`${b.baseUrl}/monitoring/department-reports/as-of`)
    await page.getByLabel('Вещество').selectOption({ label: `${name}, мг/м³` })
    await page.getByLabel('На дату').fill(today)
    await page.getByLabel('Изменения с').fill(yesterday)
    await page.getByRole('button', { name: 'Показать' }).click()
    await page.getByRole('heading', { level: 2, name: `Вещество «${name}» на ${words(today)}` }).waitFor()
    const row = (when: string) => page.locator('table.as-of-substance-limits tbody tr').filter({ has: page.getByRole('rowheader', { name: when }) }).locator('td')
    expect(await row(`На ${words(today)}`).allTextContents()).toEqual([name, 'мг/м³', '0,9', 'не установлена'])
    expect(await row('Сейчас').allTextContents()).toEqual([name, 'мг/м³', '0,9', 'не установлена'])
    const changes = await page.locator('table.as-of-substance-changes tbody tr td').allTextContents()
    expect(changes.slice(2)).toEqual(['ПДК', '0,6', '0,9', expect.stringMatching(/^[А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ \(Администратор\)$/)])
    expect(await seriousFindings(page)).toEqual([])

    // The day before: the entry had not been added yet; today's limit is still shown beside it.
    await page.getByLabel('На дату').fill(yesterday)
    await page.getByRole('button', { name: 'Показать' }).click()
    await page.getByRole('heading', { level: 2, name: `Вещество «${name}» на ${words(yesterday)}` }).waitFor()
    expect(await row(`На ${words(yesterday)}`).allTextContents()).toEqual(['записи ещё не было', '—', '—', '—'])
    expect(await row('Сейчас').allTextContents()).toEqual([name, 'мг/м³', '0,9', 'не установлена'])
    await page.close()
  }, 120_000)

  it('says which field is wrong when the day does not exist', async () => {
    const company = await holderCompany()
    const page = await logIn(b, 'department')
    const res = await page.goto(`${b.baseUrl}/monitoring/department-reports/as-of?company=${company}&date=2025-02-30`)
    expect(res?.status()).toBe(400)
    expect(await page.getByRole('alert').textContent()).toBe('На дату: нет такой даты')
    await page.close()
  }, 60_000)

  it('is refused to a holder', async () => {
    const company = await holderCompany()
    const page = await logIn(b, 'holder1')
    const res = await page.goto(`${b.baseUrl}/monitoring/department-reports/as-of?company=${company}&date=${DEMO_DAY}`)
    expect(res?.status()).toBe(403)
    expect((await page.textContent('body')) ?? '').toContain('Состояние отчётности на дату доступно Департаменту.')
    await page.close()
  }, 60_000)
})
