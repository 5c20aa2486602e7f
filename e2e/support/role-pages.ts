// One logged-in page per role (the public's is a fresh page), reused for every address a test walks.
import type { Page } from 'playwright-core'
import type { BrowserContext } from './browser.ts'
import { logIn } from './log-in.ts'
import type { Role } from './page-types.ts'

export function rolePages(b: BrowserContext) {
  const pages = new Map<Role, Page>()
  return {
    async as(role: Role): Promise<Page> {
      let page = pages.get(role)
      if (!page) {
        page = role === 'public'
          ? await b.browser.newPage({ locale: 'ru-RU', timezoneId: 'Asia/Yekaterinburg' })
          : await logIn(b, role)
        pages.set(role, page)
      }
      return page
    },
    async close(): Promise<void> {
      for (const page of pages.values()) await page.close()
      pages.clear()
    },
  }
}
