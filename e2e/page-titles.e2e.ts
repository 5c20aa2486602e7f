import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { useEveryPageType } from './support/every-page-type.ts'

const b = useBrowser()
const { types, roles } = useEveryPageType(b)
const SITE = 'Экологический мониторинг ЯНАО'

/** The words of a title, without the punctuation between them, for finding a word said twice. */
const wordsOf = (text: string) => text.toLowerCase().split(/[\s—–:;,.«»()"№]+/u).filter((w) => w.length > 2)

describe('page titles, the favicon and the way back from a refusal', () => {
  it('gives each page its own title that names the page and its record', async () => {
    const titles = new Set<string>()
    for (const path of ['/companies', '/areas/1', '/areas/1/measures-points', '/reference']) {
      const page = await b.open(path)
      const title = await page.title()
      expect(title.endsWith(` — ${SITE}`), `${path}: ${title}`).toBe(true)
      titles.add(title)
      await page.close()
    }
    expect(titles.size).toBe(4)
    const area = await b.open('/areas/1')
    const areaName = (await area.getByRole('heading', { level: 1 }).textContent())!.trim()
    await area.close()
    const points = await b.open('/areas/1/measures-points')
    expect(await points.title()).toContain(areaName)
    await points.close()
  })

  it('titles every page type with its own heading, once, and the portal after it', async () => {
    const wrong: string[] = []
    for (const type of types) {
      const page = await roles.as(type.as)
      await page.goto(`${b.baseUrl}/monitoring${type.path}`)
      const title = await page.title()
      const titles = await page.locator('head title').count()
      const heading = ((await page.locator('h1').first().textContent()) ?? '').replace(/\s+/g, ' ').trim()
      const what = `${type.name} (${type.path} as ${type.as}): «${title}», h1 «${heading}»`
      if (titles !== 1) wrong.push(`${what}: ${titles} <title>`)
      if (title === SITE) {
        // Only the home page is the portal's name alone: its heading is that name.
        if (!SITE.startsWith(heading)) wrong.push(`${what}: the portal's name alone`)
        continue
      }
      if (!title.endsWith(` — ${SITE}`)) wrong.push(`${what}: no portal name at its end`)
      const own = title.slice(0, -` — ${SITE}`.length)
      // The 404 page's heading is its number; its title says it in words. A heading that names the record after a
      // dash or a colon («Пункт 1-1 — участок») leads the title with its first part.
      const expected = heading === '404' ? 'Страница не найдена' : heading
      const first = expected.split(/ — |: /)[0]
      if (!own.includes(expected) && !own.startsWith(first)) wrong.push(`${what}: does not say its heading`)
      const words = wordsOf(own)
      const twice = words.filter((w, i) => words.indexOf(w) !== i)
      if (twice.length) wrong.push(`${what}: says «${twice.join(', ')}» twice`)
    }
    expect(wrong).toEqual([])
  }, 240_000)

  it("titles a company's greenhouse list filtered by year and category with the company, year and category", async () => {
    const page = await b.open('/greenhouse-gases?year=')
    const first = (name: string) =>
      page.locator(`form.filters select[name="${name}"] option`).evaluateAll((options) =>
        options.filter((o) => (o as HTMLOptionElement).value).map((o) => ({ value: (o as HTMLOptionElement).value, label: (o.textContent ?? '').trim() }))[0],
      )
    const [year, category, company] = [await first('year'), await first('greenhouse_category'), await first('responsible__company')]
    const query = new URLSearchParams({ year: year.value, greenhouse_category: category.value, responsible__company: company.value })
    await page.goto(`${b.baseUrl}/monitoring/greenhouse-gases?${query}`)
    const title = await page.title()
    for (const part of [company.label, year.label, category.label]) expect(title, part).toContain(part)
    const heading = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
    expect(title.startsWith(heading), `${title} / ${heading}`).toBe(true)
    // The company's own tab, filtered the same way, is headed the same way.
    await page.goto(`${b.baseUrl}/monitoring/companies/${company.value}/greenhousegases?${new URLSearchParams({ year: year.value, greenhouse_category: category.value })}`)
    expect((await page.getByRole('heading', { level: 1 }).textContent())!.trim()).toBe(heading)
    expect(await page.title()).toContain(heading)
    await page.close()
  })

  it('shows a favicon that the server answers', async () => {
    const page = await b.open('/companies')
    const href = await page.locator('link[rel="icon"]').getAttribute('href')
    expect(href).toBeTruthy()
    const res = await page.request.get(new URL(href!, page.url()).toString())
    expect(res.status()).toBe(200)
    await page.close()
  })

  it('offers a way back on the refusal page', async () => {
    // The review queue is the Department's: a license holder is refused and led back to the start page.
    const page = await b.browser.newPage({ locale: 'ru-RU' })
    await page.goto(`${b.baseUrl}/monitoring/login`)
    await page.getByLabel('Логин').fill('holder1')
    await page.getByLabel('Пароль').fill('holder1')
    await page.getByRole('button', { name: 'Войти' }).click()
    // A holder lands on the status board of the reporting year (decision 2610).
    await page.waitForURL((url) => url.pathname === '/monitoring/board')
    await page.goto(`${b.baseUrl}/monitoring/department-reports`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Доступ запрещён')
    await page.getByRole('link', { name: 'Вернуться на главную' }).click()
    await page.waitForURL((url) => url.pathname === '/monitoring/')
    await page.close()
  })
})
