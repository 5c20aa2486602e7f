// Debian's Chromium through playwright-core: one browser for the run (started by global-setup.ts), one connection
// to it per test file, a fresh page (its own context: cookies, storage, cache) per test. Closing the connection after
// the file closes every context the file opened, as closing a browser of its own did.
import type { Kysely } from 'kysely'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import type { Database } from '@portal/migrations/database.ts'
import { createKysely } from '@portal/workflow-server/service.server.ts'

export interface BrowserContext {
  browser: Browser
  baseUrl: string
  /** Opens a path under /monitoring/ in a new page. */
  open(pathname: string): Promise<Page>
  /** The running portal's database as the portal's role, opened on first use and closed after the file. */
  database(): Kysely<Database>
}

export function useBrowser(): BrowserContext {
  const context = { baseUrl: inject('baseUrl') } as BrowserContext
  let db: Kysely<Database> | undefined
  context.database = () => (db ??= createKysely(inject('databaseUrl'), 1))
  beforeAll(async () => {
    context.browser = await chromium.connect(inject('browserEndpoint'))
    context.open = async (pathname: string) => {
      const page = await context.browser.newPage({ locale: 'ru-RU', timezoneId: 'Asia/Yekaterinburg' })
      await page.goto(`${context.baseUrl}/monitoring${pathname}`)
      return page
    }
  })
  afterAll(async () => {
    await context.browser?.close()
    await db?.destroy()
  })
  return context
}
