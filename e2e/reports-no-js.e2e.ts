// The reports page without JavaScript (issue 14, item 6): plain forms upload a file, save the responsible person and
// take the Department's decision with a comment and a file; the notice names only what still needs JavaScript.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { useBrowser } from './support/browser.ts'
import { logIn } from './support/log-in.ts'
import { fillResponsible } from './support/responsible-person.ts'

const b = useBrowser()
// A year no other browser file touches: holder2's company, seven years back.
const YEAR = new Date().getFullYear() - 7
const TITLE = 'Парниковые газы'

async function greenhouseCsv(page: Page) {
  const references = (await (await page.request.get(`${b.baseUrl}/api/v1/references/`)).json()) as { greenhouse_categories: Array<{ name: string }> }
  const category = references.greenhouse_categories.find((c) => c.name !== '---')!.name
  const header = uploadSpecOf('greenhouse_gases').columns.map((c) => c.header).join(';')
  return { name: 'без-скриптов.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\r\n${YEAR};${category};100;2;0.1;0;0;0;0;179.8\r\n`) }
}

const said = (page: Page) => page.locator('.reports-page > [role="status"].form-done, .reports-page > [role="alert"].form-error').textContent()

describe('the reports page without JavaScript', () => {
  it('lets the holder name the responsible person and upload, and the Department decline with a comment and a file', async () => {
    const holder = await logIn(b, 'holder2', { javaScript: false })
    const companyId = ((await (await holder.request.get(`${b.baseUrl}/api/v1/initialization/`)).json()) as { user: { company: number } }).user.company
    const address = `${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${YEAR}`
    await holder.goto(address)
    const notice = await holder.getByRole('note').textContent()
    expect(notice).toContain('Без JavaScript недоступны: удаление файлов')
    expect(notice).not.toContain('ответственное лицо,')
    // No responsible person yet: the upload form is not offered, the requirement is said.
    expect(await holder.getByLabel(`Файлы (${TITLE})`).count()).toBe(0)

    const form = holder.locator('details.no-script-form', { hasText: `Внести ответственное лицо (${TITLE})` })
    await form.locator('summary').click()
    await fillResponsible(form, { fullname: 'Белова Мария Андреевна', position: 'Эколог', phone: '+7 (3494) 10-20-30', email: 'belova@example.ru' })
    await form.getByRole('button', { name: `Сохранить (${TITLE})` }).click()
    await holder.waitForLoadState()
    expect(await said(holder)).toBe('Ответственное лицо сохранено.')

    await holder.goto(address)
    await holder.getByLabel(`Файлы (${TITLE})`).setInputFiles(await greenhouseCsv(holder))
    await holder.getByRole('button', { name: `Загрузить (${TITLE})` }).click()
    await holder.waitForLoadState()
    expect(await said(holder)).toBe('Файлы загружены и проверяются.')
    await holder.goto(address)
    expect(await holder.getByRole('link', { name: 'без-скриптов.csv' }).count()).toBeGreaterThan(0)
    await holder.close()

    const department = await logIn(b, 'department', { javaScript: false })
    await department.goto(address)
    expect(await department.getByRole('note').textContent()).toContain('Без JavaScript недоступны: просмотр решения')
    // The Department's accordions start closed: open this one (a <details>, no script needed).
    await department.locator('details.accordion > summary', { hasText: TITLE }).click()
    await department.getByLabel(`Решение (${TITLE})`).selectOption('rejected')
    await department.getByLabel(`Комментарий (${TITLE})`).fill('Нет данных за IV квартал')
    await department.getByLabel(`Файл (необязательно) (${TITLE})`).setInputFiles({ name: 'замечания.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% remarks\n%%EOF\n') })
    await department.getByRole('button', { name: `Сохранить решение (${TITLE})` }).click()
    await department.waitForLoadState()
    expect(await said(department)).toBe('Решение сохранено.')
    await department.goto(address)
    const history = (await department.locator('.history-table, table').allTextContents()).join(' ')
    expect(history).toContain('Нет данных за IV квартал')
    expect(await department.locator('.report-status', { hasText: /^Отклонён/ }).count()).toBeGreaterThan(0)
    await department.close()
  })
})
