// `npm run screenshots`: the main screens of the built portal on its demo data, as PNG at desktop width, into
// docs/screens/ (the README shows them). Starts dist/server.js (run `npm run build` first) with its own embedded
// PostgreSQL in a temporary folder, or uses the portal at PORTAL_URL (its demo accounts must exist).
import { type ChildProcess, spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { freePort } from '../cluster/support/free-port.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const OUT = path.join(ROOT, 'docs/screens')
const VIEWPORT = { width: 1280, height: 860 }

async function startPortal(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  if (process.env.PORTAL_URL) return { baseUrl: process.env.PORTAL_URL.replace(/\/$/, ''), stop: async () => {} }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-screens-'))
  // The embedded PostgreSQL runs as its own user when started by root: it must reach the folder.
  chmodSync(dataDir, 0o755)
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn' }
  delete env.DATABASE_URL
  const child: ChildProcess = spawn(process.execPath, ['dist/server.js'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] })
  const baseUrl = `http://127.0.0.1:${port}`
  const until = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode} (did you run npm run build?)`)
    if (Date.now() > until) throw new Error('the portal did not become healthy in time')
    if (await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false)) break
    await new Promise((r) => setTimeout(r, 500))
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGINT')
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function main() {
  const portal = await startPortal()
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'] })
  const api = async <T>(p: string): Promise<T> => (await (await fetch(`${portal.baseUrl}/api/v1/${p}`)).json()) as T
  try {
    const newPage = () => browser.newPage({ locale: 'ru-RU', timezoneId: 'Asia/Yekaterinburg', viewport: VIEWPORT })
    const as = async (username: string | null): Promise<Page> => {
      const page = await newPage()
      if (!username) return page
      await page.goto(`${portal.baseUrl}/monitoring/login`)
      await page.getByLabel('Логин').fill(username)
      await page.getByLabel('Пароль').fill(username)
      await page.getByRole('button', { name: 'Войти' }).click()
      await page.waitForURL((url) => !url.pathname.endsWith('/login'))
      return page
    }
    const shoot = async (page: Page, name: string, address: string, prepare?: (page: Page) => Promise<void>) => {
      await page.goto(`${portal.baseUrl}/monitoring${address}`, { waitUntil: 'networkidle' })
      await prepare?.(page)
      const file = path.join(OUT, `${name}.png`)
      await page.screenshot({ path: file })
      process.stdout.write(`${path.relative(ROOT, file)} (${Math.round(statSync(file).size / 1024)} КБ): ${address}\n`)
    }
    mkdirSync(OUT, { recursive: true })

    const companies = await api<{ results: Array<{ id: number }> }>('companies/?kind=lem_industry&limit=100')
    const company = Math.min(...companies.results.map((c) => c.id))
    const area = (await api<{ results: Array<{ id: number }> }>(`areas/?kind=licence_area&company=${company}&limit=1`)).results[0].id
    const point = (await api<{ results: Array<{ id: number }> }>(`measures-points/?area=${area}&kind=ambient_air&limit=1`)).results[0].id

    const visitor = await as(null)
    await shoot(visitor, 'catalogue', `/areas/${area}/measures-points`)
    await shoot(visitor, 'point', `/measures-points/${point}/indications`)
    await visitor.close()

    const holder = await as('holder1')
    // The status board of the last full year (the demo data's reports are in it).
    await shoot(holder, 'holder-board', `/board?year=${new Date().getFullYear() - 1}`)
    // The last full year: the demo data's reports are in it.
    await shoot(holder, 'reports-page', `/companies/${company}/reports?year=${new Date().getFullYear() - 1}`, async (page) => {
      await page.locator('details.accordion summary').first().click()
    })
    await holder.close()

    const department = await as('department')
    await shoot(department, 'review-queue', '/department-reports')
    await shoot(department, 'department-board', `/board?year=${new Date().getFullYear() - 1}&state=consideration`)
    await shoot(department, 'history', `/companies/${company}/reports`, async (page) => {
      const history = page.locator('details.history')
      await history.locator('summary').click()
      await history.scrollIntoViewIfNeeded()
      await page.evaluate(() => window.scrollBy(0, -80))
    })
    // The demo data's workflow is recorded on 3 February 2025 (seed/workflow-seed.ts).
    await shoot(department, 'as-of', `/department-reports/as-of?company=${company}&date=2025-02-03&from=2025-02-03`)
    await department.close()
  } finally {
    await browser.close()
    await portal.stop()
  }
}

await main()
