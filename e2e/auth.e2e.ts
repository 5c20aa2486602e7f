import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser.ts'
import { logInThroughLoginPage as logInAs } from './support/log-in.ts'

const b = useBrowser()

/** Opens a user's forms on the admin page: each row's «Изменить» (issue 36). */
const openUser = (page: Page, username: string) => page.locator('summary').filter({ hasText: new RegExp(`^Изменить ${username}$`) }).click()

const NAVIGATION = ['ЛЭМ', 'Парниковые газы', 'РЭМ', 'Исследования', 'Водные объекты', 'Справочники']

/** Content-Security-Policy violations the page reports: a page that passes the policy reports none. */
function watchCsp(page: Page): string[] {
  const violations: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text())
  })
  return violations
}

async function logIn(username: string, password = username): Promise<{ page: Page; violations: string[] }> {
  let violations: string[] = []
  const page = await logInAs(b, username, { password, prepare: (opened) => (violations = watchCsp(opened)) })
  // The router address is the home page; a license holder without sections is sent on to their company page.
  await expect.poll(() => page.locator('header').textContent()).toContain(username)
  return { page, violations }
}

/** holder1's company (the lem_industry company with the lowest id) and its first licence area, from the public API. */
async function holderOneCompanyAndArea(): Promise<{ company: number; area: number }> {
  const companies = (await (await fetch(`${b.baseUrl}/api/v1/companies/?kind=lem_industry&limit=100`)).json()) as { results: Array<{ id: number }> }
  const company = Math.min(...companies.results.map((c) => c.id))
  const areas = (await (await fetch(`${b.baseUrl}/api/v1/areas/?company=${company}&kind=licence_area&limit=1`)).json()) as { results: Array<{ id: number }> }
  return { company, area: areas.results[0].id }
}

async function tabs(page: Page, path: string): Promise<string[]> {
  await page.goto(`${b.baseUrl}/monitoring${path}`)
  return page.getByRole('navigation', { name: 'Вкладки' }).getByRole('link').allTextContents()
}

async function navigationItems(page: Page): Promise<string[]> {
  const bar = page.getByRole('navigation', { name: 'Разделы', exact: true })
  if ((await bar.count()) === 0) return []
  return bar.getByRole('link').allTextContents()
}

describe('logging in as each demo user', () => {
  for (const [username, seesBar, admin] of [
    ['department', true, false],
    ['admin', true, true],
    ['holder1', false, false],
    ['holder2', false, false],
    ['administration', false, false],
  ] as const) {
    it(`shows ${username} the navigation bar of the role and logs out`, async () => {
      const { page, violations } = await logIn(username)
      const header = page.locator('header')
      await expect.poll(() => header.textContent()).toContain(username)
      expect(await navigationItems(page)).toEqual(seesBar ? NAVIGATION : [])
      // Администрация sees the bar, empty (spec §6); a license holder no bar at all, not an empty band.
      expect(await page.getByRole('navigation', { name: 'Разделы', exact: true }).count()).toBe(username.startsWith('holder') ? 0 : 1)
      // The username links to the admin page only for the Administrator.
      expect(await header.getByRole('link', { name: username }).count()).toBe(admin ? 1 : 0)

      // Tabs by audience (spec §2): the company tabs of license holders, and 'Ответственные' for the Department only.
      const { company, area } = await holderOneCompanyAndArea()
      const companyTabs = await tabs(page, `/companies/${company}`)
      const holder = username.startsWith('holder')
      // The reporting tabs on the holder's own company only: holder2 on holder1's company would get a 403 behind them.
      for (const tab of ['Отчетность', 'Формы и справочники', 'Оценка состояния']) expect(companyTabs.includes(tab), tab).toBe(username === 'holder1')
      for (const tab of ['Показатели природоохранной деятельности', 'Уровень антропогенного воздействия']) expect(companyTabs.includes(tab), tab).toBe(!holder)
      expect((await tabs(page, `/areas/${area}`)).includes('Ответственные')).toBe(username === 'department')

      await header.getByRole('button', { name: 'Выйти' }).click()
      await page.waitForURL((url) => url.pathname === '/monitoring/login')
      await expect.poll(() => header.textContent()).toContain('Гость')
      expect(await page.getByRole('navigation', { name: 'Разделы', exact: true }).count()).toBe(0)
      expect(violations).toEqual([])
      await page.close()
    })
  }
})

describe('CSRF rule of the pages', () => {
  it('refuses a form posted to a page without the hidden token, and runs the action with it', async () => {
    const { page } = await logIn('department')
    const statuses = await page.evaluate(async () => {
      const post = (body: URLSearchParams) => fetch('/monitoring/logout', { method: 'POST', body, redirect: 'manual' }).then((r) => r.status)
      return [await post(new URLSearchParams()), await post(new URLSearchParams({ csrfmiddlewaretoken: 'forged' }))]
    })
    expect(statuses).toEqual([403, 403])
    await page.goto(`${b.baseUrl}/monitoring/`)
    await expect.poll(() => page.locator('header').textContent()).toContain('department')

    // The same field in a multipart form is read too: with the page's own token the action runs.
    const token = await page.locator('header input[name="csrfmiddlewaretoken"]').inputValue()
    const status = await page.evaluate(async (csrf) => {
      const form = new FormData()
      form.set('csrfmiddlewaretoken', csrf)
      return (await fetch('/monitoring/logout', { method: 'POST', body: form, redirect: 'manual' })).type
    }, token)
    expect(status).toBe('opaqueredirect')
    await page.goto(`${b.baseUrl}/monitoring/`)
    await expect.poll(() => page.locator('header').textContent()).toContain('Гость')
    await page.close()
  })
})

describe('login form', () => {
  it('shows the same error under the form for a wrong password and marks both fields', async () => {
    const page = await b.open('/login')
    const violations = watchCsp(page)
    await page.getByLabel('Логин').fill('department')
    await page.getByLabel('Пароль').fill('not-the-password')
    await page.getByRole('button', { name: 'Войти' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Неверный логин или пароль.')
    expect(await page.getByLabel('Логин').getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Пароль').getAttribute('aria-invalid')).toBe('true')
    expect(page.url()).toContain('/monitoring/login')
    expect(violations).toEqual([])
    await page.close()
  })

  it('refuses empty fields in the browser and limits both to 100 characters', async () => {
    const page = await b.open('/login')
    await page.getByRole('button', { name: 'Войти' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Заполните поле «Логин».')
    expect(await page.getByLabel('Логин').getAttribute('maxlength')).toBe('100')
    expect(await page.getByLabel('Пароль').getAttribute('maxlength')).toBe('100')
    await page.getByLabel('Логин').fill('x'.repeat(150))
    expect((await page.getByLabel('Логин').inputValue()).length).toBe(100)
    await page.close()
  })
})

describe('login without JavaScript', () => {
  it('logs in through the page itself and shows the refusal of a wrong password under the form', async () => {
    const page = await b.browser.newPage({ locale: 'ru-RU', javaScriptEnabled: false })
    await page.goto(`${b.baseUrl}/monitoring/login`)
    await page.getByLabel('Логин').fill('department')
    await page.getByLabel('Пароль').fill('not-the-password')
    await page.getByRole('button', { name: 'Войти' }).click()
    await page.waitForLoadState('load')
    expect(await page.getByRole('alert').textContent()).toBe('Неверный логин или пароль.')
    expect(await page.getByLabel('Логин').getAttribute('aria-invalid')).toBe('true')

    await page.getByLabel('Логин').fill('department')
    await page.getByLabel('Пароль').fill('department')
    await page.getByRole('button', { name: 'Войти' }).click()
    // The Department lands on its review queue (decision 3602), with a way to the public catalogue.
    await page.waitForURL((url) => url.pathname === '/monitoring/department-reports')
    expect(await page.getByRole('link', { name: 'Открытый каталог результатов мониторинга' }).count()).toBe(1)
    expect(await page.locator('header').textContent()).toContain('department')
    expect(await page.getByRole('navigation', { name: 'Разделы', exact: true }).getByRole('link').count()).toBe(NAVIGATION.length)
    await page.close()
  })
})

describe('admin page', () => {
  it('lets the Administrator create a user who can then log in', async () => {
    const { page } = await logIn('admin')
    await page.locator('header').getByRole('link', { name: 'admin' }).click()
    await page.waitForURL('**/monitoring/admin')
    const form = page.getByRole('form', { name: 'Новый пользователь' })
    await form.getByLabel('Логин').fill('inspector')
    await form.getByLabel('Пароль').fill('inspector-password')
    await form.getByRole('checkbox', { name: 'Департамент', exact: true }).check()
    await form.getByRole('button', { name: 'Создать' }).click()
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Пользователь inspector создан.')
    await expect.poll(() => page.getByRole('cell', { name: 'inspector', exact: true }).count()).toBe(1)

    // A license holder needs a company, picked from the list.
    await form.getByLabel('Логин').fill('holder9')
    await form.getByLabel('Пароль').fill('holder9-password')
    await form.getByRole('checkbox', { name: 'Департамент', exact: true }).uncheck()
    await form.getByRole('checkbox', { name: 'Недропользователь', exact: true }).check()
    await form.getByRole('button', { name: 'Создать' }).click()
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Предприятие: недропользователю нужно указать предприятие')
    const company = (await form.getByLabel('Предприятие').locator('option').nth(1).getAttribute('value'))!
    await form.getByLabel('Предприятие').selectOption(company)
    await form.getByRole('button', { name: 'Создать' }).click()
    await expect.poll(() => form.getByRole('status').textContent()).toBe('Пользователь holder9 создан.')
    await openUser(page, 'holder9')
    await expect.poll(() => page.getByRole('form', { name: 'Пользователь holder9' }).getByLabel('Предприятие').inputValue()).toBe(company)
    await page.close()

    const { page: inspector } = await logIn('inspector', 'inspector-password')
    expect(await navigationItems(inspector)).toEqual(NAVIGATION)
    await inspector.close()
  })

  it('lets the Administrator reset a password and disable a user', async () => {
    const { page } = await logIn('admin')
    await page.goto(`${b.baseUrl}/monitoring/admin`)
    // The users the test above created: the demo users stay as they are for every other browser test of this run.
    await openUser(page, 'inspector')
    await openUser(page, 'holder9')
    const password = page.getByRole('form', { name: 'Пароль inspector' })
    await password.getByLabel('Новый пароль inspector').fill('inspector-2')
    await password.getByRole('button', { name: 'Сбросить пароль' }).click()
    await expect.poll(() => password.getByRole('status').textContent()).toBe('Пароль изменён.')

    const row = page.getByRole('form', { name: 'Пользователь holder9' })
    await row.getByLabel('Активен').uncheck()
    await row.getByRole('button', { name: 'Сохранить' }).click()
    await expect.poll(() => row.getByRole('status').textContent()).toBe('Изменения пользователя holder9 сохранены.')

    // Each change is in the user's history beside the form: what, and who by name with the role; never a password.
    const history = async (username: string) => {
      const summary = page.locator('details.user-history', { has: page.locator(`ol[aria-label="История изменений ${username}"]`) }).locator('summary')
      await summary.click()
      return page.getByRole('list', { name: `История изменений ${username}` }).getByRole('listitem').allTextContents()
    }
    const inspectorChanges = await history('inspector')
    expect(inspectorChanges.some((item) => item.includes('Пароль сброшен'))).toBe(true)
    expect(inspectorChanges.some((item) => item.includes('Пользователь создан'))).toBe(true)
    expect(inspectorChanges.join(' ')).not.toContain('inspector-2')
    const holderChanges = await history('holder9')
    expect(holderChanges[0]).toContain('Пользователь отключён')
    expect(holderChanges[0]).toMatch(/\(Администратор/)
    await page.close()

    const { page: inspector } = await logIn('inspector', 'inspector-2')
    await inspector.close()
    const refused = await b.open('/login')
    await refused.getByLabel('Логин').fill('holder9')
    await refused.getByLabel('Пароль').fill('holder9-password')
    await refused.getByRole('button', { name: 'Войти' }).click()
    await expect.poll(() => refused.getByRole('alert').textContent()).toBe('Неверный логин или пароль.')
    await refused.close()
  })

  it('refuses the admin page to the Department', async () => {
    const { page } = await logIn('department')
    await page.goto(`${b.baseUrl}/monitoring/admin`)
    expect(await page.getByRole('heading', { name: 'Доступ запрещён' }).count()).toBe(1)
    await page.close()
  })

  it('sends the public from the admin page to the login page', async () => {
    const page = await b.open('/admin')
    await page.waitForURL((url) => url.pathname === '/monitoring/login' && url.searchParams.get('next') === '/monitoring/admin')
    expect(await page.getByRole('button', { name: 'Войти' }).count()).toBe(1)
    await page.close()
  })
})
