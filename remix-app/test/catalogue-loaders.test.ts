// The catalogue pages' loaders, called with real requests on the demo data: lists, cards, tabs, breadcrumbs, 404s.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { pageContext } from './support/load-context.ts'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { genericPage } from '../app/features/catalogue/server/generic-pages.server.ts'
import { areaList, areaCard } from '../app/features/catalogue/server/area-pages.server.ts'
import { levelOf } from '../app/features/catalogue/server/points.server.ts'
import { loader as homeLoader } from '../app/features/catalogue/routes/home.tsx'
import { loader as companyLoader } from '../app/features/catalogue/routes/company-card.tsx'
import { loader as pointsLoader } from '../app/features/catalogue/routes/area-points.tsx'
import { loader as companiesLoader } from '../app/features/catalogue/routes/company-list.tsx'
import { isNotFound } from '../app/features/catalogue/server/not-found.ts'
import { categoriesTable, greenhouseList, greenhouseStart } from '../app/features/catalogue/server/greenhouse-pages.server.ts'
import { controlIndicatorsPage } from '../app/features/catalogue/server/point-water-pages.server.ts'
import { recordOf } from '../app/utils/catalogue-record.server.ts'
import { loader as searchLoader } from '../app/features/search/routes/search.tsx'
import { findType } from '@portal/workflow-domain/registry.ts'
import { sql } from 'kysely'
import { loginAs } from '../../test-support/login.ts'

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

  it('sends with a list the items it shows, not the records behind them (the browser gets the loader data too)', async () => {
    // A record's every column went to the browser as the page's data and was never shown (issue 23).
    const companies = await companiesLoader({ request: request('/companies'), params: {}, context: contextOf() })
    expect(companies.list.items).toHaveLength(20)
    expect(Object.keys(companies.list).sort()).toEqual(['count', 'downloads', 'items', 'more', 'pageSize', 'shown'])
    const areas = await areaList(contextOf(), request('/areas'), 'licence_area')
    expect(areas.list).not.toHaveProperty('records')
    const generic = await genericPage(contextOf(), 'scientific-research', new URLSearchParams())
    expect(generic.view === 'list' && generic.list).not.toHaveProperty('records')
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

describe('home with a section the sections refuse', () => {
  it('answers a section title of 600 characters with the 400 error naming the field, not «Нет данных, назад»', async () => {
    const thrown = await Promise.resolve(homeLoader({ request: request(`/?section=${'р'.repeat(600)}`), params: {}, context: contextOf() })).then(
      () => null,
      (error: unknown) => error as { init: { status: number } | null; data: unknown },
    )
    expect(thrown?.init?.status).toBe(400)
    expect(thrown?.data).toBe('Раздел: не длиннее 300 знаков')
  })
})

describe('one read for both doors', () => {
  it("shows on the districts' list page the district options the API gives", async () => {
    const api = (await t.app.inject({ url: '/api/v1/administrative-region/?is_filter=true' })).json() as Array<{ id: number | string; name: string }>
    const page = await areaList(contextOf(), request('/areas'), 'licence_area')
    const district = page.controls.find((c) => c.name === 'administrative_region__in') as { options: Array<{ value: string; label: string }> }
    expect(api.length).toBeGreaterThan(1)
    // The whole-region item (last) and the combined districts are left out on the page, as before.
    const expected = api.slice(0, -1).filter((r, i) => i === 0 || !String(r.id).includes(','))
    expect(district.options).toEqual(expected.map((r) => ({ value: String(r.id), label: r.name })))
  })

  it("shows on the greenhouse categories page the totals the API gives, for a year and for every year", async () => {
    for (const year of ['2023', '']) {
      const api = (await t.app.inject({ url: `/api/v1/greenhouse-gases-categories/reports/?year=${year}` })).json() as Array<{ name: string }>
      const page = await categoriesTable(contextOf(), new URLSearchParams({ year }))
      if (year === '') expect(api.length).toBeGreaterThan(0)
      expect(page.rows.map((r) => r.cells[0])).toEqual(api.map((r) => r.name))
    }
  })
})

describe("a company's greenhouse gases of a year and the greenhouse start page", () => {
  it('gives one table by gas with the records\' total and a chart by gas, and names each row without the company', async () => {
    const { rows } = await sql<{ company_id: number; name: string; year: number }>`
      SELECT g.company_id, c.name, max(g.year) AS year FROM greenhouse_gases g JOIN companies c ON c.id = g.company_id GROUP BY g.company_id, c.name ORDER BY g.company_id LIMIT 1`.execute(t.database.db)
    const { company_id: company, name, year } = rows[0]
    const { rows: sums } = await sql<Record<string, number>>`
      SELECT sum(co2)::float8 AS co2, sum(ch4)::float8 AS ch4, sum(n2o)::float8 AS n2o, sum(total)::float8 AS total, count(*)::int AS records
      FROM greenhouse_gases WHERE company_id = ${company} AND year = ${year}`.execute(t.database.db)
    for (const address of [`companies/${company}/greenhousegases`, 'greenhouse-gases']) {
      const params = new URLSearchParams(address === 'greenhouse-gases' ? { year: String(year), responsible__company: String(company) } : { year: String(year) })
      const page = address === 'greenhouse-gases' ? await greenhouseList(contextOf(), params) : await genericPage(contextOf(), address, params)
      if (!('list' in page)) throw new Error('not a list')
      const gases = page.gases!
      expect(gases.columns).toEqual(['Газ', 'Выброс, т', 'CO₂-эквивалент, т'])
      expect(gases.rows.map((r) => r.cells[0])).toEqual(['CO₂', 'CH₄', 'N₂O', 'SF₆', 'C₂F₆', 'CHF₃', 'CF₄'])
      const close = (text: string, value: number) => expect(Number(text.replace(/\s/g, '').replace(',', '.'))).toBeCloseTo(value, 2)
      close(gases.rows[0].cells[1], sums[0].co2)
      close(gases.rows[1].cells[1], sums[0].ch4)
      close(gases.rows[1].cells[2], sums[0].ch4 * 25)
      close(gases.rows[2].cells[2], sums[0].n2o * 298)
      expect(gases.total[0]).toBe('Всего, т CO₂-экв.')
      close(gases.total[2], sums[0].total)
      expect(gases.bars.map((b) => b.label)).toEqual(gases.rows.map((r) => r.cells[0]))
      expect(gases.bars[0].value).toBeCloseTo(sums[0].co2, 2)
      // The heading names the company once; the rows name their category and year.
      expect(page.list.items).toHaveLength(sums[0].records)
      expect(page.list.items.every((item) => !item.title.includes(name) && item.title.endsWith(String(year)))).toBe(true)
    }
    // Without a year (or a company) the list is as before: no table by gas.
    const all = await genericPage(contextOf(), `companies/${company}/greenhousegases`, new URLSearchParams())
    expect('gases' in all && all.gases).toBeFalsy()
  })

  it('gives each year\'s tiles what they hold: the total in CO₂ equivalent, the records, the activities', async () => {
    const start = await greenhouseStart(contextOf())
    expect(start.length).toBeGreaterThan(1)
    expect(start.filter((y) => y.latest).map((y) => y.year)).toEqual([start[0].year])
    const { rows } = await sql<{ year: number; total: number; records: number }>`
      SELECT year, sum(total)::float8 AS total, count(*)::int AS records FROM greenhouse_gases GROUP BY year ORDER BY year DESC`.execute(t.database.db)
    for (const [i, row] of rows.slice(0, 3).entries()) {
      const emissions = start[i].sections.find((s) => s.kind === 'emissions')!
      expect(start[i].year).toBe(row.year)
      expect(emissions.title).toBe('Категории выбросов')
      expect(emissions.facts[0]).toMatch(/^Всего [\d\u00a0]+,\d{3} т CO₂-экв\.$/)
      expect(Number(emissions.facts[0].replace(/[^\d,]/g, '').replace(',', '.'))).toBeCloseTo(row.total, 2)
      expect(emissions.facts[1]).toMatch(new RegExp(`^${row.records} запис(ь|и|ей) по категориям источников$`))
      expect(start[i].sections.find((s) => s.kind === 'activities')!.facts[0]).toMatch(/^Мероприятия \d+ предприяти(я|й)$/)
    }
    // Two years' tiles differ by what they hold.
    expect(start[0].sections[0].facts).not.toEqual(start[1].sections[0].facts)
  })
})

describe('one read for both doors: the list, the card, the search and the control indicators', () => {
  it('shows on a list page the records the API gives for the same filters, with and without the search', async () => {
    const department = await userNamed('department')
    const region = (await t.database.db.selectFrom('areas').select('administrative_region_id').where('kind', '=', 'licence_area').where('administrative_region_id', 'is not', null).executeTakeFirstOrThrow()).administrative_region_id!
    for (const [path, user] of [
      [`/areas?administrative_region__in=${region}&limit=40`, null],
      ['/areas?search=%D0%B0&limit=40', department],
      // Anyone else's search is ignored at both doors: the whole list.
      ['/areas?search=%D0%B0&limit=40', null],
    ] as const) {
      const page = await areaList(contextOf(user), request(path), 'licence_area')
      const query = new URL(path, 'http://x').searchParams
      query.set('kind', 'licence_area')
      const login = user ? await loginAs(t.app, user.username) : undefined
      const api = (await t.app.inject({ url: `/api/v1/areas/?${query}`, headers: login?.headers ?? {} })).json() as { count: number; results: Array<{ id: number }> }
      expect(page.list.count, path).toBe(api.count)
      expect(page.list.items.map((i) => i.id), path).toEqual(api.results.map((r) => r.id))
    }
    const research = await genericPage(contextOf(), 'scientific-research', new URLSearchParams('year=2020'))
    // The page's generic list of a registry type, with its year filter.
    const api = (await t.app.inject({ url: '/api/v1/scientific-researches/?year=2020' })).json() as { results: Array<{ id: number }> }
    if (research.view !== 'list') throw new Error('not a list')
    expect(research.list.items.map((i) => i.id)).toEqual(api.results.map((r) => r.id))
  })

  it('shows on a card the record the API gives, and a missing one as not found at both doors', async () => {
    const area = await t.database.db.selectFrom('areas').select('id').orderBy('id').executeTakeFirstOrThrow()
    const page = await recordOf<{ id: number; name: string }>(contextOf(), 'areas', area.id)
    const api = (await t.app.inject({ url: `/api/v1/areas/${area.id}/` })).json() as { id: number; name: string }
    expect(page).toMatchObject({ id: api.id, name: api.name })
    expect(await recordOf(contextOf(), 'areas', 2_000_000_000)).toBeUndefined()
    expect((await t.app.inject({ url: '/api/v1/areas/2000000000/' })).statusCode).toBe(404)
  })

  it('finds on the search page what the API finds, and both refuse a query of one letter', async () => {
    const page = await searchLoader({ request: request('/search?q=%20%D0%B3%D0%B0%D0%B7%20'), params: {}, context: contextOf() })
    const api = (await t.app.inject({ url: '/api/v1/search/?q=%D0%B3%D0%B0%D0%B7' })).json() as Record<string, { count: number; results: Array<{ name: string }> }>
    expect(page.groups.length).toBe(5)
    for (const group of page.groups) {
      expect(group.count, group.kind).toBe(api[group.kind].count)
      expect(group.hits.map((h) => h.name), group.kind).toEqual(api[group.kind].results.map((r) => r.name))
    }
    expect(page.groups.some((g) => g.count > 0)).toBe(true)
    const short = await searchLoader({ request: request('/search?q=%D0%B3'), params: {}, context: contextOf() })
    expect(short.hint).toBe('Введите не меньше 2 символов.')
    expect((await t.app.inject({ url: '/api/v1/search/?q=%D0%B3' })).statusCode).toBe(400)
  })

  it("shows on a point's control indicators page the items the API gives, for a year and for every year", async () => {
    const table = findType('ecomon-sediment-control-indicators')!.table
    const { rows } = await sql<{ point: number; year: number }>`SELECT measures_point_id AS point, year FROM ${sql.table(table)} ORDER BY id LIMIT 1`.execute(t.database.db)
    const { point, year } = rows[0]!
    const found = await t.database.db.selectFrom('measures_points').select('kind').where('id', '=', point).executeTakeFirstOrThrow()
    for (const asked of [String(year), '', 'bad']) {
      const page = await controlIndicatorsPage(contextOf(), found.kind, String(point), new URLSearchParams({ year: asked, limit: '100' }))
      // The page drops a malformed year and shows every year; the API refuses it by name.
      const api = await t.app.inject({ url: `/api/v1/measures-points/${point}/control-indicators/?limit=100${asked === 'bad' ? '' : `&year=${asked}`}` })
      const answer = api.json() as { count: number; results: Array<{ id: number; title: string }> }
      expect(page.list.count, asked).toBe(answer.count)
      expect(page.list.items.map((i) => `${i.id} ${i.href}`), asked).toEqual(answer.results.map((r) => `${r.id} ${(r as unknown as { href: string }).href}`))
    }
    expect((await t.app.inject({ url: `/api/v1/measures-points/${point}/control-indicators/?year=bad` })).statusCode).toBe(400)
  })
})
