// Fills the responsible person's four fields in the dialog or the plain form that asks for them.
import type { Locator } from 'playwright-core'

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
