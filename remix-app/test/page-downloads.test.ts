// 'Скачать CSV' / 'Скачать XLSX' on a point's readings, reports and control indicators: the addresses carry the
// page's filters (the point, the year), and the files they give hold exactly the rows the page's filters select.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { catalogueUseCases } from '@portal/workflow-domain/use-cases.server.ts'
import { loadConfig } from '@portal/workflow-server/service.server.ts'
import { pageSettingsOf } from '@portal/workflow-domain/views.ts'
import { csvTable } from '../../test-support/export-files.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import type { CurrentUser } from '@portal/workflow-domain/views.ts'
import { loader as companiesLoader } from '../app/features/catalogue/routes/company-list.tsx'
import { loader as readingsLoader } from '../app/features/catalogue/routes/point-readings.tsx'
import { loader as reportsLoader } from '../app/features/catalogue/routes/point-reports.tsx'
import { loader as controlLoader } from '../app/features/catalogue/routes/point-control-indicators.tsx'
import { catalogueTables } from '../../test-support/catalogue-tables.ts'
import { pageContext } from './support/load-context.ts'

const t = useTestApp()

function contextOf(user: CurrentUser | null = null): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: '.test-data/page-downloads' })
}

async function csvRows(url: string, headers: Record<string, string> = {}): Promise<string[][]> {
  const res = await t.app.inject({ url, headers })
  expect(res.statusCode, url).toBe(200)
  return csvTable(res.rawPayload).slice(1)
}

const call = <T>(loader: (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => Promise<T>, path: string, params: Record<string, string>) =>
  loader({ request: new Request(`http://localhost/monitoring${path}`), params, context: contextOf() })

describe('downloads of the point tables', () => {
  it("gives the readings of the year the page shows, and of the year chosen in the address", async () => {
    const point = await t.database.db.selectFrom('measures_points').select(['id']).where('kind', '=', 'ambient_air').orderBy('id').executeTakeFirstOrThrow()
    const latest = await call(readingsLoader, `/measures-points/${point.id}/indications`, { id: String(point.id) })
    const csv = new URL(latest.downloads.csv, 'http://x')
    expect(csv.searchParams.get('measures_point')).toBe(String(point.id))
    expect(csv.searchParams.get('year')).toBe(String(latest.year))
    expect((await csvRows(latest.downloads.csv)).length).toBe(latest.readings.length)
    const year = latest.controls[0].options!.at(-1)!.value
    const chosen = await call(readingsLoader, `/measures-points/${point.id}/indications?year=${year}`, { id: String(point.id) })
    expect(new URL(chosen.downloads.xlsx, 'http://x').searchParams.get('year')).toBe(year)
    expect((await csvRows(chosen.downloads.csv)).length).toBe(chosen.readings.length)
  })

  it("gives a point's reports and its control indicators with the page's year", async () => {
    const point = await catalogueTables(t.database.db).selectFrom('ambient_air_reports').select('measures_point_id').orderBy('id').executeTakeFirstOrThrow()
    const reports = await call(reportsLoader, `/measures-points/${point.measures_point_id}/reports`, { id: String(point.measures_point_id) })
    expect(reports.list.downloads!.csv).toMatch(/^\/api\/v1\/ambient-air-reports\/\?/)
    expect((await csvRows(reports.list.downloads!.csv)).length).toBe(reports.list.count)

    const water = await catalogueTables(t.database.db).selectFrom('ecomon_sediment_control_indicators as c').innerJoin('measures_points as p', 'p.id', 'c.measures_point_id').select(['p.id', 'p.kind', 'c.year']).orderBy('c.id').executeTakeFirstOrThrow()
    const page = await call(controlLoader, `/points/${water.kind}/${water.id}/control-indicators?year=${water.year}`, { kindPoint: water.kind, id: String(water.id) })
    expect(new URL(page.list.downloads!.csv, 'http://x').searchParams.get('year')).toBe(String(water.year))
    expect((await csvRows(page.list.downloads!.csv)).length).toBe(page.list.count)
  })

  it("gives the companies a search shows, not every company: the links carry the page's search", async () => {
    const department: CurrentUser = { id: 0, username: 'department', groups: ['Департамент'], companyId: null }
    const call = (query: string) => companiesLoader({ request: new Request(`http://localhost/monitoring/companies${query}`), params: {}, context: contextOf(department) })
    const all = await call('')
    const found = await call(`?search=${encodeURIComponent('Газ')}`)
    expect(found.list.count).toBeGreaterThan(0)
    expect(found.list.count).toBeLessThan(all.list.count)
    for (const link of [found.list.downloads!.csv, found.list.downloads!.xlsx]) expect(new URL(link, 'http://x').searchParams.get('search')).toBe('Газ')
    const { headers } = await loginAs(t.app, 'department')
    const rows = await csvRows(found.list.downloads!.csv, headers)
    expect(rows.map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual(found.list.items.map((i) => i.id).sort((a, b) => a - b))
  })
})
