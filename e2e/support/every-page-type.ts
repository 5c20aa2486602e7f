// For the files that open one page of every type as the role it is for: the types (read once the portal runs) and
// one logged-in page per role, closed after the file.
import { afterAll, beforeAll } from 'vitest'
import type { BrowserContext } from './browser.ts'
import { type PageType, pageTypes } from './page-types.ts'
import { rolePages } from './role-pages.ts'

export function useEveryPageType(b: BrowserContext): { types: PageType[]; roles: ReturnType<typeof rolePages> } {
  const types: PageType[] = []
  const roles = rolePages(b)
  beforeAll(async () => {
    types.push(...(await pageTypes(b.baseUrl)))
  })
  afterAll(() => roles.close())
  return { types, roles }
}
