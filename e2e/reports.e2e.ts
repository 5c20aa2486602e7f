// Browser tests of the report workflow screens: the holder's reports page, the Department's review lists and decisions.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousFindings } from './support/axe.ts'
import { useBrowser } from './support/browser.ts'
import { greenhouseCsv } from './support/greenhouse-file.ts'
import { logIn as logInAs } from './support/log-in.ts'
import { fillResponsible, nameResponsible } from './support/responsible-person.ts'

const b = useBrowser()
const YEAR = new Date().getFullYear()
/** expect.poll with room for a loaded machine (its default gives up after one second). */
const eventually = <T>(value: () => Promise<T> | T, options: { timeout?: number } = {}) => expect.poll(value, { timeout: 15_000, ...options })

const logIn = (username: string, viewport?: { width: number; height: number }) => logInAs(b, username, viewport)

/** A greenhouse-gas file with a header of its own: the check finds the fields do not match. */
const WRONG_HEADER = { name: 'ghg-bad.csv', mimeType: 'text/csv', buffer: Buffer.from('Вещество;Выброс, т\r\nCO2;1520.4\r\n') }

/** The logged-in user's company (a license holder's own, from the user info). */
async function ownCompany(page: Page): Promise<number> {
  const info = await page.evaluate(async () => (await fetch('/api/v1/initialization/')).json())
  return (info as { user: { company: number } }).user.company
}

async function openReports(page: Page, companyId: number, year = YEAR): Promise<void> {
  await page.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${year}`)
  await page.getByRole('heading', { level: 1 }).waitFor()
}

const greenhouseSection = (page: Page) => page.getByRole('region', { name: 'Парниковые газы' })

describe('the report workflow in the browser', () => {
  let companyId = 0
  let companyName = ''
  let areaName = ''
  let areaId = 0

  it('lets holder1 name the responsible person, upload two files with progress and watch them become success and error', async () => {
    const page = await logIn('holder1')
    companyId = await ownCompany(page)
    await openReports(page, companyId)
    companyName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
    expect(companyName).not.toBe('')
    // The holder's tabs of the company page, with this page current.
    expect(await page.getByRole('navigation', { name: 'Вкладки' }).getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['Отчетность', 'Формы и справочники', 'Оценка состояния']),
    )
    // The year filter: the current year and the 9 before it, the current one chosen.
    const years = await page.getByLabel('Отчетный период').locator('option').allTextContents()
    expect(years).toEqual(Array.from({ length: 10 }, (_, i) => String(YEAR - i)))
    expect(await page.getByLabel('Отчетный период').inputValue()).toBe(String(YEAR))

    const files = [await greenhouseCsv(page, { year: YEAR, name: 'ghg-good.csv' }), WRONG_HEADER]
    const upload = page.getByLabel('Загрузить файлы: Парниковые газы')
    // No responsible person yet: the button is disabled with its reason beside it, so no file is picked and dropped.
    expect(await upload.isDisabled()).toBe(true)
    expect(await greenhouseSection(page).locator('label.upload-button').getAttribute('aria-disabled')).toBe('true')
    expect(await upload.getAttribute('aria-describedby')).toBeTruthy()
    expect(await page.locator(`[id="${await upload.getAttribute('aria-describedby')}"]`).textContent()).toBe('Перед загрузкой внесите данные ответственного лица.')

    await page.getByRole('button', { name: 'Внести ответственное лицо (Парниковые газы)' }).click()
    const dialog = page.getByRole('dialog', { name: 'Ответственное лицо' })
    await fillResponsible(dialog, { fullname: 'Иванов Иван Иванович', position: 'Инженер-эколог', phone: '+7 (3492) 55-44-33', email: 'ivanov@example' })
    await dialog.getByRole('button', { name: 'Сохранить' }).click()
    await eventually(() => dialog.getByText('Введите настоящий адрес электронной почты', { exact: false }).count()).toBe(1)
    expect(await dialog.getByLabel('Электронная почта').getAttribute('aria-invalid')).toBe('true')
    await dialog.getByLabel('Электронная почта').fill('ivanov@example.ru')
    await dialog.getByRole('button', { name: 'Сохранить' }).click()
    await eventually(() => dialog.count()).toBe(0)
    await page.getByRole('button', { name: 'Ответственное лицо: Иванов Иван Иванович (Парниковые газы)' }).waitFor()

    // A file over the limit (300 MB on the demo portal) is refused before sending; the blob repeats one megabyte,
    // so the browser holds 1 MB, not 301.
    await page.getByLabel('Загрузить файлы: Парниковые газы').evaluate((input: HTMLInputElement) => {
      const megabyte = new Blob([new Uint8Array(1024 * 1024)])
      const files = new DataTransfer()
      files.items.add(new File(Array.from({ length: 301 }, () => megabyte), 'big.csv', { type: 'text/csv' }))
      input.files = files.files
      input.dispatchEvent(new Event('change', { bubbles: true }))
    })
    await eventually(() => greenhouseSection(page).getByRole('alert').textContent()).toBe('Максимальный размер загружаемого файла 300 Мб')
    expect(await greenhouseSection(page).getByRole('progressbar').count()).toBe(0)
    await greenhouseSection(page).getByRole('button', { name: 'Закрыть сообщение' }).click()
    expect(await greenhouseSection(page).getByRole('alert').count()).toBe(0)
    // A type the picker does not offer (chosen under «Все файлы») is refused before sending, naming this section's
    // types, and the refusal stays until it is dismissed (the page's clock is moved past the spec's 3-second tooltip).
    await page.clock.install()
    await upload.setInputFiles({ name: 'отчёт.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') })
    await eventually(() => greenhouseSection(page).getByRole('alert').textContent()).toBe('Файл «отчёт.pdf»: недопустимый тип файла, ожидается XLSX или CSV.')
    await page.clock.fastForward(5000)
    expect(await greenhouseSection(page).getByRole('alert').count()).toBe(1)
    expect(await greenhouseSection(page).getByRole('progressbar').count()).toBe(0)
    await greenhouseSection(page).getByRole('button', { name: 'Закрыть сообщение' }).click()
    expect(await greenhouseSection(page).getByRole('alert').count()).toBe(0)

    // A marker that a page reload would lose: statuses must change in place.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
    await upload.setInputFiles(files)
    const section = greenhouseSection(page)
    await section.getByRole('progressbar', { name: 'Загрузка файла ghg-good.csv' }).waitFor()
    await section.getByRole('progressbar', { name: 'Загрузка файла ghg-bad.csv' }).waitFor()
    // A finished upload leaves no bar behind: the files stand in the section's list instead.
    await eventually(() => section.getByRole('list', { name: 'Загрузка файлов' }).count()).toBe(0)
    expect(await section.getByText('Загружен', { exact: true }).count()).toBe(0)

    const good = section.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'ghg-good.csv', exact: true }) })
    const bad = section.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'ghg-bad.csv', exact: true }) })
    await eventually(() => good.getByRole('status').textContent(), { timeout: 30_000 }).toBe('Принят')
    await eventually(() => bad.getByRole('status').textContent(), { timeout: 30_000 }).toBe('Ошибка: несоответствие полей')
    expect(await bad.getByRole('list', { name: 'Ошибки файла ghg-bad.csv' }).textContent()).toContain('несоответствие полей')
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
    expect(await section.getByText('На рассмотрении').count()).toBe(1)

    // A click downloads the file; the section's files come as one ZIP.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'ghg-good.csv', exact: true }).click()])
    expect(download.suggestedFilename()).toBe('ghg-good.csv')
    const [zip] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Скачать все файлы (ZIP) (Парниковые газы)' }).click()])
    expect(zip.suggestedFilename()).toMatch(/\.zip$/)
    await page.close()
  }, 120_000)

  it('creates an area report on the first upload into it and shows the problems of a file with a wrong header', async () => {
    const page = await logIn('holder1')
    await openReports(page, companyId)
    areaName = (await page.locator('details.accordion summary .accordion-title').first().textContent()) ?? ''
    expect(areaName).not.toBe('Парниковые газы')
    await nameResponsible(page, areaName, { fullname: 'Петрова Анна Сергеевна', position: 'Ведущий специалист по экологии', phone: '+7 (3492) 11-22-33', email: 'petrova@example.ru' })

    const section = page.getByRole('region', { name: 'Результаты наблюдений' }).first()
    expect(await section.getByText('На рассмотрении').count()).toBe(0)
    await page.getByLabel(`Загрузить файлы: ${areaName}, Результаты наблюдений`).setInputFiles({ name: 'obs-bad.csv', mimeType: 'text/csv', buffer: Buffer.from('Точка;Значение\r\nП-1;5\r\n') })
    const row = section.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'obs-bad.csv', exact: true }) })
    await eventually(() => row.getByRole('status').textContent(), { timeout: 30_000 }).toBe('Ошибка: несоответствие полей')
    expect(await row.getByRole('list', { name: 'Ошибки файла obs-bad.csv' }).textContent()).toMatch(/строка 1: несоответствие полей: нет столбцов/)
    // The report now exists, under review.
    expect(await section.getByText('На рассмотрении').count()).toBe(1)
    const zipHref = await section.getByRole('link', { name: /^Скачать все файлы \(ZIP\)/ }).getAttribute('href')
    areaId = Number(new URL(zipHref!, b.baseUrl).searchParams.get('area'))
    expect(areaId).toBeGreaterThan(0)
    await page.close()
  }, 90_000)

  it('removes a deleted file in place and answers a click on its stale link with the modal Ошибка', async () => {
    const stale = await logIn('holder1')
    await openReports(stale, companyId)
    const page = await logIn('holder1')
    await openReports(page, companyId)
    await page.getByRole('button', { name: 'Удалить файл obs-bad.csv' }).click()
    const confirm = page.getByRole('dialog', { name: 'Удаление файла' })
    expect(await confirm.textContent()).toContain('Вы действительно хотите безвозвратно удалить файл obs-bad.csv?')
    await confirm.getByRole('button', { name: 'Да' }).click()
    // 'Удаляется', then gone once the worker has removed it: the page polls while the deletion runs.
    await eventually(() => page.getByRole('link', { name: 'obs-bad.csv', exact: true }).count(), { timeout: 30_000 }).toBe(0)

    // The other page still lists it (nothing was in progress there, so it did not poll).
    await stale.getByRole('link', { name: 'obs-bad.csv', exact: true }).click()
    const error = stale.getByRole('dialog', { name: 'Ошибка' })
    await eventually(() => error.textContent()).toContain('Файл obs-bad.csv нельзя скачать')
    await stale.close()
    await page.close()
  }, 90_000)

  it('keeps holder2 away from holder1 reports: page, files and actions', async () => {
    const page = await logIn('holder2')
    expect(await ownCompany(page)).not.toBe(companyId)
    const answer = await page.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`)
    expect(answer?.status()).toBe(403)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Доступ запрещён')
    expect(await page.getByRole('link', { name: 'ghg-good.csv', exact: true }).count()).toBe(0)
    const api = await page.evaluate(async ([company, year]) => (await fetch(`/api/v1/import-files/?company=${company}&year=${year}&report_type=greenhouse_gases`)).status, [companyId, YEAR])
    expect(api).toBe(403)
    // The page's action refuses a deletion in another company's name, whatever the form says.
    const csrf = await page.evaluate(() => (document.querySelector('input[name=csrfmiddlewaretoken]') as HTMLInputElement).value)
    expect((await page.goto(`${b.baseUrl}/monitoring/areas/${areaId}/responsible`))?.status()).toBe(403)
    const action = await page.request.post(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`, {
      form: { intent: 'delete-file', file: '1', csrfmiddlewaretoken: csrf },
    })
    expect(action.status()).toBe(403)
    await page.close()
  }, 60_000)

  it('lets the Department find the company under review, decline with a comment and a file, cancel and agree', async () => {
    // holder1's page stays open meanwhile: it learns of the agreement only from the server's refusal.
    const holder = await logIn('holder1')
    await openReports(holder, companyId)
    const staleDelete = await logIn('holder1')
    await openReports(staleDelete, companyId)
    const page = await logIn('department')
    await page.goto(`${b.baseUrl}/monitoring/department-reports`)
    const tabs = page.getByRole('navigation', { name: 'Вкладки' })
    // Each tab says how many reports it holds.
    const tabTexts = await tabs.getByRole('link').allTextContents()
    expect(tabTexts.map((t) => t.replace(/ \([\d\s\u00a0]+\)$/, ''))).toEqual(['На рассмотрении', 'Согласованные', 'Отклонённые'])
    for (const text of tabTexts) expect(text).toMatch(/\(\d[\d\s\u00a0]*\)$/)
    expect(await tabs.getByRole('link', { name: /^На рассмотрении/ }).getAttribute('aria-current')).toBe('page')
    await page.getByRole('searchbox', { name: 'Искать по названию' }).pressSequentially(companyName.slice(0, 12))
    await page.waitForURL((url) => url.searchParams.get('search') === companyName.slice(0, 12))
    // A passed file and none being checked: the greenhouse report waits for a decision, and its row names the report.
    const decide = page.getByRole('table', { name: /^Ждут решения/ })
    await decide.getByRole('link', { name: `${companyName}, Парниковые газы, ${YEAR} год` }).click()
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(companyName)
    expect(new URL(page.url()).searchParams.get('year')).toBe(String(YEAR))
    expect(await page.getByRole('link', { name: '← Отчеты на рассмотрении' }).count()).toBe(1)

    // The row opened the greenhouse section and only it (the Department's other accordions stay closed);
    // the responsible person is read-only.
    expect(new URL(page.url()).searchParams.get('section')).toBe('greenhouse-greenhouse_gases')
    expect(await page.locator('details.accordion[open] summary').allTextContents()).toEqual([expect.stringContaining('Парниковые газы')])
    await page.getByRole('button', { name: 'Ответственное лицо: Иванов Иван Иванович (Парниковые газы)' }).click()
    const person = page.getByRole('dialog', { name: 'Ответственное лицо' })
    expect(await person.textContent()).toContain('ivanov@example.ru')
    expect(await person.getByRole('textbox').count()).toBe(0)
    await page.keyboard.press('Escape')
    await eventually(() => person.count()).toBe(0)

    const section = greenhouseSection(page)
    await section.getByRole('button', { name: 'Отклонить (Парниковые газы)' }).click()
    const decline = page.getByRole('dialog', { name: 'Отклонить отчёт' })
    await decline.getByLabel('Комментарий (обязательно)').fill('Исправьте заголовок файла ghg-bad.csv.')
    await decline.getByLabel('Файл (необязательно)').setInputFiles({ name: 'Замечания.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% Заголовок не совпадает с шаблоном.') })
    await decline.getByRole('button', { name: 'Отклонить' }).click()
    await eventually(() => decline.count()).toBe(0)
    // The button that opened the dialog is gone; the focus waits on the section's heading instead of the page's top.
    await eventually(() => page.evaluate(() => document.activeElement?.tagName + ' ' + document.activeElement?.textContent)).toBe('H3 Парниковые газы')
    await section.getByRole('button', { name: /^Отклонён / }).click()
    const status = page.getByRole('dialog', { name: 'Статус отчёта' })
    expect(await status.textContent()).toContain('Исправьте заголовок файла ghg-bad.csv.')
    expect(await status.getByRole('link', { name: 'Замечания.pdf' }).count()).toBe(1)
    await status.getByRole('button', { name: 'OK' }).click()

    await section.getByRole('button', { name: 'Отменить решение (Парниковые газы)' }).click()
    const cancel = page.getByRole('dialog', { name: 'Отменить решение' })
    await cancel.getByRole('button', { name: 'Отменить решение' }).click()
    await eventually(() => cancel.count()).toBe(0)
    await section.getByRole('button', { name: /^На рассмотрении/ }).waitFor()

    await section.getByRole('button', { name: 'Согласовать (Парниковые газы)' }).click()
    const agree = page.getByRole('dialog', { name: 'Согласовать отчёт' })
    await agree.getByLabel('Комментарий').fill('Согласовано.')
    await agree.getByRole('button', { name: 'Согласовать' }).click()
    await eventually(() => agree.count()).toBe(0)
    await section.getByRole('button', { name: /^Согласован / }).waitFor()

    // The history: each step of this year's greenhouse report with its author.
    await page.locator('summary', { hasText: 'История изменений' }).click()
    const rows = page.getByRole('table', { name: 'История изменений отчётности' }).getByRole('row').filter({ hasText: `${YEAR}, предприятие, Парниковые газы` })
    const cells = await Promise.all((await rows.all()).map((row) => row.getByRole('cell').allTextContents()))
    // Cells: date, event, report, comment, files, author (a person's name and role), address; oldest first, as the API
    // and docs/reports-ui.md list them (decision 3604). The two uploads ran at
    // once, so their order is either; a decision lists its comment and its own attachments.
    const steps = cells.map(([, event, , comment, files, author]) => [event, files.split(', ').sort().join(', '), author, comment])
    expect(steps.slice(0, 2).map((s) => s[1]).sort()).toEqual(['ghg-bad.csv', 'ghg-good.csv'])
    expect(steps.map(([event, , author]) => `${event} — ${author}`)).toEqual([
      'Файл добавлен — Петров Сергей Николаевич (Недропользователь)',
      'Файл добавлен — Петров Сергей Николаевич (Недропользователь)',
      'Отчёт отклонён — Соколова Анна Викторовна (Департамент)',
      'Решение отменено — Соколова Анна Викторовна (Департамент)',
      'Отчёт согласован — Соколова Анна Викторовна (Департамент)',
    ])
    expect(steps[4][3]).toBe('Согласовано.')
    expect(steps[2]).toEqual(['Отчёт отклонён', 'Замечания.pdf', 'Соколова Анна Викторовна (Департамент)', 'Исправьте заголовок файла ghg-bad.csv.'])

    // The company is now in the 'Согласованные' list for this year.
    await page.goto(`${b.baseUrl}/monitoring/department-reports/agreed`)
    await page.getByRole('link', { name: `${companyName}, Парниковые газы, ${YEAR} год` }).waitFor()
    // The area tab 'Ответственные' shows the person holder1 named for this year.
    await page.goto(`${b.baseUrl}/monitoring/areas/${areaId}/responsible`)
    const named = page.getByRole('table', { name: `Ответственные лица участка ${areaName}` }).getByRole('row').filter({ hasText: 'Петрова Анна Сергеевна' })
    expect(await named.getByRole('cell').first().textContent()).toBe(String(YEAR))
    await page.close()

    // The first error of the server shows on the holder's stale page until dismissed; the failed file's row says so
    // without a bar (its bytes all went, but it was not taken).
    const files = [await greenhouseCsv(holder, { year: YEAR, name: 'ghg-good.csv' }), WRONG_HEADER]
    await holder.getByLabel('Загрузить файлы: Парниковые газы').setInputFiles(files[0])
    const refusal = greenhouseSection(holder).getByRole('alert')
    await eventually(() => refusal.textContent()).toBe('Отчёт согласован: загрузка файлов в него закрыта.')
    const failed = greenhouseSection(holder).getByRole('list', { name: 'Загрузка файлов' })
    expect(await failed.textContent()).toMatch(/ghg-good\.csv.*Не загружен/)
    expect(await failed.getByRole('progressbar').count()).toBe(0)
    await greenhouseSection(holder).getByRole('button', { name: 'Закрыть сообщение' }).click()
    expect(await refusal.count()).toBe(0)
    expect(await failed.count()).toBe(0)
    await holder.close()

    // A deletion the server refuses on a stale page: the spec's message, kept when the page's data is refreshed and
    // the report shows as agreed (its delete buttons gone).
    await greenhouseSection(staleDelete).getByRole('button', { name: 'Удалить файл ghg-bad.csv' }).click()
    await staleDelete.getByRole('dialog', { name: 'Удаление файла' }).getByRole('button', { name: 'Да' }).click()
    const deleteRefusal = staleDelete.getByRole('dialog', { name: 'Удаление файла' }).getByRole('alert')
    await eventually(() => deleteRefusal.textContent()).toBe('Ошибка удаления файла: имеются согласованные отчёты.')
    await staleDelete.evaluate(() => (window as unknown as { __remixRouter: { revalidate(): void } }).__remixRouter.revalidate())
    await eventually(() => greenhouseSection(staleDelete).getByText('Отчёт согласован: загрузка закрыта.').count()).toBe(1)
    expect(await deleteRefusal.textContent()).toBe('Ошибка удаления файла: имеются согласованные отчёты.')
    await staleDelete.close()
  }, 120_000)

  it('offers holder1 no deletion of a file of the agreed report, and the server refuses it with the spec message', async () => {
    const page = await logIn('holder1')
    await openReports(page, companyId)
    const section = greenhouseSection(page)
    expect(await section.getByText('Отчёт согласован: загрузка закрыта.').count()).toBe(1)
    // Nothing agreed can be deleted (issue 14): the button is not offered at all.
    expect(await section.getByRole('button', { name: /^Удалить файл/ }).count()).toBe(0)
    const href = await section.getByRole('link', { name: 'ghg-good.csv', exact: true }).getAttribute('href')
    const fileId = Number(/import-files\/(\d+)\//.exec(href ?? '')?.[1])
    const answer = await page.evaluate(async (id) => {
      const token = document.querySelector<HTMLInputElement>('input[name=csrfmiddlewaretoken]')?.value ?? ''
      const res = await fetch(`/api/v1/import-files/${id}`, { method: 'DELETE', headers: { 'X-CSRFToken': token } })
      return { status: res.status, detail: ((await res.json()) as { detail: string }).detail }
    }, fileId)
    expect(answer).toEqual({ status: 400, detail: 'имеются согласованные отчёты' })
    expect(await section.getByRole('link', { name: 'ghg-good.csv', exact: true }).count()).toBe(1)
    await page.close()
  }, 60_000)
})

describe('accessibility, narrow screens and pages without JavaScript', () => {
  it('finds no serious or critical axe violation on the reports page, for the holder and the Department', async () => {
    const holder = await logIn('holder1')
    await openReports(holder, await ownCompany(holder), 2025)
    expect(await seriousFindings(holder)).toEqual([])
    await holder.close()

    const department = await logIn('department')
    const first = await firstReviewed(department)
    await openReports(department, first.company, first.year)
    await department.locator('summary', { hasText: 'История изменений' }).click()
    expect(await seriousFindings(department)).toEqual([])
    await department.close()
  }, 60_000)

  it('finds no serious or critical axe violation on the review list and in an open dialog', async () => {
    const page = await logIn('department')
    await page.goto(`${b.baseUrl}/monitoring/department-reports`)
    await page.getByRole('searchbox', { name: 'Искать по названию' }).waitFor()
    expect(await seriousFindings(page)).toEqual([])
    const first = await firstReviewed(page)
    await openReports(page, first.company, first.year)
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)))
    await page.getByRole('button', { name: /^Согласовать \(/ }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Согласовать отчёт' })
    // Focus is inside the dialog, and Escape closes it.
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true)
    expect(await seriousFindings(page)).toEqual([])
    await page.keyboard.press('Escape')
    await eventually(() => dialog.count()).toBe(0)
    await page.close()
  }, 60_000)

  it('fits a 360-pixel screen without sideways scrolling', async () => {
    const page = await logIn('holder1', { width: 360, height: 740 })
    await openReports(page, await ownCompany(page), 2025)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await page.close()
  }, 60_000)

  it('shows the holder the files and switches the year without JavaScript', async () => {
    const withScripts = await logIn('holder1')
    const companyId = await ownCompany(withScripts)
    const context = await b.browser.newContext({ javaScriptEnabled: false, locale: 'ru-RU', storageState: await withScripts.context().storageState() })
    await withScripts.close()
    const page = await context.newPage()
    await page.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`)
    await page.getByLabel('Отчетный период').selectOption('2025')
    await page.getByRole('button', { name: 'Показать' }).click()
    await page.waitForURL((url) => url.searchParams.get('year') === '2025')
    // The demo data's checked files of 2025, server-rendered in the open accordions.
    expect(await page.getByRole('link', { name: /^Программа ЛЭМ 2025/ }).count()).toBeGreaterThan(0)
    expect(await page.getByRole('status').filter({ hasText: 'Принят' }).count()).toBeGreaterThan(0)
    await context.close()
  }, 60_000)

  it('answers the 404 page for an unknown company and an unknown review list', async () => {
    const page = await logIn('department')
    expect((await page.goto(`${b.baseUrl}/monitoring/companies/999999/reports`))?.status()).toBe(404)
    expect(await page.getByText('Страница не найдена').count()).toBe(1)
    expect((await page.goto(`${b.baseUrl}/monitoring/department-reports/unknown`))?.status()).toBe(404)
    await page.close()
  }, 60_000)
})

/** The company and year of the first report of the Department's 'На рассмотрении' list (the oldest). */
async function firstReviewed(page: Page): Promise<{ company: number; year: number }> {
  await page.goto(`${b.baseUrl}/monitoring/department-reports`)
  const href = await page.getByRole('table').locator('a[href*="/reports"]').first().getAttribute('href')
  const match = /companies\/(\d+)\/reports\?year=(\d+)/.exec(href ?? '')
  return { company: Number(match?.[1]), year: Number(match?.[2]) }
}
