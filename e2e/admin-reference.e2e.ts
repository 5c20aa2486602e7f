// The Administrator manages reference data on its screens: changes answer in Russian from the server, companies are
// picked from a list, every change shows in the kind's history; the Department and license holders are refused.
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { logIn } from './support/log-in.ts'
import { seriousFindings } from './support/axe.ts'

const b = useBrowser()

describe('reference data administration', () => {
  it('changes a substance limit and shows the change with who made it in the history', async () => {
    const page = await logIn(b, 'admin')
    await page.goto(`${b.baseUrl}/monitoring/admin`)
    await page.getByRole('navigation', { name: 'Разделы администрирования' }).getByRole('link', { name: 'Вещества и ПДК' }).click()
    await page.waitForURL('**/monitoring/admin/reference/substance')
    const row = page.getByRole('row').filter({ hasText: 'Сажа' })
    await expect.poll(async () => (await row.getByRole('cell').allTextContents()).slice(0, 4)).toEqual(['Сажа', 'мг/м³', '0,05', '0,15'])
    await row.getByRole('link', { name: 'Изменить: Сажа' }).click()
    const form = page.getByRole('form', { name: 'Изменение вещества «Сажа»' })
    await form.getByLabel('ПДК', { exact: true }).fill('0,1')
    await form.getByRole('button', { name: 'Сохранить' }).click()
    // The answer says it was saved and shows what was saved, as the table will.
    await expect.poll(() => form.getByRole('status').locator('p').textContent()).toBe('Сохранено. Изменения сохранены.')
    expect((await form.getByRole('status').locator('dd').allTextContents()).slice(0, 5)).toEqual(['Сажа', 'мг/м³', '0,1', '0,15', 'СанПиН 1.2.3685-21, табл. 1.1 (атмосферный воздух) (углерод, сажа)'])
    expect(await form.getByLabel('ПДК', { exact: true }).inputValue()).toBe('0,1')
    await page.goto(`${b.baseUrl}/monitoring/admin/reference/substance`)
    expect(await page.getByRole('row').filter({ hasText: 'Сажа' }).first().getByRole('cell').nth(2).textContent()).toBe('0,1')
    const history = page.locator('table.reference-history tbody tr').first()
    // Who, as a person with the group, not the login (issue 26).
    expect(await history.getByRole('cell').nth(1).textContent()).toMatch(/^[А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ \(Администратор\)/)
    expect(await history.getByRole('cell').nth(2).textContent()).toBe('Сажа')
    expect(await history.getByRole('cell').nth(3).textContent()).toBe('ПДК: 0,05 → 0,1')
    // A reading of Сажа sampled before the change: its point's public page says which limit applied then (issue 24).
    type Reading = { measures_point: number | { id: number }; year: number; name: string; sampled: string | null }
    // The list has no filter by substance, so it is read page by page until a sampled Сажа reading turns up.
    const reading = (await page.evaluate(async () => {
      for (let next: string | null = '/api/v1/measures-point-indications/?limit=1000'; next; ) {
        const answer = (await (await fetch(next)).json()) as { next: string | null; results: Array<{ name: string; sampled: string | null }> }
        const found = answer.results.find((r) => r.name === 'Сажа' && r.sampled !== null)
        if (found) return found
        next = answer.next
      }
      return undefined
    })) as Reading | undefined
    expect(reading).toBeDefined()
    const pointId = typeof reading!.measures_point === 'number' ? reading!.measures_point : reading!.measures_point.id
    const visitor = await b.browser.newPage({ locale: 'ru-RU' })
    await visitor.goto(`${b.baseUrl}/monitoring/measures-points/${pointId}/indications?year=${reading!.year}`)
    const notes = (await visitor.locator('.limit-notes').textContent()) ?? ''
    expect(notes).toContain('ПДК изменялась после отбора проб:')
    expect(notes).toMatch(/Сажа: на \d{2}\.\d{2}\.\d{4} действовала ПДК 0,05, сейчас 0,1/)
    await visitor.close()
    await page.close()
  })

  it('lists every substance the air reports show a ПДК for, with the limits of the standard (decision 3608)', async () => {
    const page = await logIn(b, 'admin')
    await page.goto(`${b.baseUrl}/monitoring/admin/reference/substance`)
    for (const [name, mpc, mpcMax] of [['Оксид азота (NO)', '0,06', '0,4'], ['Сероводород (H2S)', '0,008', '0,008'], ['Метан (CH4)', '50', '—']]) {
      const row = page.getByRole('row').filter({ hasText: name })
      await expect.poll(async () => (await row.first().getByRole('cell').allTextContents()).slice(0, 4), { message: name }).toEqual([name, 'мг/м³', mpc, mpcMax])
    }
    await page.close()
  })

  it('answers empty and malformed fields in Russian from the server, every one at once, then shows what was saved', async () => {
    const page = await logIn(b, 'admin')
    await page.goto(`${b.baseUrl}/monitoring/admin/reference/company`)
    const form = page.getByRole('form', { name: 'Новая запись' })
    await form.getByLabel('ОГРН').fill('1')
    await form.getByRole('button', { name: 'Добавить' }).click()
    // Every field that stopped it, in the summary at the top and beside its own field, not only the first.
    const summary = form.getByRole('alert')
    await expect.poll(() => summary.getByRole('listitem').allTextContents()).toEqual(['Наименование: обязательное поле', 'Вид: обязательное поле', 'ОГРН: 13 или 15 цифр'])
    for (const [label, message] of [['Наименование', 'Наименование: обязательное поле'], ['Вид', 'Вид: обязательное поле'], ['ОГРН', 'ОГРН: 13 или 15 цифр']]) {
      const field = form.getByLabel(label, { exact: true })
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      const described = (await field.getAttribute('aria-describedby'))!
      expect(await page.locator(`#${described}`).textContent()).toBe(message)
    }
    expect(await form.getByLabel('ИНН').getAttribute('aria-invalid')).toBeNull()
    // A link of the summary takes the cursor to its field.
    await summary.getByRole('link', { name: 'ОГРН: 13 или 15 цифр' }).click()
    await form.getByLabel('Наименование', { exact: true }).fill('ООО «Тундра-Тест»')
    await form.getByLabel('Вид', { exact: true }).selectOption({ label: 'Парниковые газы' })
    await form.getByLabel('ИНН').fill('12-34')
    await form.getByLabel('ОГРН').fill('')
    await form.getByRole('button', { name: 'Добавить' }).click()
    await expect.poll(() => form.getByRole('alert').getByRole('listitem').allTextContents()).toEqual(['ИНН: 10 или 12 цифр'])
    // What was typed stays in the form.
    expect(await form.getByLabel('Наименование', { exact: true }).inputValue()).toBe('ООО «Тундра-Тест»')
    await form.getByLabel('ИНН').fill('8901001234')
    await form.getByRole('button', { name: 'Добавить' }).click()
    await expect.poll(() => form.getByRole('status').locator('p').textContent()).toBe('Сохранено. Запись добавлена.')
    expect(await form.getByRole('status').locator('dd').allTextContents()).toEqual(['ООО «Тундра-Тест»', 'Парниковые газы', '8901001234', '—', 'Нет'])
    // The form is empty again for the next entry: a second click does not add the same one twice.
    expect(await form.getByLabel('Наименование', { exact: true }).inputValue()).toBe('')
    await page.close()
  })

  it('adds an area whose company is picked from the list, and the users page picks companies from a list too', async () => {
    const page = await logIn(b, 'admin')
    await page.goto(`${b.baseUrl}/monitoring/admin/reference/area`)
    const form = page.getByRole('form', { name: 'Новая запись' })
    await form.getByLabel('Наименование', { exact: true }).fill('Тестовый лицензионный участок')
    await form.getByLabel('Вид', { exact: true }).selectOption('licence_area')
    const company = form.getByLabel('Предприятие')
    expect(await company.evaluate((el) => el.tagName)).toBe('SELECT')
    const companyName = (await company.locator('option').nth(1).textContent())!
    await company.selectOption({ label: companyName })
    await form.getByRole('button', { name: 'Добавить' }).click()
    await expect.poll(() => form.getByRole('status').locator('p').textContent()).toBe('Сохранено. Запись добавлена.')
    await page.reload()
    const added = page.getByRole('row').filter({ hasText: 'Тестовый лицензионный участок' }).first()
    expect(await added.getByRole('cell').nth(2).textContent()).toBe(companyName)
    expect(await page.locator('table.reference-history tbody tr').first().textContent()).toContain('Добавлена')

    await page.goto(`${b.baseUrl}/monitoring/admin`)
    expect(await page.getByRole('form', { name: 'Новый пользователь' }).getByLabel('Предприятие').evaluate((el) => el.tagName)).toBe('SELECT')
    await page.close()
  })

  it('refuses the screens and their posts to the Department and to a license holder', async () => {
    for (const username of ['department', 'holder1']) {
      const page = await logIn(b, username)
      await page.goto(`${b.baseUrl}/monitoring/admin/reference/unit`)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Доступ запрещён')
      // A forged post with the session's own CSRF token is refused by the server and adds nothing.
      const { csrftoken } = (await (await page.request.get(`${b.baseUrl}/auth/csrf/`)).json()) as { csrftoken: string }
      const res = await page.request.post(`${b.baseUrl}/monitoring/admin/reference/unit`, { form: { csrfmiddlewaretoken: csrftoken, intent: 'add', name: `взлом-${username}` } })
      expect(res.status()).toBe(403)
      await page.close()
    }
    const admin = await logIn(b, 'admin')
    await admin.goto(`${b.baseUrl}/monitoring/admin/reference/unit`)
    expect(await admin.getByRole('cell', { name: /взлом/ }).count()).toBe(0)
    await admin.close()
  })

  it('flags every required field, and the server refuses exactly those fields when the form comes empty, for every kind', async () => {
    const page = await logIn(b, 'admin')
    for (const kind of ['substance', 'unit', 'point-kind', 'company', 'area']) {
      await page.goto(`${b.baseUrl}/monitoring/admin/reference/${kind}`)
      const form = page.getByRole('form', { name: 'Новая запись' })
      const flagged = await form.locator('[aria-required="true"]').evaluateAll((els) => els.map((el) => [el.getAttribute('name'), el.hasAttribute('required'), el.closest('.field')?.querySelector('.required-mark')?.textContent === '*']))
      expect(flagged.length, kind).toBeGreaterThan(0)
      for (const [name, required, starred] of flagged) expect([name, required, starred], kind).toEqual([name, true, true])
      await form.getByRole('button', { name: 'Добавить' }).click()
      await expect.poll(() => form.getByRole('alert').count(), { timeout: 20_000 }).toBeGreaterThan(0)
      const refused = await form.locator('[aria-invalid="true"]').evaluateAll((els) => els.map((el) => el.getAttribute('name')))
      expect(refused, kind).toEqual(flagged.map(([name]) => name))
    }
    await page.close()
  })

  it('never ends silent for a form filled field by field without JavaScript: a refusal names its fields, a save shows what was saved', async () => {
    const page = await logIn(b, 'admin', { javaScript: false })
    await page.goto(`${b.baseUrl}/monitoring/admin/reference/substance`)
    let form = page.getByRole('form', { name: 'Новая запись' })
    await form.getByLabel('ПДК', { exact: true }).fill('2')
    await form.getByLabel('ПДК максимальная разовая').fill('1')
    await form.getByRole('button', { name: 'Добавить' }).click()
    form = page.getByRole('form', { name: 'Новая запись' })
    await expect.poll(() => form.getByRole('alert').getByRole('listitem').allTextContents()).toEqual([
      'Наименование: обязательное поле',
      'Единица измерения: обязательное поле',
      'ПДК максимальная разовая: не может быть меньше поля «ПДК»',
    ])
    await form.getByLabel('Наименование', { exact: true }).fill('Бензол')
    await form.getByLabel('Единица измерения').selectOption({ label: 'мг/м³' })
    await form.getByLabel('ПДК максимальная разовая').fill('3,5')
    await form.getByRole('button', { name: 'Добавить' }).click()
    form = page.getByRole('form', { name: 'Новая запись' })
    await expect.poll(() => form.getByRole('status').locator('p').textContent()).toBe('Сохранено. Запись добавлена.')
    expect(await form.getByRole('status').locator('dd').allTextContents()).toEqual(['Бензол', 'мг/м³', '2', '3,5', '—'])
    await page.close()
  })

  it('retires an entry that readings use instead of deleting it, shows it marked, offers it for nothing new, and restores it', async () => {
    const page = await logIn(b, 'admin')
    await page.goto(`${b.baseUrl}/monitoring/admin/reference/substance`)
    // Deleting a substance that readings name is refused, saying to retire it.
    await page.getByRole('button', { name: 'Удалить: Сажа' }).click()
    await expect.poll(() => page.locator('#entry-error').textContent(), { timeout: 30_000 }).toBe(
      'Нельзя удалить запись «Сажа»: на неё ссылаются показания или другие данные. Выведите её из употребления — она останется в прежних данных, но не будет предлагаться для новых.',
    )
    await page.getByRole('button', { name: 'Вывести из употребления: Сажа' }).click()
    await expect.poll(() => page.locator('#entry-ok').textContent(), { timeout: 30_000 }).toBe('Запись выведена из употребления: она остаётся в прежних данных и не предлагается для новых.')
    const row = page.getByRole('row').filter({ hasText: 'Сажа' }).first()
    await expect.poll(() => row.getByRole('cell').first().textContent(), { timeout: 30_000 }).toBe('Сажа (выведено из употребления)')
    await expect.poll(() => page.locator('table.reference-history tbody tr').first().getByRole('cell').nth(3).textContent(), { timeout: 30_000 }).toBe('Выведена из употребления')
    await row.getByRole('button', { name: 'Вернуть в употребление: Сажа' }).click()
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Сажа' }).first().getByRole('cell').first().textContent(), { timeout: 30_000 }).toBe('Сажа')

    // A retired unit is no longer in the substance form's list; an unused one is deleted.
    await page.goto(`${b.baseUrl}/monitoring/admin/reference/unit`)
    const form = page.getByRole('form', { name: 'Новая запись' })
    await form.getByLabel('Обозначение').fill('нг/м³')
    await form.getByRole('button', { name: 'Добавить' }).click()
    await expect.poll(() => form.getByRole('status').locator('p').textContent(), { timeout: 30_000 }).toBe('Сохранено. Запись добавлена.')
    await page.getByRole('button', { name: 'Вывести из употребления: нг/м³' }).click()
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'нг/м³' }).first().getByRole('cell').first().textContent(), { timeout: 30_000 }).toBe('нг/м³ (выведено из употребления)')
    await page.goto(`${b.baseUrl}/monitoring/admin/reference/substance`)
    const units = await page.getByRole('form', { name: 'Новая запись' }).getByLabel('Единица измерения').locator('option').allTextContents()
    expect(units).toContain('мг/м³')
    expect(units).not.toContain('нг/м³')
    await page.goto(`${b.baseUrl}/monitoring/admin/reference/unit`)
    await page.getByRole('button', { name: 'Удалить: нг/м³' }).click()
    await expect.poll(() => page.locator('#entry-ok').textContent(), { timeout: 30_000 }).toBe('Запись удалена.')
    // The page's lists are read again just after the answer shows.
    await expect.poll(() => page.getByRole('table', { name: /^Записи/ }).getByRole('row').filter({ hasText: 'нг/м³' }).count(), { timeout: 30_000 }).toBe(0)
    await expect.poll(() => page.locator('table.reference-history tbody tr').first().textContent()).toContain('Удалена')
    await page.close()
  })

  it('finds nothing serious or critical on the page with every field refused and on a phone', async () => {
    for (const width of [1280, 390]) {
      const page = await logIn(b, 'admin', { width })
      await page.goto(`${b.baseUrl}/monitoring/admin/reference/area`)
      const form = page.getByRole('form', { name: 'Новая запись' })
      await form.getByRole('button', { name: 'Добавить' }).click()
      await expect.poll(() => form.getByRole('alert').getByRole('listitem').count(), { timeout: 30_000 }).toBe(2)
      const findings = await seriousFindings(page)
      expect(findings, `${width}: ${JSON.stringify(findings)}`).toEqual([])
      await page.close()
    }
  })
})
