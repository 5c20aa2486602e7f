import type { Page } from 'playwright-core'

/**
 * Waits until Remix has finished the navigation under way: its address changes as soon as the navigation starts, but
 * the page keeps the old data until the loaders answer, so a test that acts right after the address changed can act
 * on the page it left.
 */
export async function navigationSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (window as unknown as { __remixRouter?: { state: { navigation: { state: string } } } }).__remixRouter
    return router !== undefined && router.state.navigation.state === 'idle'
  })
}
