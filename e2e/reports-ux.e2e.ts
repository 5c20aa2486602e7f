// Issue 14 in the browser: decline → corrected upload → back in review (marked) → agree; the agree button disabled
// with its reason; findings in two levels with an error report downloaded and read back; receipts; the review queue
// with counts and ages; the audit view and its download; the history oldest first with the decline's comment.
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { downloadedBytes } from './support/download.ts'
import { greenhouseCsv } from './support/greenhouse-file.ts'
import { logIn as logInAs } from './support/log-in.ts'
import { fillResponsible } from './support/responsible-person.ts'

const b = useBrowser()
const YEAR = new Date().getFullYear()
const eventually = <T>(value: () => Promise<T> | T, options: { timeout?: number } = {}) => expect.poll(value, { timeout: 20_000, ...options })

const DANGER_RED = 'rgb(166, 27, 27)'
const WHITE = 'rgb(255, 255, 255)'
const backgroundOf = (button: ReturnType<Page['getByRole']>) => button.evaluate((el) => getComputedStyle(el).backgroundColor)

const logIn = (username: string) => logInAs(b, username, { acceptDownloads: true })

const section = (page: Page) => page.getByRole('region', { name: 'Парниковые газы' })

const greenhouseFile = (page: Page, valid: boolean) => greenhouseCsv(page, { year: YEAR, valid, name: valid ? 'исправленный.csv' : 'с-ошибкой.csv' })

describe('the report workflow as people live it (issue 14)', () => {
  let companyId = 0
  let companyName = ''

  it('gives the holder accept=, the responsible requirement before picking, findings with an error report read back, and a receipt', async () => {
    const page = await logIn('holder2')
    companyId = ((await page.evaluate(async () => (await fetch('/api/v1/initialization/')).json())) as { user: { company: number } }).user.company
    await page.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`)
    companyName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
    const input = page.getByLabel('Загрузить файлы: Парниковые газы')
    expect(await input.getAttribute('accept')).toContain('.csv')
    expect(await input.getAttribute('accept')).not.toContain('.exe')
    // The greenhouse report exists from the page's opening (spec §4): its status shows before any upload.
    if (!(await page.getByRole('button', { name: /^Ответственное лицо: .*\(Парниковые газы\)$/ }).count())) {
      expect(await section(page).getByText('Перед загрузкой внесите данные ответственного лица.').count()).toBe(1)
      await page.getByRole('button', { name: 'Внести ответственное лицо (Парниковые газы)' }).click()
      const dialog = page.getByRole('dialog', { name: 'Ответственное лицо' })
      await fillResponsible(dialog, { fullname: 'Сидоров Пётр Ильич', position: 'Эколог', phone: '+7 (3494) 22-33-44', email: 'sidorov@example.ru' })
      await dialog.getByRole('button', { name: 'Сохранить' }).click()
      await eventually(() => dialog.count()).toBe(0)
    }
    await input.setInputFiles(await greenhouseFile(page, false))
    await eventually(() => section(page).getByText('Ошибка: несоответствие полей').count(), { timeout: 60_000 }).toBeGreaterThan(0)
    // The error report, downloaded and read back: the bad cell's row, column, value, level and message.
    const [download] = await Promise.all([page.waitForEvent('download'), section(page).getByRole('link', { name: /^XLSX/ }).first().click()])
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer)
    const rows = workbook.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1))
    expect(rows[0]).toEqual(['Строка', 'Столбец', 'Значение', 'Уровень', 'Сообщение'])
    expect(rows[1]).toEqual([2, expect.stringContaining('CO'), 'много', 'ошибка', 'ожидается число'])
    // The submission's receipt: file name, size and SHA-256.
    await section(page).getByRole('link', { name: 'Квитанция (с-ошибкой.csv)' }).click()
    await page.getByRole('heading', { name: /^Квитанция о приёме файла № \d+$/ }).waitFor()
    // Its tab says the heading once, without the crumb «Квитанция № N» repeating its words (issue 26).
    const title = await page.title()
    expect(title).toMatch(/^Квитанция о приёме файла № \d+ — Отчетность — Экологический мониторинг ЯНАО$/)
    expect(title.match(/Квитанция/g)).toHaveLength(1)
    expect(await page.getByRole('table').textContent()).toContain('с-ошибкой.csv')
    expect(await page.locator('table code.hash').textContent()).toMatch(/^[0-9a-f]{64}$/)
    // It names the sender as a person with the role, and says where the file and the report stood when it was received
    // (issue 26); the check's result came after, on the one line apart from the receipt's own fields (issue 33).
    const facts = (await page.locator('.receipt-facts').textContent()) ?? ''
    expect(facts).toContain('Морозова Елена Игоревна (Недропользователь)')
    expect(facts).not.toContain('holder2')
    expect(facts).toContain('Проверка файлаФайл проверяется')
    expect(facts).toContain('Статус отчётаНа рассмотрении')
    expect(await page.locator('.receipt-since').textContent()).toMatch(/^После выдачи квитанции: файл не прошёл проверку \d{2}\.\d{2}\.\d{4}$/)
    expect(facts).toMatch(/Ответственное лицо[А-ЯЁ][а-яё]+ /)
    await page.close()
  }, 120_000)

  it('disables agreeing with its reason, then runs decline → corrected upload → back in review, marked → agree', async () => {
    const department = await logIn('department')
    await department.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`)
    await department.locator('summary', { hasText: 'Парниковые газы' }).click()
    const agree = section(department).getByRole('button', { name: 'Согласовать (Парниковые газы)' })
    expect(await agree.isDisabled()).toBe(true)
    expect(await section(department).getByText('Согласовать нельзя: ни один файл не прошёл проверку').count()).toBe(1)
    await section(department).getByRole('button', { name: 'Отклонить (Парниковые газы)' }).click()
    const decline = department.getByRole('dialog', { name: 'Отклонить отчёт' })
    // A decline sends the report back to the holder: its confirm button is red, the way out is not.
    expect(await backgroundOf(decline.getByRole('button', { name: 'Отклонить' }))).toBe(DANGER_RED)
    expect(await backgroundOf(decline.getByRole('button', { name: 'Отмена' }))).toBe(WHITE)
    await decline.getByLabel('Комментарий (обязательно)').fill('Значения выбросов должны быть числами.')
    await decline.getByRole('button', { name: 'Отклонить' }).click()
    await eventually(() => decline.count()).toBe(0)

    const holder = await logIn('holder2')
    await holder.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`)
    const note = holder.getByRole('complementary', { name: 'Замечания Департамента (Парниковые газы)' })
    expect(await note.textContent()).toContain('Значения выбросов должны быть числами.')
    // The decline is signed by a person of the Department, not by a login.
    expect(await note.textContent()).toContain('Соколова Анна Викторовна (Департамент)')
    await holder.getByLabel('Загрузить файлы: Парниковые газы').setInputFiles(await greenhouseFile(holder, true))
    await eventually(async () => {
      await holder.reload()
      return section(holder).getByText('Принят').count()
    }, { timeout: 60_000 }).toBeGreaterThan(0)
    expect(await section(holder).getByText(/^Повторно, раунд \d+$/).count()).toBe(1)
    await holder.close()

    // Back in the queue, marked as resubmitted, with its date and age; the tabs count.
    await department.goto(`${b.baseUrl}/monitoring/department-reports?sort=newest&search=${encodeURIComponent(companyName.slice(0, 12))}`)
    const row = department.getByRole('row').filter({ hasText: 'Парниковые газы' }).filter({ hasText: companyName }).first()
    expect(await row.textContent()).toMatch(/Повторно, раунд \d+/)
    // «Дней» is the column before the due date's («Срок сдачи»).
    const cells = row.getByRole('cell')
    expect(await cells.nth((await cells.count()) - 2).textContent()).toBe('0')
    await department.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`)
    await department.locator('summary', { hasText: 'Парниковые газы' }).click()
    await eventually(() => agree.isDisabled()).toBe(false)
    await agree.click()
    const dialog = department.getByRole('dialog', { name: 'Согласовать отчёт' })
    await dialog.getByRole('button', { name: 'Согласовать' }).click()
    await eventually(() => dialog.count()).toBe(0)
    await eventually(() => section(department).getByRole('button', { name: /^Согласован / }).count()).toBe(1)
    // Taking the decision back is offered, but as a secondary button beside the report's status.
    const cancel = section(department).getByRole('button', { name: 'Отменить решение (Парниковые газы)' })
    expect(await backgroundOf(cancel)).toBe(WHITE)
    await cancel.click()
    const cancelDialog = department.getByRole('dialog', { name: 'Отменить решение' })
    expect(await backgroundOf(cancelDialog.getByRole('button', { name: 'Отменить решение' }))).not.toBe(DANGER_RED)
    await cancelDialog.getByRole('button', { name: 'Отмена' }).click()
    await eventually(() => cancelDialog.count()).toBe(0)
    // The year's history, oldest first: the decline with its comment further up, the agreement at the bottom.
    await department.locator('summary', { hasText: 'История изменений' }).click()
    const events = await department.locator('.history-table tbody tr td:nth-child(2)').allTextContents()
    expect(events.at(-1)).toBe('Отчёт согласован')
    expect(events.some((e) => /^Отчёт отправлен повторно, раунд \d+$/.test(e))).toBe(true)
    expect(await department.locator('.history-table').textContent()).toContain('Значения выбросов должны быть числами.')
    // The agreement's receipt, from its row: it names who decided as a person with the role, not by the login.
    await department.locator('.history-table tbody tr').last().getByRole('link', { name: /\d/ }).click()
    await department.getByRole('heading', { name: /^Квитанция о решении: отчёт согласован № \d+$/ }).waitFor()
    const decided = (await department.locator('.receipt-facts').textContent()) ?? ''
    expect(decided).toContain('Решение принялСоколова Анна Викторовна (Департамент)')
    expect(decided).not.toMatch(/department/i)
    expect(decided).toContain('Статус отчётаСогласован')
    await department.close()
  }, 180_000)

  it("offers the Department's audit filtered by company and event, and downloads what it shows", async () => {
    const page = await logIn('department')
    await page.goto(`${b.baseUrl}/monitoring/department-reports/audit?company=${companyId}&event=rejected`)
    const rows = page.locator('.audit-table tbody tr')
    await eventually(() => rows.count()).toBeGreaterThan(0)
    for (const text of await page.locator('.audit-table tbody tr td:nth-child(3)').allTextContents()) expect(text).toBe('Отчёт отклонён')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать CSV' }).click()])
    const lines = (await downloadedBytes(download)).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines.length - 1).toBe(await rows.count())
    await page.close()
  }, 60_000)
})
