// Debian's Chromium through playwright-core: one browser per test file, a fresh page per test.
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu', '--no-first-run']

export interface BrowserContext {
  browser: Browser
  baseUrl: string
  /** Opens a path under /monitoring/ in a new page. */
  open(pathname: string): Promise<Page>
}

export function useBrowser(): BrowserContext {
  const context = { baseUrl: inject('baseUrl') } as BrowserContext
  beforeAll(async () => {
    context.browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
    context.open = async (pathname: string) => {
      const page = await context.browser.newPage({ locale: 'ru-RU', timezoneId: 'Asia/Yekaterinburg' })
      await page.goto(`${context.baseUrl}/monitoring${pathname}`)
      return page
    }
  })
  afterAll(async () => {
    await context.browser?.close()
  })
  return context
}
