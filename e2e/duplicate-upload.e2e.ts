// The same file twice in one report, in the browser (issue 21, item 1; decision 2120): the holder's second upload of
// the same bytes, under its own name or another, is refused on the page with the earlier file's name and day, with
// JavaScript and through the plain form without it, and the earlier file stays «Принят»; a file repeating a reading of
// the earlier one ends «Ошибка» naming both places, and the Department sees it labelled «Повтор данных».
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { useBrowser } from './support/browser.ts'
import { addTestSubstance } from './support/test-substance.ts'
import { logIn } from './support/log-in.ts'
import { nameResponsible } from './support/responsible-person.ts'

const b = useBrowser()
// A year no other browser file touches with holder1's areas: six years back.
const YEAR = new Date().getFullYear() - 6
const FIRST = 'наблюдения-воздух-2026.csv'
/** A substance name of this test's own, so no demo reading or other file shares a row's natural key. */
const SUBSTANCE = 'Маркер повтора файла'
const eventually = <T>(value: () => Promise<T> | T, options: { timeout?: number } = {}) => expect.poll(value, { timeout: 15_000, ...options })

/** The day the portal names, in the region's time zone (the upload happened today). */
const today = () => new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Yekaterinburg', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date())
const refusal = () => `Этот файл уже загружен ${today()} как «${FIRST}».`

/** An observation-results file in the template's columns: one reading of the point per day given. */
function observations(name: string, point: string, readings: Array<[day: number, value: string]>) {
  const header = uploadSpecOf('observation_results').columns.map((c) => c.header)
  const rows = readings.map(([day, value]) => [point, YEAR, `${String(day).padStart(2, '0')}.07.${YEAR}`, SUBSTANCE, value, 'мг/дм³', '', ''])
  return { name, mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].map((r) => r.join(';')).join('\r\n') + '\r\n') }
}

const fileRow = (section: Locator, page: Page, name: string) => section.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) })

describe('the same file uploaded twice into one report', () => {
  beforeAll(() => addTestSubstance(b, SUBSTANCE, 'мг/дм³'), 120_000)

  let address = ''
  let areaName = ''
  let point = ''

  it('is refused on the page naming the earlier file and its day, and the earlier file stays as it was', async () => {
    const page = await logIn(b, 'holder1')
    const companyId = ((await page.evaluate(async () => (await fetch('/api/v1/initialization/')).json())) as { user: { company: number } }).user.company
    address = `${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`
    await page.goto(address)
    areaName = (await page.locator('details.accordion summary .accordion-title').first().textContent()) ?? ''
    expect(areaName).not.toBe('')
    // A surface-water point of that area, by its nomenclature, as the holder's template lists them.
    const areas = (await (await page.request.get(`${b.baseUrl}/api/v1/areas/?company=${companyId}&limit=100`)).json()) as { results: Array<{ id: number; name: string }> }
    const areaId = areas.results.find((a) => a.name === areaName)!.id
    const points = (await (await page.request.get(`${b.baseUrl}/api/v1/measures-points/?area=${areaId}&kind=surface_water&limit=100`)).json()) as { results: Array<{ nomenclature: string | null }> }
    point = points.results.find((p) => p.nomenclature)!.nomenclature!

    await nameResponsible(page, areaName, { fullname: 'Соколова Ирина Павловна', position: 'Эколог', phone: '+7 (3492) 22-33-44', email: 'sokolova@example.ru' })

    const section = page.getByRole('region', { name: 'Результаты наблюдений' }).first()
    const upload = page.getByLabel(`Загрузить файлы: ${areaName}, Результаты наблюдений`)
    const first = observations(FIRST, point, [[1, '0,01'], [2, '0,02']])
    await upload.setInputFiles(first)
    await eventually(() => fileRow(section, page, FIRST).getByRole('status').textContent(), { timeout: 30_000 }).toBe('Принят')

    // The same bytes again, under the same name and then under another: each refused, in Russian, on the page.
    for (const name of [FIRST, 'копия.csv']) {
      await upload.setInputFiles({ ...first, name })
      await eventually(() => section.getByRole('alert').textContent()).toBe(refusal())
      await eventually(() => section.getByRole('list', { name: 'Загрузка файлов' }).textContent()).toContain('Не загружен')
      // The refusal stays until it is dismissed (decision 2660), so the next refusal is seen anew.
      await section.getByRole('button', { name: 'Закрыть сообщение' }).click()
      await eventually(() => section.getByRole('alert').count(), { timeout: 10_000 }).toBe(0)
    }
    await page.reload()
    // One file, still «Принят», and no copy registered.
    expect(await fileRow(section, page, FIRST).count()).toBe(1)
    expect(await fileRow(section, page, FIRST).getByRole('status').textContent()).toBe('Принят')
    expect(await section.getByRole('link', { name: 'копия.csv', exact: true }).count()).toBe(0)
    await page.close()
  }, 120_000)

  it('is refused through the plain form without JavaScript too', async () => {
    const page = await logIn(b, 'holder1', { javaScript: false })
    await page.goto(address)
    const title = `${areaName}, Результаты наблюдений`
    await page.getByLabel(`Файлы (${title})`).setInputFiles(observations('без-скриптов.csv', point, [[1, '0,01'], [2, '0,02']]))
    await page.getByRole('button', { name: `Загрузить (${title})` }).click()
    await page.waitForLoadState()
    expect(await page.locator('.reports-page > [role="alert"].form-error').textContent()).toBe(refusal())
    await page.goto(address)
    expect(await page.getByRole('link', { name: 'без-скриптов.csv', exact: true }).count()).toBe(0)
    await page.close()
  }, 60_000)

  it('refuses a file repeating a reading of the earlier one, naming both places, and the Department sees it as a repeat', async () => {
    const page = await logIn(b, 'holder1')
    await page.goto(address)
    const section = page.getByRole('region', { name: 'Результаты наблюдений' }).first()
    // Other bytes (another value, one new day), one reading of the earlier file again: the check finds it.
    await page.getByLabel(`Загрузить файлы: ${areaName}, Результаты наблюдений`).setInputFiles(observations('правка.csv', point, [[2, '0,03'], [3, '0,01']]))
    const repeat = fileRow(section, page, 'правка.csv')
    await eventually(() => repeat.getByRole('status').textContent(), { timeout: 30_000 }).toMatch(/^Ошибка/)
    expect(await repeat.getByRole('list', { name: 'Ошибки файла правка.csv' }).textContent()).toContain(`повторяет строку 3 файла «${FIRST}» этого отчёта`)
    expect(await fileRow(section, page, FIRST).getByRole('status').textContent()).toBe('Принят')
    await page.close()

    const department = await logIn(b, 'department')
    await department.goto(address)
    const accordion = department.locator('details.accordion', { hasText: areaName }).first()
    if ((await accordion.getAttribute('open')) === null) await accordion.locator('summary').first().click()
    const reviewed = department.getByRole('region', { name: 'Результаты наблюдений' }).first()
    await eventually(() => fileRow(reviewed, department, 'правка.csv').locator('.file-duplicate').textContent()).toBe('Повтор данных')
    expect(await fileRow(reviewed, department, FIRST).locator('.file-duplicate').count()).toBe(0)
    await department.close()
  }, 90_000)
})
