// A logged-in user's page, ready on the address the portal sends them to after login.
//
// `logIn` starts the session as the login form does, through the accounts use-case (throttle, password check, new
// session) on the running portal's database, and puts its cookie in the page's browser context: the test begins on
// the user's start page without walking the login page. The login page itself (its form, refusals, CSP, logout, the
// `next` address) is proved by the tests that use `logInThroughLoginPage` (auth.e2e.ts).
import type { Page } from 'playwright-core'
import { accountUseCases, SESSION_COOKIE } from '@portal/workflow-domain/use-cases.server.ts'
import type { BrowserContext } from './browser.ts'

export interface LogInOptions {
  /** The demo users' password is their login; a test's own user passes its own. */
  password?: string
  width?: number
  height?: number
  javaScript?: boolean
  acceptDownloads?: boolean
  /** Runs on the new page before the first address opens: listeners that must see every page (the login page too, through it). */
  prepare?: (page: Page) => void
}

function newPage(b: BrowserContext, options: LogInOptions): Promise<Page> {
  return b.browser.newPage({
    locale: 'ru-RU',
    timezoneId: 'Asia/Yekaterinburg',
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScript ?? true,
    acceptDownloads: options.acceptDownloads ?? false,
  })
}

/** A session of the user, made by the accounts use-case as the login form's action makes it; its cookie and start page. */
export async function startSession(b: BrowserContext, username: string, password = username): Promise<{ token: string; home: string }> {
  const outcome = await accountUseCases(b.database()).logIn({ actor: null, clientAddress: '127.0.0.1', requestId: 'e2e-session' }, { username, password, previousToken: null })
  if (!outcome.ok) throw new Error(`${username} could not log in: ${outcome.refusal.reason}`)
  if (!outcome.value.ok) throw new Error(`${username} could not log in: ${outcome.value.message}`)
  return { token: outcome.value.token, home: outcome.value.home }
}

export async function logIn(b: BrowserContext, username: string, options: LogInOptions = {}): Promise<Page> {
  const page = await newPage(b, options)
  options.prepare?.(page)
  const session = await startSession(b, username, options.password)
  // The cookie the login answer sets (session-cookies.server.ts): httpOnly, SameSite=Lax, for the whole site.
  await page.context().addCookies([{ name: SESSION_COOKIE, value: session.token, url: b.baseUrl, httpOnly: true, sameSite: 'Lax' }])
  await page.goto(new URL(session.home, b.baseUrl).toString())
  return page
}

/** Logs in through the login page, as a person does, and answers the page on the address the portal sent them to. */
export async function logInThroughLoginPage(b: BrowserContext, username: string, options: LogInOptions = {}): Promise<Page> {
  const page = await newPage(b, options)
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

/** The CSRF token of a logged-in page's session, for the API requests a test sends in its name. */
export async function csrfToken(b: BrowserContext, page: Page): Promise<string> {
  return ((await (await page.request.get(`${b.baseUrl}/auth/csrf/`)).json()) as { csrftoken: string }).csrftoken
}
