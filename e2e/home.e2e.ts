import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'

const b = useBrowser()

describe('home page', () => {
  it('opens the home page and follows a catalogue link to the companies', async () => {
    const page = await b.open('/')
    expect(await page.title()).toContain('Экологический мониторинг')
    await page.getByRole('link', { name: /^Локальный экологический мониторинг/ }).first().click()
    await page.waitForURL(/section=/)
    await page.getByRole('link', { name: 'Предприятия', exact: true }).click()
    await page.waitForURL('**/monitoring/companies')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Предприятия')
    expect(await page.getByRole('link').filter({ hasText: '«' }).count()).toBeGreaterThan(0)
    expect(await page.getByText(`© ${new Date().getFullYear()}`).count()).toBe(1)
    await page.close()
  })

  it('shows the 404 page for an unknown path', async () => {
    const page = await b.open('/no-such-page')
    expect(await page.getByRole('heading', { name: '404' }).count()).toBe(1)
    expect(await page.getByText('Страница не найдена').count()).toBe(1)
    await page.getByRole('link', { name: 'Вернуться на главную' }).click()
    await page.waitForURL((url) => url.pathname === '/monitoring/' || url.pathname === '/monitoring')
    await page.close()
  })
})
