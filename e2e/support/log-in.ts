// Logs a user in through the login page and answers the page, ready on the address the portal sent them to.
import type { Page } from 'playwright-core'
import type { BrowserContext } from './browser.ts'

export interface LogInOptions {
  /** The demo users' password is their login; a test's own user passes its own. */
  password?: string
  width?: number
  height?: number
  javaScript?: boolean
  acceptDownloads?: boolean
  /** Runs on the new page before the login page opens: listeners that must see every page, the login page too. */
  prepare?: (page: Page) => void
}

export async function logIn(b: BrowserContext, username: string, options: LogInOptions = {}): Promise<Page> {
  const page = await b.browser.newPage({
    locale: 'ru-RU',
    timezoneId: 'Asia/Yekaterinburg',
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScript ?? true,
    acceptDownloads: options.acceptDownloads ?? false,
  })
  options.prepare?.(page)
  await page.goto(`${b.baseUrl}/monitoring/login`)
  await page.getByLabel('Логин').fill(username)
  await page.getByLabel('Пароль').fill(options.password ?? username)
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
