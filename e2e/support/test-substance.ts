// A substance a browser test files under a name of its own, added to the reference data as an administrator adds it:
// the file check refuses a name the reference lacks (decision 3412). Already there (a second run) is as good.
import type { BrowserContext } from './browser.ts'
import { logIn } from './log-in.ts'

export async function addTestSubstance(b: BrowserContext, name: string, unit: string): Promise<void> {
  const admin = await logIn(b, 'admin')
  try {
    await admin.goto(`${b.baseUrl}/monitoring/admin/reference/substance`)
    const form = admin.getByRole('form', { name: 'Новая запись' })
    await form.getByLabel('Наименование', { exact: true }).fill(name)
    await form.getByLabel('Единица измерения').selectOption({ label: unit })
    await form.getByRole('button', { name: 'Добавить' }).click()
    const saved = () => admin.getByRole('form', { name: 'Новая запись' }).getByRole('status').locator('p').textContent().catch(() => null)
    const refused = () => admin.getByRole('form', { name: 'Новая запись' }).getByRole('alert').textContent().catch(() => null)
    // Called from a beforeAll, where expect.poll is not allowed: the answer is awaited by hand.
    const until = Date.now() + 30_000
    for (;;) {
      if ((await saved()) === 'Сохранено. Запись добавлена.' || /уже есть/.test((await refused()) ?? '')) break
      if (Date.now() > until) throw new Error(`the substance «${name}» was not added: ${(await refused()) ?? (await saved()) ?? 'no answer'}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  } finally {
    await admin.close()
  }
}
