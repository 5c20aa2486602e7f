// «Что изменилось» in the browser (issue 37, decision 3714): last year's readings are published through an agreement,
// this year's first file is declined, deleted and replaced through the API; the Department follows the section's link
// to the report's changes and sees the biggest change first with its mark, and the holder, checking a file before
// sending, sees the same comparison under the findings.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { useBrowser } from './support/browser.ts'
import { addTestSubstance } from './support/test-substance.ts'
import { csrfToken, logIn } from './support/log-in.ts'

const b = useBrowser()
// A year no other browser file files holder1's areas in (five back; the page offers ten), and its year before, in an
// area the other files leave alone (the second of the company's).
const YEAR = new Date().getFullYear() - 5
const JUMP = 'Маркер сравнения'
const STEADY = 'Маркер сравнения ровный'
const eventually = <T>(value: () => Promise<T> | T, options: { timeout?: number } = {}) => expect.poll(value, { timeout: 60_000, ...options })

const HEADER = uploadSpecOf('observation_results').columns.map((c) => c.header)
const csv = (name: string, rows: Array<Array<string | number>>) => ({ name, mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows].map((r) => r.join(';')).join('\r\n') + '\r\n') })

interface Setup {
  company: number
  area: { id: number; name: string }
  point: string
}

async function api(page: Page, token: string) {
  const json = async (res: Awaited<ReturnType<Page['request']['get']>>, status: number) => {
    expect(res.status(), await res.text()).toBe(status)
    return res.status() === 204 ? null : ((await res.json()) as Record<string, unknown>)
  }
  return {
    get: async (path: string) => json(await page.request.get(`${b.baseUrl}${path}`), 200),
    post: async (path: string, data: Record<string, unknown>, status = 201) => json(await page.request.post(`${b.baseUrl}${path}`, { headers: { 'X-CSRFToken': token }, data }), status),
    upload: async (report: number, responsible: number, file: ReturnType<typeof csv>) =>
      json(
        await page.request.post(`${b.baseUrl}/api/v1/import-files/`, {
          headers: { 'X-CSRFToken': token },
          multipart: { report: String(report), description: file.name, ecomon_responsible: String(responsible), file },
        }),
        201,
      ),
    decide: async (report: number, status: string, comment: string) =>
      json(await page.request.put(`${b.baseUrl}/api/v1/import-reports/${report}/`, { headers: { 'X-CSRFToken': token }, multipart: { status, comment } }), 200),
    remove: async (file: number) => json(await page.request.delete(`${b.baseUrl}/api/v1/import-files/${file}`, { headers: { 'X-CSRFToken': token } }), 204),
  }
}

/** The file's status, or «gone» once the delete job has removed it (its card is then a 404). */
async function fileStatus(page: Page, id: number): Promise<string> {
  const res = await page.request.get(`${b.baseUrl}/api/v1/import-files/${id}/`)
  return res.status() === 404 ? 'gone' : ((await res.json()) as { status: string }).status
}

describe('what changed in a resubmitted report, in the browser', () => {
  let setup: Setup
  beforeAll(async () => {
    await addTestSubstance(b, JUMP, 'мг/дм³')
    await addTestSubstance(b, STEADY, 'мг/дм³')
  }, 120_000)

  /** Last year published, this year's round 1 declined and replaced by round 2 (expect.poll needs a test to run in). */
  let prepared = false
  async function prepare(): Promise<void> {
    // A retry of a test finds the rounds made by its first try (last year is agreed by then): they are not made twice.
    if (prepared) return
    const holder = await logIn(b, 'holder1')
    const department = await logIn(b, 'department')
    try {
      const holderToken = await csrfToken(b, holder)
      const h = await api(holder, holderToken)
      const d = await api(department, await csrfToken(b, department))
      const { user } = (await h.get('/api/v1/initialization/')) as { user: { company: number } }
      const areas = (await h.get(`/api/v1/areas/?company=${user.company}&kind=licence_area&limit=100`)) as { results: Array<{ id: number; name: string }> }
      const sorted = areas.results.sort((x, y) => x.id - y.id)
      const area = sorted[1] ?? sorted[0]
      const points = (await h.get(`/api/v1/measures-points/?area=${area.id}&kind=surface_water&limit=100`)) as { results: Array<{ id: number; nomenclature: string | null }> }
      const { id: pointId, nomenclature } = points.results.find((p) => p.nomenclature)!
      const point = nomenclature!
      setup = { company: user.company, area, point }
      const person = { fullname: 'Сравнева Анна Ивановна', position: 'Эколог', email: 'changes@example.ru', phone: '+7 (3492) 11-22-44' }
      const reportOf = async (year: number) => {
        const named = (await h.get(`/api/v1/ecomon-responsibles/?area=${area.id}&year=${year}`)) as { results: Array<{ id: number }> }
        const responsible = named.results[0] ?? ((await h.post('/api/v1/ecomon-responsibles/', { area: area.id, year, ...person })) as { id: number })
        const created = await holder.request.post(`${b.baseUrl}/api/v1/import-reports/`, { headers: { 'X-CSRFToken': holderToken }, data: { area: area.id, year, report_type: 'observation_results' } })
        expect(created.status()).toBeLessThan(300)
        return { report: ((await created.json()) as { id: number }).id, responsible: responsible.id }
      }
      const passed = async (id: number) => eventually(() => fileStatus(holder, id)).toBe('success')

      // Last year: published by the Department's agreement.
      const last = await reportOf(YEAR - 1)
      const lastFile = (await h.upload(last.report, last.responsible, csv('прошлый-год.csv', [[point, YEAR - 1, `01.07.${YEAR - 1}`, JUMP, '0,002', 'мг/дм³', '', ''], [point, YEAR - 1, `01.07.${YEAR - 1}`, STEADY, '0,01', 'мг/дм³', '', '']]))) as { id: number }
      await passed(lastFile.id)
      await d.decide(last.report, 'agreed', '')
      const published = async () => ((await h.get(`/api/v1/measures-point-indications/?year=${YEAR - 1}&measures_point=${pointId}&limit=1000`)) as { results: Array<{ name: string }> }).results.filter((r) => r.name === STEADY).length
      await eventually(published).toBe(1)

      // This year: round 1 declined, its file deleted and replaced by round 2, where one substance jumped 25 times.
      const now = await reportOf(YEAR)
      const first = (await h.upload(now.report, now.responsible, csv('раунд-1.csv', [[point, YEAR, `01.07.${YEAR}`, JUMP, '0,002', 'мг/дм³', '', ''], [point, YEAR, `01.07.${YEAR}`, STEADY, '0,01', 'мг/дм³', '', '']]))) as { id: number }
      await passed(first.id)
      await d.decide(now.report, 'rejected', 'Уточните значения.')
      await h.remove(first.id)
      await eventually(() => fileStatus(holder, first.id)).toMatch(/^(deleted|gone)$/)
      const second = (await h.upload(now.report, now.responsible, csv('раунд-2.csv', [[point, YEAR, `02.07.${YEAR}`, JUMP, '0,05', 'мг/дм³', '', ''], [point, YEAR, `02.07.${YEAR}`, STEADY, '0,011', 'мг/дм³', '', '']]))) as { id: number }
      await passed(second.id)
      prepared = true
    } finally {
      await holder.close()
      await department.close()
    }
  }

  it('lets the Department open the resubmitted report’s changes and see the biggest one first, marked', async () => {
    await prepare()
    const page = await logIn(b, 'department')
    const section = `area-${setup.area.id}-observation_results`
    await page.goto(`${b.baseUrl}/monitoring/companies/${setup.company}/reports?year=${YEAR}&section=${encodeURIComponent(section)}`)
    await page.getByRole('link', { name: `Что изменилось с прошлого раунда и прошлого года (${setup.area.name}, Результаты наблюдений)` }).click()
    await page.waitForURL((url) => /^\/monitoring\/reports\/\d+\/changes$/.test(url.pathname))
    // The address changes before the new page is drawn (a client-side navigation): wait for its heading itself.
    await page.getByRole('heading', { level: 1, name: `Что изменилось: результаты наблюдений за ${YEAR} год`, exact: true }).waitFor()
    expect(await page.locator('main, body').first().textContent()).toContain('Сравнение с отклонённым раундом 1')
    const rows = page.locator('table.changes-table tbody tr')
    const top = rows.first()
    expect(await top.getAttribute('class')).toBe('change-marked')
    const text = (await top.textContent()) ?? ''
    expect(text).toContain(JUMP)
    expect(text).toContain('+2400 %')
    expect(text).toContain('значение 0,05 в 25 раз выше среднего за прошлый год')
    expect(await rows.nth(1).textContent()).toContain(STEADY)
    expect(await rows.nth(1).getAttribute('class')).toBeNull()
    expect(await page.getByRole('link', { name: 'Скачать XLSX' }).getAttribute('href')).toMatch(/\/api\/v1\/import-reports\/\d+\/changes\/\?format=xlsx$/)
    await page.close()
  }, 400_000)

  it('shows the holder the same comparison under the findings of a check before sending', async () => {
    const page = await logIn(b, 'holder1')
    const id = `area-${setup.area.id}-observation_results`
    await page.goto(`${b.baseUrl}/monitoring/companies/${setup.company}/reports?year=${YEAR}&section=${encodeURIComponent(id)}`)
    const title = `${setup.area.name}, Результаты наблюдений`
    const section = page.locator('section.report-section', { has: page.locator(`#section-${id}`) })
    await section.getByText(`Проверить без отправки (${title})`).click()
    await section.getByLabel('Файл', { exact: true }).setInputFiles(csv('ещё-раз.csv', [[setup.point, YEAR, `03.07.${YEAR}`, JUMP, '0,04', 'мг/дм³', '', '']]))
    await section.getByRole('button', { name: `Проверить (${title})` }).click()
    const changes = section.getByRole('region', { name: 'Что изменится: файл ещё-раз.csv' })
    await eventually(() => changes.count()).toBe(1)
    expect(await changes.textContent()).toContain('Сравнение с отклонённым раундом 1 и прошлым годом')
    const top = changes.locator('tbody tr').first()
    expect(await top.getAttribute('class')).toBe('change-marked')
    expect(await top.textContent()).toContain('значение 0,04 в 20 раз выше среднего за прошлый год')
    await page.close()
  }, 120_000)
})
