// The catalogue pages' loaders, called with real requests on the demo data: lists, cards, tabs, breadcrumbs, 404s.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { pageContext } from './support/load-context.ts'
import type { CurrentUser, Group } from '@portal/workflow-service/auth/permissions.ts'
import { useTestApp } from '../../workflow-service/test/support/test-app.ts'
import { genericPage } from '../app/features/catalogue/server/generic-pages.server.ts'
import { areaList, areaCard } from '../app/features/catalogue/server/area-pages.server.ts'
import { levelOf } from '../app/features/catalogue/server/points.server.ts'
import { loader as homeLoader } from '../app/features/catalogue/routes/home.tsx'
import { loader as companyLoader } from '../app/features/catalogue/routes/company-card.tsx'
import { loader as pointsLoader } from '../app/features/catalogue/routes/area-points.tsx'
import { isNotFound } from '../app/features/catalogue/server/not-found.ts'

const t = useTestApp()

async function userNamed(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

function contextOf(user: CurrentUser | null = null): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: '.test-data/catalogue-pages' })
}

const request = (path: string) => new Request(`http://localhost/monitoring${path}`)

/** The status a loader answers; a record that does not exist sends the user to /404 (catalogue.md §8), shown as 404. */
async function status(work: () => Promise<unknown>): Promise<number> {
  try {
    await work()
    return 200
  } catch (error) {
    if (isNotFound(error)) return 404
    if (error instanceof Response) return error.status
    throw error
  }
}

describe('catalogue list pages', () => {
  it('shows 20 rows, offers the next 20, and keeps the filters of the URL', async () => {
    const page = await areaList(contextOf(), request('/areas'), 'licence_area')
    expect(page.title).toBe('Лицензионные участки')
    expect(page.list.items).toHaveLength(20)
    expect(page.list.more).toBe('?limit=40')
    const more = await areaList(contextOf(), request('/areas?limit=40'), 'licence_area')
    expect(more.list.items).toHaveLength(40)
    const region = page.controls.find((c) => c.name === 'administrative_region__in')!
    expect(region.options![0]).toEqual({ value: '', label: 'ЯНАО в целом' })
  })

  it('offers the whole list with its filters as CSV and XLSX downloads', async () => {
    // The search list is the Department's (spec §6).
    const page = await areaList(contextOf(await userNamed('department')), request('/areas?search=%D0%B0'), 'licence_area')
    const csv = page.list.downloads!.csv
    expect(csv).toMatch(/^\/api\/v1\/areas\/\?/)
    expect(new URL(csv, 'http://x').searchParams.get('kind')).toBe('licence_area')
    expect(new URL(csv, 'http://x').searchParams.get('search')).toBe('а')
    expect(page.list.downloads!.xlsx).toContain('format=xlsx')
    const file = await t.app.inject({ url: csv })
    expect(file.statusCode).toBe(200)
    const lines = file.body.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines.length - 1).toBe(page.list.count)
  })

  it('drops a malformed filter value instead of failing', async () => {
    const page = await areaList(contextOf(await userNamed('department')), request('/areas?administrative_region__in=abc&search=%25'), 'licence_area')
    expect(page.list.items).toEqual([])
    const bad = await areaList(contextOf(), request('/areas?administrative_region__in=abc'), 'licence_area')
    expect(bad.list.count).toBeGreaterThan(20)
  })

  it('shows the category filter only when the area has two or more categories, and deletion only to the Department', async () => {
    const department = await userNamed('department')
    const polygon = await t.database.db.selectFrom('areas').select('id').where('kind', '=', 'polygon_region_monitoring').executeTakeFirstOrThrow()
    const licence = await t.database.db.selectFrom('areas').select('id').where('kind', '=', 'licence_area').executeTakeFirstOrThrow()
    const load = (id: number, user: CurrentUser | null) => pointsLoader({ request: request(`/areas/${id}/measures-points`), params: { id: String(id) }, context: contextOf(user) })
    const regional = await load(polygon.id, department)
    const type = regional.controls.find((c) => c.name === 'category')!
    expect(type.label).toBe('Тип')
    expect(type.options![0]).toEqual({ value: '', label: 'Все' })
    expect(regional.canDelete).toBe(true)
    const local = await load(licence.id, null)
    expect(local.controls.map((c) => c.name)).toEqual(['search', 'kind', 'year']) // the year colours the map's markers
    expect(local.canDelete).toBe(false)
  })
})

describe('catalogue cards', () => {
  it('groups an area card and hides empty values and empty groups', async () => {
    const polygon = await t.database.db.selectFrom('areas').select('id').where('kind', '=', 'polygon_region_monitoring').executeTakeFirstOrThrow()
    const card = await areaCard(contextOf(), polygon.id, ['polygon_region_monitoring'])
    expect(card.crumbs.map((c) => c.title).slice(0, 2)).toEqual(['Главная', 'Региональный мониторинг 2020-2025 годы'])
    const rows = card.groups.flatMap((g) => g.rows)
    expect(rows.every((r) => r.text.trim() !== '')).toBe(true)
    expect(rows.find((r) => r.label === 'Недропользователь')).toBeUndefined()
    expect(card.groups.every((g) => g.rows.length > 0)).toBe(true)
    expect(await status(() => areaCard(contextOf(), polygon.id, ['licence_area']))).toBe(404)
  })

  it('gives company tabs by audience: analytics for the public, reporting for the license holder', async () => {
    const company = await t.database.db.selectFrom('companies').select('id').where('kind', '=', 'lem_industry').orderBy('id').executeTakeFirstOrThrow()
    const load = (user: CurrentUser | null) => companyLoader({ request: request(`/companies/${company.id}`), params: { id: String(company.id) }, context: contextOf(user) })
    const publicTabs = (await load(null)).tabs.map((tab) => tab.title)
    expect(publicTabs).toEqual(['Информация', 'Показатели природоохранной деятельности', 'Уровень антропогенного воздействия'])
    const holderTabs = (await load(await userNamed('holder1'))).tabs.map((tab) => tab.title)
    expect(holderTabs).toContain('Отчетность')
    expect(holderTabs).toContain('Формы и справочники')
    expect(holderTabs).not.toContain('Уровень антропогенного воздействия')
    expect(await status(() => companyLoader({ request: request('/companies/999999'), params: { id: '999999' }, context: contextOf() }))).toBe(404)
    expect(await status(() => companyLoader({ request: request('/companies/abc'), params: { id: 'abc' }, context: contextOf() }))).toBe(404)
  })

  it('resolves the pages of the other registry types and answers 404 for anything else', async () => {
    const list = await genericPage(contextOf(), 'scientific-research', new URLSearchParams('year=2020'))
    expect(list.view).toBe('list')
    if (list.view === 'list') {
      expect(list.title).toBe('Научные исследования')
      expect(list.list.count).toBe(2)
      expect(list.controls.find((c) => c.name === 'year')!.options![0]).toEqual({ value: '', label: 'Все' })
    }
    const exposure = await t.database.db.selectFrom('areas').select('id').where('kind', '=', 'licence_area').executeTakeFirstOrThrow()
    const scoped = await genericPage(contextOf(), `areas/${exposure.id}/exposure-levels`, new URLSearchParams())
    expect(scoped.crumbs.at(-1)!.title).toBe('Уровень антропогенного воздействия')
    expect(scoped.tabs.map((tab) => tab.title)).toContain('Пункты наблюдения')
    for (const path of ['no-such-page', '404', 'water-systems/999999', 'areas/1/no-such-list', 'water-systems/99999999999']) {
      expect(await status(() => genericPage(contextOf(), path, new URLSearchParams())), path).toBe(404)
    }
  })

  it('colours readings by their multiple of the limit', () => {
    expect([levelOf(0.3), levelOf(1), levelOf(1.5), levelOf(2.01), levelOf(5), levelOf(5.2), levelOf(null)]).toEqual(['below-1', '1-2', '1-2', '2-5', '2-5', 'above-5', 'none'])
  })
})

describe('home', () => {
  it('shows the section tiles, a subsection by title, and a license holder their company', async () => {
    const home = await homeLoader({ request: request('/'), params: {}, context: contextOf() })
    expect(home.tiles.map((tile) => tile.title)).toContain('Региональный экологический мониторинг')
    const regional = await homeLoader({ request: request(`/?section=${encodeURIComponent('Система регионального мониторинга')}`), params: {}, context: contextOf() })
    expect(regional.tiles.map((tile) => tile.url)).toEqual(['/water-indicators', '/reports-area', null, null])
    const empty = await homeLoader({ request: request('/?section=nothing'), params: {}, context: contextOf() })
    expect(empty.tiles).toEqual([])
    const holder = await userNamed('holder1')
    const start = await homeLoader({ request: request('/'), params: {}, context: contextOf(holder) })
    expect(start.company?.crumbs.at(-1)!.to).toBe(`/companies/${holder.companyId}`)
  })
})
