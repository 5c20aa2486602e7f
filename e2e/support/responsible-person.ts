// Fills the responsible person's four fields in the dialog or the plain form that asks for them; names one through
// the dialog.
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

export interface ResponsiblePerson {
  fullname: string
  position: string
  phone: string
  email: string
}

export async function fillResponsible(form: Locator, person: ResponsiblePerson): Promise<void> {
  await form.getByLabel('ФИО').fill(person.fullname)
  await form.getByLabel('Должность').fill(person.position)
  await form.getByLabel('Телефон').fill(person.phone)
  await form.getByLabel('Электронная почта').fill(person.email)
}

/** Names an area's responsible person through the reports page's dialog, as a holder does, and waits for it to close. */
export async function nameResponsible(page: Page, areaName: string, person: ResponsiblePerson): Promise<void> {
  await page.getByRole('button', { name: `Внести ответственное лицо (${areaName})` }).click()
  const dialog = page.getByRole('dialog', { name: 'Ответственное лицо' })
  await fillResponsible(dialog, person)
  await dialog.getByRole('button', { name: 'Сохранить' }).click()
  await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0)
}
