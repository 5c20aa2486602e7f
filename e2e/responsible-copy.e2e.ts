// "Last year's responsible person in one click" (issue 14, item 4): with no responsible person for a year, the holder
// is offered last year's, and one click saves it for this year.
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { logIn } from './support/log-in.ts'
import { fillResponsible } from './support/responsible-person.ts'

const b = useBrowser()
// Years no other browser file touches: holder2's company for the current year minus 4 (last year) and minus 3.
const LAST = new Date().getFullYear() - 4
const THIS = LAST + 1
const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 })

describe("copying last year's responsible person", () => {
  it('offers last year’s person for a year without one and saves it for that year in one click', async () => {
    const page = await logIn(b, 'holder2')
    const companyId = ((await page.evaluate(async () => (await fetch('/api/v1/initialization/')).json())) as { user: { company: number } }).user.company
    await page.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${THIS}`)
    // Nothing to copy yet: last year has no person either.
    expect(await page.getByRole('button', { name: /^Как в \d{4} году/ }).count()).toBe(0)

    await page.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${LAST}`)
    await page.getByRole('button', { name: 'Внести ответственное лицо (Парниковые газы)' }).click()
    const dialog = page.getByRole('dialog', { name: 'Ответственное лицо' })
    await fillResponsible(dialog, { fullname: 'Кравцова Ольга Николаевна', position: 'Главный эколог', phone: '+7 (3496) 41-22-10', email: 'kravtsova@example.ru' })
    await dialog.getByRole('button', { name: 'Сохранить' }).click()
    await eventually(() => dialog.count()).toBe(0)

    await page.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${THIS}`)
    const copy = page.getByRole('button', { name: `Как в ${LAST} году: Кравцова Ольга Николаевна (Парниковые газы)` })
    await copy.click()
    // Saved for this year: the accordion now names the person, and the offer is gone.
    await eventually(() => page.getByRole('button', { name: 'Ответственное лицо: Кравцова Ольга Николаевна (Парниковые газы)' }).count()).toBe(1)
    expect(await copy.count()).toBe(0)
    await page.getByRole('button', { name: 'Ответственное лицо: Кравцова Ольга Николаевна (Парниковые газы)' }).click()
    const saved = page.getByRole('dialog', { name: 'Ответственное лицо' })
    expect(await saved.getByLabel('Должность').inputValue()).toBe('Главный эколог')
    expect(await saved.getByLabel('Электронная почта').inputValue()).toBe('kravtsova@example.ru')
    // Last year keeps its own person: the copy is a record of this year.
    await page.goto(`${b.baseUrl}/monitoring/companies/${companyId}/reports?year=${LAST}`)
    expect(await page.getByRole('button', { name: 'Ответственное лицо: Кравцова Ольга Николаевна (Парниковые газы)' }).count()).toBe(1)
    await page.close()
  })
})
