// Logs a demo user in through the login page and answers the page, ready on the address the portal sent them to.
import type { Page } from 'playwright-core'
import type { BrowserContext } from './browser.ts'

export async function logIn(b: BrowserContext, username: string, options: { width?: number; height?: number; javaScript?: boolean } = {}): Promise<Page> {
  const page = await b.browser.newPage({
    locale: 'ru-RU',
    timezoneId: 'Asia/Yekaterinburg',
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScript ?? true,
  })
  await page.goto(`${b.baseUrl}/monitoring/login`)
  await page.getByLabel('Логин').fill(username)
  await page.getByLabel('Пароль').fill(username)
  await page.getByRole('button', { name: 'Войти' }).click()
  try {
    await page.waitForURL((url) => url.pathname !== '/monitoring/login')
  } catch (error) {
    // Say why the login page kept the user (a refusal under the form, a throttle), not only that it timed out.
    const alert = await page.getByRole('alert').allTextContents().catch(() => [])
    throw new Error(`${username} stayed on the login page: ${alert.join(' | ') || '(no message)'}`, { cause: error })
  }
  return page
}
