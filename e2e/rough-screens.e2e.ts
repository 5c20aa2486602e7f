// The rough screens of issue 36, finished, in the browser: a section shows only the check result of the file that
// replaced a failed one; the notifications in the portal's own look (unread distinct, a decline standing out, the
// portal's button); the audit's and the as-of view's filters as the catalogue's filter forms; the administrator's
// users as a readable table whose forms say every wrong field at once; a phone chart open at its latest year.
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { logIn } from './support/log-in.ts'
import { nameResponsible } from './support/responsible-person.ts'

const b = useBrowser()
// A year no other browser file touches with holder1's areas: five years back (the page offers the last ten).
const YEAR = new Date().getFullYear() - 5
const DRAFT = 'Итоговый отчет (черновик).pdf'
const CORRECTED = 'Итоговый отчет.pdf'
const ACCENT = 'rgb(11, 92, 140)'
const eventually = <T>(value: () => Promise<T> | T, options: { timeout?: number } = {}) => expect.poll(value, { timeout: 15_000, ...options })

const fileRow = (section: Locator, page: Page, name: string) => section.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) })

/** The computed style of the first element a locator finds, as the named properties. */
const styleOf = (locator: Locator, properties: string[]) =>
  locator.first().evaluate((el, names) => Object.fromEntries(names.map((n) => [n, getComputedStyle(el).getPropertyValue(n)])), properties)

/** The widths among those given at which the page scrolls sideways (none should). */
async function sidewaysAt(page: Page, widths: number[]): Promise<number[]> {
  const wide: number[] = []
  for (const width of widths) {
    if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: 844 })
    if (await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)) wide.push(width)
  }
  return wide
}

describe('the rough screens finished', () => {
  /** The report the first case sent, for the Department to decline in the second. */
  let declined = { address: '', area: '' }

  it('shows only the corrected file’s check result once it replaced the failed draft', async () => {
    const page = await logIn(b, 'holder1')
    const companyId = ((await page.evaluate(async () => (await fetch('/api/v1/initialization/')).json())) as { user: { company: number } }).user.company
    await page.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`)
    const areaName = (await page.locator('details.accordion summary .accordion-title').first().textContent()) ?? ''
    await nameResponsible(page, areaName, { fullname: 'Лебедева Анна Сергеевна', position: 'Эколог', phone: '+7 (3492) 22-33-45', email: 'lebedeva@example.ru' })

    const section = page.getByRole('region', { name: 'Итоговый отчет' }).first()
    const upload = page.getByLabel(`Загрузить файлы: ${areaName}, Итоговый отчет`)
    // An empty document fails its check («файл пуст»): its findings show under it.
    await upload.setInputFiles({ name: DRAFT, mimeType: 'application/pdf', buffer: Buffer.alloc(0) })
    await eventually(() => fileRow(section, page, DRAFT).getByRole('status').textContent(), { timeout: 30_000 }).toBe('Ошибка: несоответствие полей')
    expect(await section.getByRole('list', { name: `Ошибки файла ${DRAFT}` }).count()).toBe(1)

    await upload.setInputFiles({ name: CORRECTED, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% Итоговый отчет\n%%EOF\n') })
    await eventually(() => fileRow(section, page, CORRECTED).getByRole('status').textContent(), { timeout: 30_000 }).toBe('Принят')
    // The draft's errors and its error report leave the screen; the draft itself stays listed, said to be replaced.
    await eventually(() => section.getByRole('list', { name: `Ошибки файла ${DRAFT}` }).count()).toBe(0)
    expect(await section.locator('.file-findings').count()).toBe(0)
    expect(await fileRow(section, page, DRAFT).getByRole('status').textContent()).toBe(`Заменён файлом «${CORRECTED}»`)
    expect(await section.getByText('Ошибка: несоответствие полей').count()).toBe(0)
    // The same after a reload: the page's own data says it, not the upload's moment.
    await page.reload()
    expect(await section.getByRole('list', { name: `Ошибки файла ${DRAFT}` }).count()).toBe(0)
    expect(await fileRow(section, page, DRAFT).getByRole('status').textContent()).toBe(`Заменён файлом «${CORRECTED}»`)

    declined = { address: `${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`, area: areaName }
    await page.close()
  }, 120_000)

  it('shows the notifications in the portal’s look: a readable list, unread distinct, a decline standing out, the portal’s button', async () => {
    expect(declined.address).not.toBe('')
    const department = await logIn(b, 'department')
    await department.goto(declined.address)
    // The Department's accordions start closed.
    await department.locator('details.accordion > summary').filter({ hasText: declined.area }).click()
    await department.getByRole('button', { name: `Отклонить (${declined.area}, Итоговый отчет)` }).click()
    const dialog = department.getByRole('dialog', { name: 'Отклонить отчёт' })
    await dialog.getByLabel('Комментарий (обязательно)').fill('Приложите таблицы наблюдений.')
    await dialog.getByRole('button', { name: 'Отклонить' }).click()
    await eventually(() => dialog.count()).toBe(0)
    await department.close()

    const page = await logIn(b, 'holder1')
    await page.goto(`${b.baseUrl}/monitoring/notifications`)
    const list = page.getByRole('list', { name: 'Уведомления' })
    expect(await styleOf(list, ['list-style-type'])).toEqual({ 'list-style-type': 'none' })
    const items = list.getByRole('listitem')
    const decline = items.filter({ hasText: 'Приложите таблицы наблюдений.' })
    await eventually(() => decline.count()).toBe(1)
    // Each notice is a card of the portal's look (white, bordered), not a bullet.
    const card = await styleOf(items, ['background-color', 'border-top-style', 'padding-left'])
    expect(card['border-top-style']).toBe('solid')
    expect(card['padding-left']).not.toBe('0px')
    const other = items.filter({ hasNotText: 'Приложите таблицы наблюдений.' })
    expect(await other.count()).toBeGreaterThan(0)

    // The decline is unread (the holder's first look) and the file checks they watched are read already.
    const unreadLook = await styleOf(decline, ['background-color', 'font-weight'])
    const readLook = await styleOf(items.filter({ hasNot: page.locator('.visually-hidden') }), ['background-color'])
    expect(unreadLook['background-color']).not.toBe(readLook['background-color'])
    // Its words are for a screen reader (decision 2611: no «Новое:» before a title).
    expect(await decline.locator('strong .visually-hidden').textContent()).toBe('Не прочитано. ')
    // A decline stands out from any other notice: a red edge.
    const declineEdge = (await styleOf(decline, ['border-left-color', 'border-left-width']))
    expect(declineEdge['border-left-color']).toBe('rgb(166, 27, 27)')
    expect(Number.parseFloat(declineEdge['border-left-width'])).toBeGreaterThanOrEqual(4)
    expect((await styleOf(other, ['border-left-color']))['border-left-color']).not.toBe('rgb(166, 27, 27)')

    const button = page.getByRole('button', { name: 'Отметить все прочитанными' })
    expect((await styleOf(button, ['background-color', 'color'])) ).toEqual({ 'background-color': ACCENT, color: 'rgb(255, 255, 255)' })
    await button.click()
    await eventually(() => page.getByRole('button', { name: 'Отметить все прочитанными' }).count()).toBe(0)
    // Read now, it looks as the other read notices do, and still stands out as a decline.
    expect((await styleOf(decline, ['background-color']))['background-color']).toBe(readLook['background-color'])
    expect(await decline.locator('strong .visually-hidden').count()).toBe(0)
    expect((await styleOf(decline, ['border-left-color']))['border-left-color']).toBe('rgb(166, 27, 27)')
    expect(await sidewaysAt(page, [1280, 390])).toEqual([])
    await page.close()
  }, 60_000)

  it('styles the audit’s and the as-of view’s filters as the catalogue’s filter forms', async () => {
    const properties = ['padding-top', 'padding-left', 'border-top-left-radius', 'border-top-color', 'font-size', 'min-width']
    const page = await b.open('/exceedances')
    const catalogue = page.locator('form.filters select')
    const expected = await styleOf(catalogue, properties)
    const label = await styleOf(page.locator('form.filters label.filter'), ['flex-direction', 'color'])
    await page.close()

    const department = await logIn(b, 'department')
    for (const path of ['/department-reports/audit', '/department-reports/as-of']) {
      for (const width of [1280, 390]) {
        await department.setViewportSize({ width, height: 844 })
        await department.goto(`${b.baseUrl}/monitoring${path}`)
        const form = department.getByRole('main').getByRole('search')
        expect(await form.count()).toBe(1)
        if (width === 1280) {
          expect(await styleOf(form.locator('select'), properties)).toEqual(expected)
          expect(await styleOf(form.locator('input[type="date"]'), properties)).toEqual(expected)
          expect(await styleOf(form.locator('label'), ['flex-direction', 'color'])).toEqual(label)
        }
        expect(await styleOf(form.getByRole('button', { name: 'Показать' }), ['background-color'])).toEqual({ 'background-color': ACCENT })
        expect(await sidewaysAt(department, [width])).toEqual([])
      }
    }
    // The labels still name their fields.
    await department.setViewportSize({ width: 1280, height: 844 })
    await department.goto(`${b.baseUrl}/monitoring/department-reports/as-of`)
    expect(await department.getByLabel('На дату').count()).toBe(1)
    expect(await department.getByLabel('Предприятие').count()).toBe(1)
    await department.close()
  }, 60_000)

  it('lists the users as a table, one row each, and a form says every wrong field at once', async () => {
    const admin = await logIn(b, 'admin')
    await admin.goto(`${b.baseUrl}/monitoring/admin`)
    const table = admin.getByRole('table', { name: 'Пользователи' })
    const headers = await table.locator('thead th').allTextContents()
    expect(headers).toEqual(['ФИО', 'Логин', 'Группы и предприятие', 'Состояние', 'Действия'])
    const users = (await (await admin.request.get(`${b.baseUrl}/api/v1/users/`)).json()) as Array<{ username: string }> | { results: Array<{ username: string }> }
    const count = Array.isArray(users) ? users.length : users.results.length
    expect(await table.locator('tbody > tr.user-row').count()).toBe(count)
    const row = table.locator('tbody > tr.user-row').filter({ has: admin.getByRole('cell', { name: 'holder2', exact: true }) })
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('Активен')

    // The user's form opens from the row; two wrong fields are both said, each beside its field.
    await row.getByText('Изменить').click()
    const form = admin.getByRole('form', { name: 'Пользователь holder2' })
    await form.getByLabel('ФИО').fill('Иванов 2')
    await form.getByLabel(/^Электронная почта/).fill('не-адрес')
    await form.getByRole('button', { name: 'Сохранить' }).click()
    const summary = form.getByRole('alert')
    await eventually(() => summary.locator('li').allTextContents()).toEqual(['ФИО: только буквы, пробелы, дефисы и точки', 'Электронная почта: укажите адрес вида имя@домен.ru'])
    expect(await form.getByLabel('ФИО').getAttribute('aria-invalid')).toBe('true')
    expect(await form.getByLabel(/^Электронная почта/).getAttribute('aria-invalid')).toBe('true')
    // Nothing of it was saved.
    await admin.reload()
    expect(await row.getByRole('cell').first().textContent()).not.toContain('Иванов 2')

    const create = admin.getByRole('form', { name: 'Новый пользователь' })
    await create.getByLabel('Логин').fill('два слова')
    await create.getByLabel('Пароль').fill('123')
    await create.getByLabel(/^Электронная почта/).fill('@')
    await create.getByRole('button', { name: 'Создать' }).click()
    await eventually(() => create.getByRole('alert').locator('li').allTextContents()).toEqual([
      'Логин: от 1 до 100 букв, цифр или знаков . _ @ + -',
      'Электронная почта: укажите адрес вида имя@домен.ru',
      'Пароль: от 8 до 100 символов',
      'Группы: выберите хотя бы одну группу',
    ])
    expect(await sidewaysAt(admin, [1280, 390])).toEqual([])
    await admin.close()
  }, 60_000)

  it('opens a chart on a phone at its latest year with the «ПДК» label in sight', async () => {
    const page = await b.browser.newPage({ locale: 'ru-RU', viewport: { width: 390, height: 844 } })
    const answer = (await (await page.request.get(`${b.baseUrl}/api/v1/measures-points/?kind=ambient_air&limit=1`)).json()) as { results: Array<{ id: number }> }
    await page.goto(`${b.baseUrl}/monitoring/measures-points/${answer.results[0].id}/indications`)
    const chart = page.locator('figure.chart').filter({ has: page.locator('.chart-limit text') }).first()
    const scroller = chart.locator('.chart-scroll')
    const box = await scroller.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      left: el.getBoundingClientRect().left,
      // Scrolled to its right end: in a right-to-left box that is where scrollLeft is 0, else scrollLeft is the most.
      atEnd: getComputedStyle(el).direction === 'rtl' ? Math.abs(el.scrollLeft) <= 1 : el.scrollLeft >= el.scrollWidth - el.clientWidth - 1,
    }))
    // The chart is wider than the phone and scrolls in its own box; it opens at its right end.
    expect(box.scroll).toBeGreaterThan(box.client)
    expect(box.atEnd).toBe(true)
    const inSight = async (target: Locator) => {
      const r = await target.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect)
      return r.width > 0 && r.left >= box.left - 1 && r.right <= box.left + box.client + 1
    }
    expect(await inSight(chart.locator('.chart-limit text'))).toBe(true)
    const years = chart.locator('.chart-grid > text')
    expect(await inSight(years.last())).toBe(true)
    expect(await inSight(years.first())).toBe(false)
    // The axis' text still reads left to right: the last year is the rightmost.
    const rights = await years.evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().right))
    expect(rights).toEqual([...rights].sort((x, y) => x - y))
    await page.close()
  }, 60_000)
})
