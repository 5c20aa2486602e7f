// `npm run screenshots`: the main screens of the built portal on its demo data, as PNG at desktop width, into
// docs/screens/ (the README shows them). Starts dist/server.js (run `npm run build` first) with its own embedded
// PostgreSQL in a temporary folder, or uses the portal at PORTAL_URL (its demo accounts must exist).
import { type ChildProcess, spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Page } from 'playwright-core'
import ExcelJS from 'exceljs'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
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

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/**
 * The holder's own book as the check before sending marks it (decision 2421): a draft with a faulty row is checked
 * through the API as the logged-in holder, and the first sheet of the book it answers is drawn as an HTML table
 * of its cells, each with its own fill and its comment below it, since a browser cannot open an XLSX itself.
 */
async function shootMarkedBook(page: Page, baseUrl: string, area: number): Promise<void> {
  const year = new Date().getFullYear() - 1
  const points = (await (await page.request.get(`${baseUrl}/api/v1/measures-points/?area=${area}&kind=surface_water&limit=100`)).json()) as { results: Array<{ nomenclature: string | null }> }
  const point = points.results.find((p) => p.nomenclature)?.nomenclature ?? 'ПН-1'
  const header = uploadSpecOf('observation_results').columns.map((c) => c.header)
  const rows = [
    [point, year, `01.07.${year}`, 'Нефтепродукты', '0,01', 'мг/дм³', '0,05', ''],
    ['НЕТ-ТАКОГО-ПУНКТА', year, `02.07.${year}`, 'Нефтепродукты', '0,01', 'мг/дм³', '0,05', ''],
    [point, year, `03.07.${year}`, 'Нефтепродукты', '5', 'мг/дм³', '0,05', ''],
  ]
  const csv = Buffer.from([header, ...rows].map((r) => r.join(';')).join('\r\n') + '\r\n')
  const csrf = ((await (await page.request.get(`${baseUrl}/auth/csrf/`)).json()) as { csrftoken: string }).csrftoken
  const answer = await page.request.post(`${baseUrl}/api/v1/import-files/precheck/?format=xlsx`, {
    headers: { 'x-csrftoken': csrf },
    multipart: { area: String(area), year: String(year), report_type: 'observation_results', file: { name: 'черновик-наблюдений.csv', mimeType: 'text/csv', buffer: csv } },
  })
  if (!answer.ok()) throw new Error(`the check before sending answered ${answer.status()}: ${await answer.text()}`)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load((await answer.body()) as unknown as ArrayBuffer)
  const sheet = book.worksheets[0]
  const cells: string[] = []
  sheet.eachRow({ includeEmpty: false }, (row, r) => {
    const tds: string[] = [`<th>${r}</th>`]
    for (let c = 1; c <= header.length; c++) {
      const cell = row.getCell(c)
      const fill = (cell.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb
      const note = typeof cell.note === 'string' ? cell.note : (cell.note?.texts ?? []).map((t) => t.text).join('')
      const style = fill ? ` style="background:#${fill.slice(2)}"` : ''
      tds.push(`<td${style}>${escapeHtml(cell.text)}${note ? `<div class="note">${escapeHtml(note)}</div>` : ''}</td>`)
    }
    cells.push(`<tr>${tds.join('')}</tr>`)
  })
  const sheets = book.worksheets.map((s, i) => `<span class="${i === 0 ? 'on' : ''}">${escapeHtml(s.name)}</span>`).join('')
  await page.setContent(`<!doctype html><meta charset="utf-8"><style>
    body { font: 13px Calibri, Carlito, Arial, sans-serif; margin: 16px; }
    h1 { font-size: 15px; font-weight: normal; } table { border-collapse: collapse; }
    td, th { border: 1px solid #d4d4d4; padding: 4px 6px; vertical-align: top; max-width: 220px; }
    th { background: #f3f3f3; color: #555; font-weight: normal; } tr:first-child td { font-weight: bold; }
    .note { white-space: pre-line; margin-top: 4px; padding: 3px 5px; background: #fffde7; border: 1px solid #c8b900; font-size: 12px; }
    .tabs span { display: inline-block; padding: 3px 10px; border: 1px solid #d4d4d4; margin-right: 4px; }
    .tabs .on { background: #fff; border-top: 2px solid #217346; }
  </style><h1>Проверка — черновик-наблюдений.xlsx: лист «${escapeHtml(sheet.name)}» (ячейки с заливкой файла, примечания ячеек под текстом)</h1>
  <table>${cells.join('')}</table><p class="tabs">${sheets}</p>`)
  const file = path.join(OUT, 'marked-workbook.png')
  await page.screenshot({ path: file, fullPage: true })
  process.stdout.write(`${path.relative(ROOT, file)} (${Math.round(statSync(file).size / 1024)} КБ): POST /api/v1/import-files/precheck/?format=xlsx\n`)
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
    await shootMarkedBook(holder, portal.baseUrl, area)
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
