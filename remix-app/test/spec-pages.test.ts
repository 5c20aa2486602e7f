// The spec addresses that answered 404 (issue 13, finding 4) and the greenhouse start page (finding 6), called
// through their declared routes with real requests on the demo data.
import type { AppLoadContext } from '@remix-run/node'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { catalogueUseCases } from '@portal/workflow-domain/use-cases.server.ts'
import { loadConfig } from '@portal/workflow-server/service.server.ts'
import { pageSettingsOf } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { callPage } from './support/call-page.ts'
import { catalogueTables } from '../../test-support/catalogue-tables.ts'
import { pageContext } from './support/load-context.ts'

const t = useTestApp()

async function userNamed(username: string): Promise<CurrentUser> {
  const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
}

function contextOf(user: CurrentUser | null = null): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: '.test-data/spec-pages' })
}

const page = (path: string, user: CurrentUser | null = null) => callPage(path, contextOf(user))

async function pointOf(areaKind: string, where: string) {
  const { rows } = await sql<{ id: number; kind: string; area: number }>`
    SELECT p.id, p.kind, p.area_id AS area FROM measures_points p JOIN areas a ON a.id = p.area_id
    WHERE a.kind = ${areaKind} AND ${sql.raw(where)} ORDER BY p.id LIMIT 1`.execute(t.database.db)
  return rows[0]
}

describe('spec pages that answered 404', () => {
  it('shows the two regional start pages with their tiles', async () => {
    const system = await page('/management-systems')
    expect(system.data.title).toBe('Развитие экологического мониторинга')
    expect(system.data.tiles.map((tile: { title: string }) => tile.title)).toContain('Контроль состояния основных водных объектов')
    const home = await page('/regional-ekomonitoring')
    expect(home.data.tiles.map((tile: { title: string }) => tile.title)).toEqual([
      'Региональный экологический мониторинг (2020-2025)',
      'Система экологического мониторинга ЯНАО (2010-2019)',
      'Научные исследования',
      'Состояние водных объектов',
    ])
  })

  it('lists a regional polygon section’s points, linking each to its page in the section', async () => {
    const point = await pointOf('polygon_region_monitoring', "p.category = 'geochemical'")
    const section = await page(`/polygons/${point.area}/ecomonitoring-system/ecomonitoring-geochemical`)
    expect(section.route).toBe('catalogue/polygon-monitoring/polygons/geochemical')
    expect(section.data.list.count).toBeGreaterThan(0)
    expect(section.data.list.items[0].href).toMatch(/^\/measures-point-geochemical\/\d+\/\w+$/)
    expect(section.data.controls.map((c: { label: string }) => c.label)).toContain('Вид пункта')
    const narrowed = await page(`/polygons/${point.area}/ecomonitoring-system/ecomonitoring-geochemical/${point.kind}`)
    expect(narrowed.data.list.items.length).toBeGreaterThan(0)
    expect(narrowed.data.list.count).toBeLessThan(section.data.list.count)
    for (const s of ['geobotanical', 'radionuclides', 'hydrological', 'hygrobiology']) {
      expect((await page(`/polygons/${point.area}/ecomonitoring-system/ecomonitoring-${s}`)).data.list.count, s).toBeGreaterThan(0)
    }
  })

  it('shows a polygon’s monitoring system as tiles of its sections, served by the same route as the sections', async () => {
    const regional = await pointOf('polygon_region_monitoring', "p.category = 'geochemical'")
    const system = await page(`/polygons/${regional.area}/ecomonitoring-system`)
    expect(system.route).toBe('catalogue/polygon-monitoring/polygons')
    expect(system.data.title).toBe('Система экологического мониторинга полигона')
    expect(system.data.tiles).toContainEqual({ title: 'Геохимический мониторинг', url: `/polygons/${regional.area}/ecomonitoring-system/ecomonitoring-geochemical` })
    const yanao = await t.database.db.selectFrom('areas').select('id').where('kind', '=', 'polygon_YaNAO_monitoring').orderBy('id').executeTakeFirstOrThrow()
    const screen = await page(`/polygons-yanao/${yanao.id}/monitoring`)
    expect(screen.data.title).toBe('Мониторинг')
    expect(screen.data.tiles.map((tile: { title: string }) => tile.title)).toEqual(['Растительный мир (геоботанический мониторинг)', 'Радиационный мониторинг', 'Геохимический мониторинг', 'Гидрологический мониторинг'])
    expect((await page(`/polygons-yanao/${regional.area}/monitoring`)).location).toBe('/404')
  })

  it('refuses a section of the other system, an unknown point kind and a licence area', async () => {
    const point = await pointOf('polygon_region_monitoring', "p.category = 'geochemical'")
    expect((await page(`/polygons/${point.area}/ecomonitoring-system/ecomonitoring-geochemical/no_such_kind`)).location).toBe('/404')
    expect((await page(`/polygons-yanao/${point.area}/geochemical-monitoring/`)).location).toBe('/404')
    const licence = await t.database.db.selectFrom('areas').select('id').where('kind', '=', 'licence_area').executeTakeFirstOrThrow()
    expect((await page(`/polygons/${licence.id}/ecomonitoring-system/ecomonitoring-geobotanical`)).location).toBe('/404')
  })

  it('lists a region-wide polygon’s four sections at their -monitoring/ addresses', async () => {
    const point = await pointOf('polygon_YaNAO_monitoring', "p.category = 'radionuclides'")
    for (const s of ['radionuclides', 'geobotanical', 'hydrological', 'geochemical']) {
      const section = await page(`/polygons-yanao/${point.area}/${s}-monitoring/`)
      expect(section.data.list.count, s).toBeGreaterThan(0)
      expect(section.data.list.items[0].href).toMatch(new RegExp(`^/measure-point-${s}/\\d+/\\w+$`))
    }
  })

  it('opens a point in its section with tabs to its indicator lists at their regional addresses', async () => {
    const point = await pointOf('polygon_region_monitoring', "p.kind = 'geobotanical_sites' AND EXISTS (SELECT 1 FROM ecomon_fito_indicators f WHERE f.measures_point_id = p.id)")
    const card = await page(`/measures-point-geobotanical/${point.id}/${point.kind}`)
    expect(card.data.title).toBeTruthy()
    const fito = card.data.tabs.find((tab: { to: string }) => tab.to.endsWith('/fito-indicators'))
    expect(fito.to).toBe(`/regional-measures-point/${point.id}/${point.kind}/fito-indicators`)
    const list = await page(fito.to)
    expect(list.data.view).toBe('list')
    expect(list.data.list.count).toBeGreaterThan(0)
    // The kind segment must be the point's own kind, and the section one the point belongs to.
    expect((await page(`/regional-measures-point/${point.id}/hydrological_point/fito-indicators`)).location).toBe('/404')
    expect((await page(`/measures-point-geobotanical/${point.id}/hydrological_point`)).location).toBe('/404')
    expect((await page(`/measures-point-radionuclides/${point.id}/${point.kind}`)).location).toBe('/404')
    const yanao = await pointOf('polygon_YaNAO_monitoring', "p.category = 'hydrological' AND p.kind = 'hydrological_point'")
    expect((await page(`/measure-point-hydrological/${yanao.id}/${yanao.kind}`)).data.title).toBeTruthy()
  })
})

describe('greenhouse gases start page', () => {
  it('gives every year its two sections, for all companies and for one', async () => {
    for (const path of ['/greenhouse-gases', '/gas-emissions']) {
      const start = await page(path)
      expect(start.data.view).toBe('start')
      expect(start.data.years.length).toBeGreaterThan(0)
      expect(start.data.years[0].sections.map((s: { title: string }) => s.title)).toEqual(['Категории выбросов', 'Мероприятия по сокращению выбросов'])
    }
    const company = await t.database.db.selectFrom('companies').select(['id', 'name']).where('kind', '=', 'gas_emissions').orderBy('id').executeTakeFirstOrThrow()
    const own = await page(`/companies/${company.id}/gasemissions`)
    expect(own.data.title).toBe(`Парниковые газы: ${company.name}`)
    expect(own.data.years[0].sections[0].to).toBe(`/companies/${company.id}/greenhousegases-categories?year=${own.data.years[0].year}`)
  })

  it('heads the filtered list with the chosen company, year and category', async () => {
    const row = await catalogueTables(t.database.db)
      .selectFrom('greenhouse_gases as g')
      .innerJoin('companies as c', 'c.id', 'g.company_id')
      .innerJoin('greenhouse_categories as k', 'k.id', 'g.greenhouse_category_id')
      .select(['g.year', 'c.id as company', 'c.name as companyName', 'k.id as category', 'k.name as categoryName'])
      .orderBy('g.id')
      .executeTakeFirstOrThrow()
    const list = await page(`/greenhouse-gases?year=${row.year}&greenhouse_category=${row.category}&responsible__company=${row.company}`)
    expect(list.data.view).toBe('list')
    expect(list.data.title).toBe(`Парниковые газы: ${row.companyName}, ${row.year} год, ${row.categoryName}`)
    expect(list.data.list.count).toBeGreaterThan(0)
    const all = await page('/greenhouse-gases?year=')
    expect(all.data.title).toBe('Парниковые газы')
    expect(all.data.list.items.length).toBe(20)
    // The company's own list (its card's tab) is headed the same way, its crumb too.
    const own = await page(`/companies/${row.company}/greenhousegases?year=${row.year}&greenhouse_category=${row.category}`)
    expect(own.data.view).toBe('list')
    expect(own.data.title).toBe(`Парниковые газы: ${row.companyName}, ${row.year} год, ${row.categoryName}`)
    expect(own.data.crumbs.at(-1).title).toBe(own.data.title)
    expect(own.data.list.count).toBeGreaterThan(0)
    expect((await page(`/companies/${row.company}/greenhousegases`)).data.title).toBe(`Парниковые газы: ${row.companyName}`)
    // A year the company filed nothing in still heads its empty list, as on the greenhouse page.
    const empty = await page(`/companies/${row.company}/greenhousegases?year=2001&greenhouse_category=${row.category}`)
    expect([empty.data.title, empty.data.list.count]).toEqual([`Парниковые газы: ${row.companyName}, 2001 год, ${row.categoryName}`, 0])
    // The greenhouse page filtered the same way says the same.
    const emptyAll = await page(`/greenhouse-gases?year=2001&greenhouse_category=${row.category}&responsible__company=${row.company}`)
    expect(emptyAll.data.title).toBe(empty.data.title)
  })

  it('offers Все in the categories’ year filter and sums every year with it', async () => {
    const latest = await page('/greenhousegases-categories')
    expect(latest.data.controls[0].options[0]).toEqual({ value: '', label: 'Все' })
    const all = await page('/greenhousegases-categories?year=')
    expect(all.data.controls[0].value).toBe('')
    const total = (data: { rows: Array<{ cells: string[] }> }) => data.rows.reduce((sum, r) => sum + Number(r.cells.at(-1)!.replace(/\s/g, '').replace(',', '.')), 0)
    expect(total(all.data)).toBeGreaterThan(total(latest.data))
  })
})

describe('water indicators and analyte tables', () => {
  it('shows /water-indicators as Региональный мониторинг 2020-2025 годы with its section of the yearly indicators', async () => {
    const water = await page('/water-indicators')
    expect(water.route).toBe('catalogue/water-indicators')
    expect(water.data.title).toBe('Региональный мониторинг 2020-2025 годы')
    expect(water.data.heading).toBe('Контроль состояния основных водных объектов ЯНАО')
    expect(water.data.list.items.length).toBeGreaterThan(0)
    expect(water.data.list.pageSize).toBe(20)
  })

  it('gives a water indicator card the crumbs of its list page, as the cards beside it have', async () => {
    const list = await page('/water-indicators')
    const { rows } = await sql<{ id: number }>`SELECT min(id) AS id FROM ecomon_water_indicators`.execute(t.database.db)
    const card = await page(`/water-indicators/${rows[0].id}`)
    expect(card.status).toBe(200)
    // The list page's trail, then the record: the list is named as its own page names itself.
    expect(card.data.crumbs).toEqual([...list.data.crumbs, { title: card.data.title, to: `/water-indicators/${rows[0].id}` }])
    expect(card.data.crumbs.map((c: { title: string }) => c.title)).toEqual(['Главная', 'Региональный мониторинг 2020-2025 годы', card.data.title])
    // The same pattern as a water system's card beside it.
    const system = await page('/water-systems/1')
    const systems = await page('/water-systems')
    expect(system.data.crumbs.slice(0, -1)).toEqual(systems.data.crumbs)
  })

  it('gives water, flora and hydrological details a table of their analytes by year of the same point', async () => {
    for (const [table, path] of [
      ['ecomon_waters_indicators', 'regional-waters-indicator'],
      ['ecomon_water_legacy_indicators', 'waters-indicator'],
      ['ecomon_flora_indicators', 'regional-flora-indicator'],
      ['ecomon_flora_legacy_indicators', 'flora-legacy-indicator'],
      ['ecomon_hydrological_indicators', 'regional-hydrological-indicator'],
      ['ecomon_hydrological_legacy_indicators', 'hydrological-legacy-indicator'],
    ] as const) {
      const { rows } = await sql<{ id: number; years: number }>`
        SELECT min(id) AS id, count(*)::int AS years FROM ${sql.table(table)} GROUP BY measures_point_id ORDER BY count(*) DESC LIMIT 1`.execute(t.database.db)
      const card = await page(`/${path}/${rows[0].id}`)
      expect(card.data.table, path).not.toBeNull()
      expect(card.data.table.columns.slice(0, 2)).toEqual(['Показатель', 'Единица'])
      expect(card.data.table.columns.length - 2, path).toBe(rows[0].years)
      expect(card.data.table.rows.length).toBeGreaterThan(3)
      // The numbers are in the table, not repeated as rows of the card.
      const tableLabels = new Set(card.data.table.rows.map((r: { cells: string[] }) => r.cells[0]))
      const cardLabels = card.data.groups.flatMap((g: { rows: Array<{ label: string }> }) => g.rows.map((r) => r.label))
      expect(cardLabels.filter((l: string) => tableLabels.has(l))).toEqual([])
    }
  })
})

describe('tabs and roles of the spec', () => {
  it('gives the Лицензионные участки tab to companies of kind lem only', async () => {
    for (const kind of ['lem', 'lem_industry', 'gas_emissions'] as const) {
      const company = await t.database.db.selectFrom('companies').select('id').where('kind', '=', kind).orderBy('id').executeTakeFirst()
      if (!company) continue
      const tabs = (await page(`/companies/${company.id}`)).data.tabs.map((tab: { title: string }) => tab.title)
      expect(tabs.includes('Лицензионные участки'), kind).toBe(kind === 'lem')
    }
  })

  it('gives the search lists to the Department and the Administrator only, and ignores a search of anyone else', async () => {
    const department = await userNamed('department')
    const admin = await userNamed('admin')
    const holder = await userNamed('holder1')
    for (const path of ['/companies', '/areas', '/companies-by-kind/lem_industry']) {
      const everything = await page(path)
      for (const user of [null, holder]) {
        const attempt = await page(`${path}?search=${encodeURIComponent('нет такого названия')}`, user)
        expect(attempt.data.controls.map((c: { name: string }) => c.name), path).not.toContain('search')
        expect(attempt.data.list.count, path).toBe(everything.data.list.count)
      }
      for (const user of [department, admin]) {
        const searched = await page(`${path}?search=${encodeURIComponent('нет такого названия')}`, user)
        expect(searched.data.controls.map((c: { name: string }) => c.name), path).toContain('search')
        expect(searched.data.list.count, path).toBe(0)
      }
    }
  })

  it('hides the holder from nothing: a licence holder still sees public pages', async () => {
    const holder = await userNamed('holder1')
    expect((await page('/management-systems', holder)).status).toBe(200)
  })
})
