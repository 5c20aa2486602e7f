// The loaders of a water-object point's /points/{kind}/{id}/ pages, called with real requests on the demo data.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { pageContext } from './support/load-context.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { genericPage } from '../app/features/catalogue/server/generic-pages.server.ts'
import { loader as controlLoader } from '../app/features/catalogue/routes/point-control-indicators.tsx'
import { loader as inspectionLoader } from '../app/features/catalogue/routes/point-resource-inspection.tsx'
import { loader as pointLoader } from '../app/features/catalogue/routes/point-card.tsx'
import { loader as systemPointsLoader } from '../app/features/catalogue/routes/water-system-points.tsx'
import { loader as pointByKindLoader } from '../app/features/catalogue/routes/point-by-kind-card.tsx'
import { isNotFound } from '../app/features/catalogue/server/not-found.ts'
import { catalogueTables } from '../../test-support/catalogue-tables.ts'

const t = useTestApp()
const KIND = 'control_water_object_state_point'

function contextOf(): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, null, { dataDir: '.test-data/point-water-pages' })
}

const args = (path: string, params: Record<string, string>) =>
  ({ request: new Request(`http://localhost/monitoring${path}`), params, context: contextOf() }) as never

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

async function controlPoint(): Promise<number> {
  const row = await t.database.db.selectFrom('measures_points').select('id').where('kind', '=', KIND).orderBy('id').executeTakeFirstOrThrow()
  return row.id
}

describe('a water-object point’s pages', () => {
  it('shows the control indicators of both kinds as one list with links to their cards and the year filter', async () => {
    const id = await controlPoint()
    const page = await controlLoader(args(`/points/${KIND}/${id}/control-indicators`, { kindPoint: KIND, id: String(id) }))
    expect(page.title).toBe('Контрольные показатели')
    expect(page.crumbs.at(-1)).toEqual({ title: 'Контрольные показатели', to: `/points/${KIND}/${id}/control-indicators` })
    expect(page.controls[0]).toMatchObject({ name: 'year', label: 'Отчетный период', options: expect.arrayContaining([{ value: '', label: 'Все' }]) })
    expect(page.list.count).toBeGreaterThan(0)
    for (const item of page.list.items) expect(item.href).toMatch(/^\/(sediment|waters)-control-indicators\/\d+$/)
    const year = page.controls[0].options![1].value
    const filtered = await controlLoader(args(`/points/${KIND}/${id}/control-indicators?year=${year}`, { kindPoint: KIND, id: String(id) }))
    expect(filtered.list.items.every((item) => item.title.endsWith(`, ${year}`))).toBe(true)
    expect(filtered.controls[0].value).toBe(year)
  })

  it('shows the visual inspection results of the point, each linked to its card', async () => {
    const id = await controlPoint()
    const page = await inspectionLoader(args(`/points/${KIND}/${id}/resource-inspection`, { kindPoint: KIND, id: String(id) }))
    expect(page.title).toBe('Результаты визуального обследования')
    expect(page.list.count).toBeGreaterThan(0)
    expect(page.list.items[0].href).toMatch(/^\/waters-resource-inspection-results\/\d+$/)
    const card = await genericPage(contextOf(), page.list.items[0].href!.slice(1), new URLSearchParams())
    expect(card.view).toBe('card')
    expect(card.crumbs.at(-2)?.to).toBe(`/measures-points/${id}/resource-inspection`)
  })

  it('links both lists from the point’s tabs', async () => {
    const id = await controlPoint()
    const card = await pointLoader(args(`/measures-points/${id}`, { id: String(id) }))
    const targets = card.tabs.map((tab) => tab.to)
    expect(targets).toContain(`/points/${KIND}/${id}/control-indicators`)
    expect(targets).toContain(`/points/${KIND}/${id}/resource-inspection`)
    expect(targets.filter((to) => to.endsWith('control-indicators'))).toHaveLength(1)
  })

  it('opens the cards of both control indicator kinds', async () => {
    const id = await controlPoint()
    const page = await controlLoader(args(`/points/${KIND}/${id}/control-indicators?limit=1000`, { kindPoint: KIND, id: String(id) }))
    for (const prefix of ['/sediment-control-indicators/', '/waters-control-indicators/']) {
      const href = page.list.items.find((item) => item.href!.startsWith(prefix))!.href!
      const card = await genericPage(contextOf(), href.slice(1), new URLSearchParams())
      expect(card.view, href).toBe('card')
    }
  })

  it('is the 404 page for a missing point, a point of another kind, an unknown kind or a missing card', async () => {
    const id = await controlPoint()
    const other = await t.database.db.selectFrom('measures_points').select('id').where('kind', '=', 'ambient_air').orderBy('id').executeTakeFirstOrThrow()
    expect(await status(() => controlLoader(args('/x', { kindPoint: KIND, id: '2147483647' })))).toBe(404)
    expect(await status(() => controlLoader(args('/x', { kindPoint: 'ambient_air', id: String(id) })))).toBe(404)
    expect(await status(() => inspectionLoader(args('/x', { kindPoint: KIND, id: String(other.id) })))).toBe(404)
    expect(await status(() => inspectionLoader(args('/x', { kindPoint: 'nonsense', id: String(id) })))).toBe(404)
    expect(await status(() => controlLoader(args('/x', { kindPoint: KIND, id: 'abc' })))).toBe(404)
    expect(await status(() => genericPage(contextOf(), 'sediment-control-indicators/2147483647', new URLSearchParams()))).toBe(404)
    expect(await status(() => genericPage(contextOf(), 'waters-resource-inspection-results/2147483647', new URLSearchParams()))).toBe(404)
  })
})

describe('the measuring points of a water system', () => {
  it('lists the points on the water bodies the system controls, linked from the system’s card', async () => {
    const system = await t.database.db.selectFrom('water_systems' as never).select(['id', 'water_resources'] as never).orderBy('id' as never).executeTakeFirstOrThrow() as { id: number; water_resources: string[] }
    const card = await genericPage(contextOf(), `water-systems/${system.id}`, new URLSearchParams())
    expect(card.tabs).toContainEqual({ title: 'Пункты наблюдения', to: `/water-systems/${system.id}/points` })
    const page = await systemPointsLoader(args(`/water-systems/${system.id}/points?limit=1000`, { id: String(system.id) }))
    expect(page.title).toBe('Пункты наблюдения')
    expect(page.crumbs.map((c) => c.to)).toEqual(['/', '/water-systems', `/water-systems/${system.id}`, `/water-systems/${system.id}/points`])
    const expected = await t.database.db
      .selectFrom('measures_points as p')
      .innerJoin('water_resources as w', 'w.id', 'p.water_resource_id')
      .select('p.id')
      .where('w.name', 'in', system.water_resources)
      .execute()
    expect(page.list.count).toBe(expected.length)
    expect(page.list.count).toBeGreaterThan(0)
    expect(page.list.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b))
    expect(page.list.items[0].href).toBe(`/measures-points/${page.list.items[0].id}`)
  })

  it('is the 404 page for a water system that does not exist', async () => {
    expect(await status(() => systemPointsLoader(args('/x', { id: '2147483647' })))).toBe(404)
    expect(await status(() => systemPointsLoader(args('/x', { id: 'abc' })))).toBe(404)
  })
})

describe('ambient air, forecasts and estimates of an area or polygon', () => {
  it('lists the ambient-air reports of every point of an area, each linked to its /ambient-air card', async () => {
    const row: { area: number } = await catalogueTables(t.database.db)
      .selectFrom('ambient_air_reports as r')
      .innerJoin('measures_points as p', 'p.id', 'r.measures_point_id')
      .select('p.area_id as area')
      .orderBy('p.area_id')
      .executeTakeFirstOrThrow()
    const rows: Array<{ id: number }> = await catalogueTables(t.database.db)
      .selectFrom('ambient_air_reports as r')
      .innerJoin('measures_points as p', 'p.id', 'r.measures_point_id')
      .select('r.id')
      .where('p.area_id', '=', row.area)
      .execute()
    const page = await genericPage(contextOf(), `areas/${row.area}/ambient-air`, new URLSearchParams('limit=1000'))
    if (page.view !== 'list') throw new Error('expected a list')
    expect(page.title).toBe('Атмосферный воздух')
    expect(page.list.count).toBe(rows.length)
    expect(page.tabs).toContainEqual({ title: 'Атмосферный воздух', to: `/areas/${row.area}/ambient-air` })
    const href = page.list.items[0].href!
    expect(href).toMatch(/^\/ambient-air\/\d+$/)
    const card = await genericPage(contextOf(), href.slice(1), new URLSearchParams())
    expect(card.view).toBe('card')
    expect(await status(() => genericPage(contextOf(), 'ambient-air/2147483647', new URLSearchParams()))).toBe(404)
  })

  it('gives a regional polygon its ambient-air, forecast and estimate lists at the polygon’s own address', async () => {
    const polygon = await t.database.db.selectFrom('areas').select('id').where('kind', '=', 'polygon_region_monitoring').orderBy('id').executeTakeFirstOrThrow()
    const card = await genericPage(contextOf(), `polygons/${polygon.id}/forecast`, new URLSearchParams())
    if (card.view !== 'list') throw new Error('expected a list')
    const targets = card.tabs.map((tab) => tab.to)
    expect(targets).toContain(`/polygons/${polygon.id}/forecast`)
    expect(targets).toContain(`/polygons/${polygon.id}/assessment`)
    expect(card.list.count).toBeGreaterThan(0)
    expect(card.crumbs.at(-1)).toEqual({ title: 'Прогноз экологической ситуации', to: `/polygons/${polygon.id}/forecast` })
    const air = await genericPage(contextOf(), `polygons/${polygon.id}/ambient-air`, new URLSearchParams())
    expect(air.view).toBe('list')
    expect(await status(() => genericPage(contextOf(), 'polygons/2147483647/ambient-air', new URLSearchParams()))).toBe(404)
  })
})

describe('a point’s card at its by-kind address', () => {
  it('shows the same card and readings as /measures-points/{id}', async () => {
    const id = await controlPoint()
    const byKind = await pointByKindLoader(args(`/points/${KIND}/${id}`, { kindPoint: KIND, id: String(id) }))
    const plain = await pointLoader(args(`/measures-points/${id}`, { id: String(id) }))
    expect(byKind.title).toBe(plain.title)
    expect(byKind.groups).toEqual(plain.groups)
    expect(byKind.readings.length).toBeGreaterThan(0)
    expect(byKind.readings).toEqual(plain.readings)
  })

  it('answers the 404 page for a point of another kind, an unknown kind or a missing point', async () => {
    const id = await controlPoint()
    expect(await status(() => pointByKindLoader(args(`/points/ambient_air/${id}`, { kindPoint: 'ambient_air', id: String(id) })))).toBe(404)
    expect(await status(() => pointByKindLoader(args(`/points/no_such_kind/${id}`, { kindPoint: 'no_such_kind', id: String(id) })))).toBe(404)
    expect(await status(() => pointByKindLoader(args(`/points/${KIND}/999999`, { kindPoint: KIND, id: '999999' })))).toBe(404)
  })
})
