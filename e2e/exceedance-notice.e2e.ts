// The Department hears of the readings above their ПДК that an agreement publishes (issue 24, part 3), as a person
// meets it: the holder's file is set up through the API, the Department agrees the report on its page, then finds the
// notice among its notifications, with the count and the worst multiple, and follows it to the exceedances page
// filtered for the report's year, company and area, where the readings stand worst first.
import { beforeAll, describe, expect, it } from 'vitest'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { useBrowser } from './support/browser.ts'
import { addTestSubstance } from './support/test-substance.ts'
import { csrfToken, logIn } from './support/log-in.ts'

const b = useBrowser()
// A year no other browser file files holder1's areas in: eight years back.
const YEAR = new Date().getFullYear() - 8
/** A substance of this test's own, so the exceedances page shows this report's readings and no demo reading. */
const SUBSTANCE = 'Маркер превышения'
const eventually = <T>(value: () => Promise<T> | T, options: { timeout?: number } = {}) => expect.poll(value, { timeout: 15_000, ...options })

describe('the Department told of exceedances an agreement publishes', () => {
  beforeAll(() => addTestSubstance(b, SUBSTANCE, 'мг/дм³'), 120_000)

  it('finds the notice with the count and the worst multiple, and its link opens the exceedances of the report', async () => {
    const holder = await logIn(b, 'holder1')
    const { user } = (await (await holder.request.get(`${b.baseUrl}/api/v1/initialization/`)).json()) as { user: { company: number } }
    const areas = (await (await holder.request.get(`${b.baseUrl}/api/v1/areas/?company=${user.company}&kind=licence_area&limit=100`)).json()) as { results: Array<{ id: number; name: string }> }
    const area = areas.results.sort((x, y) => y.id - x.id)[0]
    const points = (await (await holder.request.get(`${b.baseUrl}/api/v1/measures-points/?area=${area.id}&kind=surface_water&limit=100`)).json()) as { results: Array<{ nomenclature: string | null }> }
    const point = points.results.find((p) => p.nomenclature)!.nomenclature!
    const holderToken = await csrfToken(b, holder)
    const responsible = await holder.request.post(`${b.baseUrl}/api/v1/ecomon-responsibles/`, {
      headers: { 'X-CSRFToken': holderToken },
      data: { area: area.id, year: YEAR, fullname: 'Превышенцева Ольга Петровна', position: 'Эколог', email: 'exceed@example.ru', phone: '+7 (3492) 11-22-33' },
    })
    expect(responsible.status()).toBe(201)
    const responsibleId = ((await responsible.json()) as { id: number }).id
    const created = await holder.request.post(`${b.baseUrl}/api/v1/import-reports/`, { headers: { 'X-CSRFToken': holderToken }, data: { area: area.id, year: YEAR, report_type: 'observation_results' } })
    expect(created.status()).toBe(201)
    const report = (await created.json()) as { id: number }
    // Two readings above the ПДК (12 and 4 times) and one within it.
    const header = uploadSpecOf('observation_results').columns.map((c) => c.header)
    const rows = [
      [point, YEAR, `01.07.${YEAR}`, SUBSTANCE, '0,6', 'мг/дм³', '0,05', ''],
      [point, YEAR, `02.07.${YEAR}`, SUBSTANCE, '0,2', 'мг/дм³', '0,05', ''],
      [point, YEAR, `03.07.${YEAR}`, SUBSTANCE, '0,01', 'мг/дм³', '0,05', ''],
    ]
    const uploaded = await holder.request.post(`${b.baseUrl}/api/v1/import-files/`, {
      headers: { 'X-CSRFToken': holderToken },
      multipart: {
        report: String(report.id),
        description: 'превышения.csv',
        ecomon_responsible: String(responsibleId),
        file: { name: 'превышения.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].map((r) => r.join(';')).join('\r\n') + '\r\n') },
      },
    })
    expect(uploaded.status()).toBe(201)
    await holder.close()

    // The Department agrees on the report's page, once the worker has passed the file.
    const department = await logIn(b, 'department')
    await department.goto(`${b.baseUrl}/monitoring/companies/${user.company}/reports?year=${YEAR}&section=${encodeURIComponent(`area-${area.id}-observation_results`)}`)
    const agree = department.getByRole('button', { name: `Согласовать (${area.name}, Результаты наблюдений)` })
    await eventually(async () => {
      await department.reload()
      return agree.isEnabled()
    }, { timeout: 60_000 }).toBe(true)
    await agree.click()
    const dialog = department.getByRole('dialog', { name: 'Согласовать отчёт' })
    await dialog.getByRole('button', { name: 'Согласовать' }).click()
    await eventually(() => dialog.count()).toBe(0)

    // The publication job tells the Department: the notice names the count and the worst multiple.
    await department.goto(`${b.baseUrl}/monitoring/notifications`)
    const notice = department.locator('li.notification').filter({ hasText: 'Превышения ПДК: 2 показания' })
    await eventually(async () => {
      await department.reload()
      return notice.count()
    }, { timeout: 60_000 }).toBe(1)
    expect(await notice.textContent()).toContain(`опубликовано 2 показания выше ПДК, наибольшее — ${SUBSTANCE}, в 12 раз выше ПДК.`)
    await notice.getByRole('link', { name: 'Открыть превышения' }).click()
    await department.waitForURL((url) => url.pathname === '/monitoring/exceedances')
    const asked = new URL(department.url()).searchParams
    expect([asked.get('year'), asked.get('company'), asked.get('area')]).toEqual([String(YEAR), String(user.company), String(area.id)])
    // The page lists exactly the two readings above the limit, the worst first.
    const listed = await department.getByRole('row').filter({ hasText: SUBSTANCE }).allTextContents()
    expect(listed).toHaveLength(2)
    expect(listed[0]).toContain('0,6')
    expect(listed[1]).toContain('0,2')
    await department.close()
  }, 180_000)
})
