// The findings of the spec check (issue 13), walked in the browser as the role that hit them.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'

const b = useBrowser()

async function logIn(username: string): Promise<Page> {
  const page = await b.browser.newPage({ locale: 'ru-RU' })
  await page.goto(`${b.baseUrl}/monitoring/login`)
  await page.getByLabel('Логин').fill(username)
  await page.getByLabel('Пароль').fill(username)
  await page.getByRole('button', { name: 'Войти' }).click()
  await page.waitForURL((url) => url.pathname !== '/monitoring/login')
  await expect.poll(() => page.locator('header').textContent()).toContain(username)
  return page
}

const tabTitles = (page: Page) => page.getByRole('navigation', { name: 'Вкладки' }).getByRole('link').allTextContents()

async function companies(): Promise<number[]> {
  const answer = (await (await fetch(`${b.baseUrl}/api/v1/companies/?kind=lem_industry&limit=100`)).json()) as { results: Array<{ id: number }> }
  return answer.results.map((c) => c.id).sort((x, y) => x - y)
}

describe('the findings of the spec check', () => {
  it('1: a license holder sees no reporting tabs on another company and no empty navigation band', async () => {
    const page = await logIn('holder1')
    const [own, other] = await companies()
    expect(await page.getByRole('navigation', { name: 'Разделы' }).count()).toBe(0)
    await page.goto(`${b.baseUrl}/monitoring/companies/${other}`)
    expect(await tabTitles(page)).not.toContain('Отчетность')
    expect(await tabTitles(page)).not.toContain('Формы и справочники')
    await page.goto(`${b.baseUrl}/monitoring/companies/${own}`)
    expect(await tabTitles(page)).toContain('Отчетность')
    await page.close()
  })

  it('2: the readings filter Все on a measuring point shows every year', async () => {
    const page = await b.open('/measures-points/1/indications')
    const rows = page.locator('table.readings tbody tr')
    await expect.poll(() => rows.count()).toBeGreaterThan(0)
    const latest = await rows.count()
    await page.getByLabel('Отчетный период').selectOption({ label: 'Все' })
    await page.waitForURL(/year=$/)
    await expect.poll(() => rows.count()).toBeGreaterThan(latest)
    await page.close()
  })

  it('3: a regional polygon without ambient air reports shows no empty Атмосферный воздух tab', async () => {
    const polygons = (await (await fetch(`${b.baseUrl}/api/v1/areas/?kind=polygon_region_monitoring&limit=100`)).json()) as { results: Array<{ id: number }> }
    let withoutAir: number | null = null
    for (const { id } of polygons.results) {
      const air = (await (await fetch(`${b.baseUrl}/api/v1/ambient-air-reports/?area=${id}&limit=1`)).json()) as { count: number }
      if (air.count === 0) {
        withoutAir = id
        break
      }
    }
    expect(withoutAir).not.toBeNull()
    const page = await b.open(`/polygons/${withoutAir}`)
    expect(await tabTitles(page)).not.toContain('Атмосферный воздух')
    await page.close()
  })
})
