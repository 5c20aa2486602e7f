// The findings of the spec check (issue 13) that the page loaders decide, called with real requests on the demo data.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { pageContext } from './support/load-context.ts'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { formatNumber } from '@portal/workflow-domain/registry.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { loader as areaCardLoader } from '../app/features/catalogue/routes/area-card.tsx'
import { loader as companyLoader } from '../app/features/catalogue/routes/company-card.tsx'
import { loader as readingsLoader } from '../app/features/catalogue/routes/point-readings.tsx'
import { loadReportsPage, yearsOffered } from '../app/features/reports/server/reports-page.server.ts'

const t = useTestApp()

async function userNamed(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

function contextOf(user: CurrentUser | null = null): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: '.test-data/spec-findings' })
}

const args = (path: string, params: Record<string, string>, user: CurrentUser | null = null) =>
  ({ request: new Request(`http://localhost/monitoring${path}`), params, context: contextOf(user) }) as never

describe('spec findings on the pages', () => {
  it('1: shows a license holder the reporting tabs on their own company only', async () => {
    const holder = await userNamed('holder1')
    const other = await t.database.db.selectFrom('companies').select('id').where('kind', '=', 'lem_industry').where('id', '!=', holder.companyId!).orderBy('id').executeTakeFirstOrThrow()
    const own = (await companyLoader(args(`/companies/${holder.companyId}`, { id: String(holder.companyId) }, holder))).tabs.map((tab) => tab.title)
    expect(own).toContain('Отчетность')
    expect(own).toContain('Формы и справочники')
    const foreign = (await companyLoader(args(`/companies/${other.id}`, { id: String(other.id) }, holder))).tabs.map((tab) => tab.title)
    expect(foreign).not.toContain('Отчетность')
    expect(foreign).not.toContain('Формы и справочники')
    expect(foreign).not.toContain('Оценка состояния')
  })

  it('2: shows the readings of every year when the filter says Все', async () => {
    const { rows } = await (await import('kysely')).sql<{ point: number }>`
      SELECT measures_point_id AS point FROM measures_point_indications GROUP BY measures_point_id HAVING count(DISTINCT year) >= 2 ORDER BY 1 LIMIT 1`.execute(t.database.db)
    const point = rows[0].point
    const latest = await readingsLoader(args(`/measures-points/${point}/indications`, { id: String(point) }))
    const all = await readingsLoader(args(`/measures-points/${point}/indications?year=`, { id: String(point) }))
    expect(all.controls[0].value).toBe('')
    expect(all.readings.length).toBeGreaterThan(latest.readings.length)
  })

  it('shows each reading’s maximum limit (mpc_max) where the catalogue lists it, as the API gives it', async () => {
    const { rows } = await (await import('kysely')).sql<{ point: number; year: number }>`
      SELECT measures_point_id AS point, max(year) AS year FROM measures_point_indications WHERE mpc_max IS NOT NULL GROUP BY 1 ORDER BY 1 LIMIT 1`.execute(t.database.db)
    const { point, year } = rows[0]
    const page = await readingsLoader(args(`/measures-points/${point}/indications?year=${year}`, { id: String(point) }))
    const api = await t.app.inject({ method: 'GET', url: `/api/v1/measures-point-indications/?measures_point=${point}&year=${year}&limit=1000` })
    const given = (api.json().results as Array<{ id: number; mpc_max: number | null }>).filter((r) => r.mpc_max !== null)
    expect(given.length).toBeGreaterThan(0)
    for (const r of given) {
      const shown = page.readings.find((reading: { id: number }) => reading.id === r.id)
      expect(shown?.mpcMax, String(r.id)).toBe(formatNumber(r.mpc_max!))
    }
  })

  it('shows the company card with an empty list of licence areas, silently, when their load fails', async () => {
    const holder = await userNamed('holder1')
    const context = contextOf()
    // The load of the areas fails (the service refused it, a timeout); the company itself loads.
    const list = context.catalogue.list
    const failing: typeof list = (ctx, input) => (input.type === 'areas' ? Promise.reject(new Error('areas unavailable')) : list(ctx, input))
    const card = await companyLoader({ request: new Request(`http://localhost/monitoring/companies/${holder.companyId}`), params: { id: String(holder.companyId) }, context: { ...context, catalogue: { ...context.catalogue, list: failing } } } as never)
    expect(card.areas).toEqual([])
    expect(card.title).toBeTruthy()
    const shown = await companyLoader(args(`/companies/${holder.companyId}`, { id: String(holder.companyId) }))
    expect(shown.areas.length).toBeGreaterThan(0)
  })

  it('3: gives a regional polygon the Атмосферный воздух tab only when it has ambient air reports', async () => {
    const { rows } = await (await import('kysely')).sql<{ id: number }>`
      SELECT a.id FROM areas a WHERE a.kind = 'polygon_region_monitoring'
        AND NOT EXISTS (SELECT 1 FROM ambient_air_reports r JOIN measures_points p ON p.id = r.measures_point_id WHERE p.area_id = a.id)
      ORDER BY a.id LIMIT 1`.execute(t.database.db)
    expect(rows.length).toBe(1)
    const card = await areaCardLoader(args(`/polygons/${rows[0].id}`, { id: String(rows[0].id) }))
    expect(card.tabs.map((tab) => tab.title)).not.toContain('Атмосферный воздух')
  })

  describe('10: the reports the holder does not make by hand', () => {
    const reportsOf = (company: number, year: number) =>
      t.database.db.selectFrom('import_reports').select(['report_type', 'status', 'area_id']).where('company_id', '=', company).where('year', '=', year).where('area_id', 'is', null).orderBy('report_type').execute()
    /** An offered year in which the company has no company-wide report yet. */
    async function freshYear(company: number): Promise<number> {
      for (const year of yearsOffered().toReversed()) if ((await reportsOf(company, year)).length === 0) return year
      throw new Error(`company ${company} has a report in every offered year`)
    }
    const open = (user: CurrentUser, year: number) =>
      loadReportsPage(new Request(`http://localhost/monitoring/companies/${user.companyId}/reports?year=${year}`), contextOf(user), user.companyId!)

    it('creates the greenhouse gas report when the holder opens the page, once, and no observation results for a company with licence areas', async () => {
      const holder = await userNamed('holder1')
      const year = await freshYear(holder.companyId!)
      const page = await open(holder, year)
      expect(await reportsOf(holder.companyId!, year)).toEqual([{ report_type: 'greenhouse_gases', status: 'consideration', area_id: null }])
      const greenhouse = page.accordions.find((a) => a.key === 'greenhouse')!
      expect(greenhouse.sections[0].report).not.toBeNull()
      expect(page.accordions.map((a) => a.title)).not.toContain('Результаты наблюдений')
      await open(holder, year)
      expect(await reportsOf(holder.companyId!, year)).toHaveLength(1)
    })

    it('creates the greenhouse gas and observation results reports for a company without licence areas', async () => {
      const company = await t.database.db
        .insertInto('companies')
        .values({ name: 'ООО «Тестовая-Без участков»', kind: 'lem_industry', license_holder: true } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
      const row = await t.database.db
        .insertInto('users')
        .values({ username: 'holder-no-areas', password_hash: 'not-a-login', groups: ['Недропользователь'], company_id: company.id } as never)
        .returning(['id', 'username'])
        .executeTakeFirstOrThrow()
      const holder: CurrentUser = { id: row.id, username: row.username, groups: ['Недропользователь'], companyId: company.id }
      const year = yearsOffered()[0]
      expect(await reportsOf(company.id, year)).toEqual([])
      const page = await open(holder, year)
      expect((await reportsOf(company.id, year)).map((r) => r.report_type)).toEqual(['greenhouse_gases', 'observation_results'])
      expect(page.accordions.map((a) => [a.title, a.sections[0].report?.status])).toEqual([
        ['Парниковые газы', 'consideration'],
        ['Результаты наблюдений', 'consideration'],
      ])
    })

    it('creates nothing when the Department opens a company’s page', async () => {
      const department = await userNamed('department')
      const holder = await userNamed('holder1')
      const year = await freshYear(holder.companyId!)
      await loadReportsPage(new Request(`http://localhost/monitoring/companies/${holder.companyId}/reports?year=${year}`), contextOf(department), holder.companyId!)
      expect(await reportsOf(holder.companyId!, year)).toEqual([])
    })
  })
})
