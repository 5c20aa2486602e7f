// The Administrator manages reference data on its screens: changes answer in Russian from the server, companies are
// picked from a list, every change shows in the kind's history; the Department and license holders are refused.
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { logIn } from './support/log-in.ts'

const b = useBrowser()

describe('reference data administration', () => {
  it('changes a substance limit and shows the change with who made it in the history', async () => {
    const page = await logIn(b, 'admin')
    await page.goto(`${b.baseUrl}/monitoring/admin`)
    await page.getByRole('navigation', { name: 'Разделы администрирования' }).getByRole('link', { name: 'Вещества и ПДК' }).click()
    await page.waitForURL('**/monitoring/admin/reference/substance')
    const row = page.getByRole('row').filter({ hasText: 'Сажа' })
    await expect.poll(() => row.getByRole('cell').allTextContents()).toEqual(['Сажа', 'мг/м³', '0,15', '—', 'Изменить'])
    await row.getByRole('link', { name: 'Изменить: Сажа' }).click()
    const form = page.getByRole('form', { name: 'Изменение вещества «Сажа»' })
    await form.getByLabel('ПДК', { exact: true }).fill('0,2')
    await form.getByRole('button', { name: 'Сохранить' }).click()
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Изменения сохранены.')
    await page.goto(`${b.baseUrl}/monitoring/admin/reference/substance`)
    expect(await page.getByRole('row').filter({ hasText: 'Сажа' }).first().getByRole('cell').nth(2).textContent()).toBe('0,2')
    const history = page.locator('table.reference-history tbody tr').first()
    expect(await history.getByRole('cell').nth(1).textContent()).toContain('admin')
    expect(await history.getByRole('cell').nth(2).textContent()).toBe('Сажа')
    expect(await history.getByRole('cell').nth(3).textContent()).toBe('ПДК: 0,15 → 0,2')
    await page.close()
  })

  it('answers empty and malformed fields in Russian from the server, not the browser', async () => {
    const page = await logIn(b, 'admin')
    await page.goto(`${b.baseUrl}/monitoring/admin/reference/company`)
    const form = page.getByRole('form', { name: 'Новая запись' })
    await form.getByRole('button', { name: 'Добавить' }).click()
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Наименование: обязательное поле')
    expect(await form.getByLabel('Наименование').getAttribute('aria-invalid')).toBe('true')
    await form.getByLabel('Наименование').fill('ООО «Тундра-Тест»')
    await form.getByLabel('Вид').selectOption({ label: 'Парниковые газы' })
    await form.getByLabel('ИНН').fill('12-34')
    await form.getByRole('button', { name: 'Добавить' }).click()
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('ИНН: 10 или 12 цифр')
    // What was typed stays in the form.
    expect(await form.getByLabel('Наименование').inputValue()).toBe('ООО «Тундра-Тест»')
    await form.getByLabel('ИНН').fill('8901001234')
    await form.getByRole('button', { name: 'Добавить' }).click()
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Запись добавлена.')
    await page.close()
  })

  it('adds an area whose company is picked from the list, and the users page picks companies from a list too', async () => {
    const page = await logIn(b, 'admin')
    await page.goto(`${b.baseUrl}/monitoring/admin/reference/area`)
    const form = page.getByRole('form', { name: 'Новая запись' })
    await form.getByLabel('Наименование').fill('Тестовый лицензионный участок')
    await form.getByLabel('Вид').selectOption('licence_area')
    const company = form.getByLabel('Предприятие')
    expect(await company.evaluate((el) => el.tagName)).toBe('SELECT')
    const companyName = (await company.locator('option').nth(1).textContent())!
    await company.selectOption({ label: companyName })
    await form.getByRole('button', { name: 'Добавить' }).click()
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Запись добавлена.')
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
})
