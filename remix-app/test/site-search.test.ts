// The site search: е and ё alike and case ignored, the user's % and _ taken literally, counts and hits checked
// against every name in the database, bad queries refused with a 400 naming `q`, and the results page's links.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { catalogueUseCases } from '@portal/workflow-domain/use-cases.server.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { loader as searchLoader } from '../app/features/search/routes/search.tsx'

const t = useTestApp()

type Answer = Record<'companies' | 'areas' | 'points' | 'water' | 'substances', { count: number; results: Array<{ id: number | null; name: string; kind: string }> }> & { query: string }

async function search(q: string, limit?: number): Promise<Answer> {
  const res = await t.app.inject({ url: `/api/v1/search/?${new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) })}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Answer
}

const fold = (s: string) => s.replace(/[Ёё]/g, 'е').toLowerCase()

async function namesOf(table: 'companies' | 'areas' | 'measures_points'): Promise<Array<{ id: number; name: string }>> {
  return t.database.db.selectFrom(table).select(['id', 'name']).execute()
}

describe('site search', () => {
  it('finds an area written with ё whether the query has е or ё, in any case', async () => {
    const areas = await namesOf('areas')
    const withYo = areas.find((a) => /ё/i.test(a.name))
    expect(withYo, 'the demo data has an area name with ё').toBeDefined()
    const word = withYo!.name.split(/[\s-]/).find((w) => /ё/i.test(w))!.slice(0, 6)
    const expected = areas.filter((a) => fold(a.name).includes(fold(word))).map((a) => a.id).sort((x, y) => x - y)
    for (const q of [word, word.replace(/ё/g, 'е').replace(/Ё/g, 'Е'), word.toUpperCase()]) {
      const found = await search(q, 50)
      expect(found.areas.count).toBe(expected.length)
      expect(found.areas.results.map((r) => Number(r.id)).sort((x, y) => x - y)).toEqual(expected.slice(0, 50))
    }
  })

  it('finds a substance written with ё by е, and a company written with е by ё', async () => {
    const point = await t.database.db.selectFrom('measures_points').select('id').orderBy('id').executeTakeFirstOrThrow()
    await t.database.db.insertInto('measures_point_indications').values({ measures_point_id: point.id, year: 2024, name: 'Тёмноцветные минералы', value: 1, measure: 'мг/кг' }).execute()
    const company = await t.database.db.selectFrom('companies').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow()
    await t.database.db.updateTable('companies').set({ name: 'ООО «Зеленый берег»' }).where('id', '=', company.id).execute()
    expect((await search('темноцветн')).substances.results.map((s) => s.name)).toEqual(['Тёмноцветные минералы'])
    expect((await search('ЗЕЛЁНЫЙ БЕР')).companies.results.map((c) => c.id)).toEqual([company.id])
  })

  it('counts every match of each kind and shows the limit asked for, the closest names first', async () => {
    const q = 'пункт'
    const points = (await namesOf('measures_points')).filter((p) => fold(p.name).includes(q))
    const found = await search(q, 7)
    expect(found.points.count).toBe(points.length)
    expect(found.points.results).toHaveLength(Math.min(7, points.length))
    const companies = (await namesOf('companies')).filter((c) => fold(c.name).includes(q))
    expect(found.companies.count).toBe(companies.length)
  })

  it("takes the user's % and _ literally instead of as wildcards", async () => {
    const found = await search('%_')
    expect([found.companies.count, found.areas.count, found.points.count, found.substances.count]).toEqual([0, 0, 0, 0])
  })

  it('refuses a missing, too short, too long or control-character query with a 400 naming q', async () => {
    for (const url of ['/api/v1/search/', '/api/v1/search/?q=%D0%B0', '/api/v1/search/?q=%20%20a%20', `/api/v1/search/?q=${'я'.repeat(201)}`, '/api/v1/search/?q=ab%00cd', '/api/v1/search/?q=ab&limit=0']) {
      const res = await t.app.inject({ url })
      expect(res.statusCode, url).toBe(400)
      expect(['q', 'limit']).toContain(res.json().parameter)
    }
  })

  it('lists the hits on the results page with links to their pages, a substance to its map', async () => {
    const context = { db: t.database.db, catalogue: catalogueUseCases(t.database.db), useCaseContext: { actor: null, clientAddress: '127.0.0.1', requestId: 'test' }, user: null } as unknown as AppLoadContext
    const page = await searchLoader({ request: new Request('http://localhost/monitoring/search?q=%D0%BD%D0%B5%D1%84%D1%82%D0%B5%D0%BF%D1%80%D0%BE%D0%B4'), params: {}, context })
    const substances = page.groups.find((g) => g.kind === 'substances')!
    expect(substances.hits[0].href).toBe(`/map?${new URLSearchParams({ substance: 'Нефтепродукты', year: '' })}`)
    const area = (await namesOf('areas'))[0]
    const byArea = await searchLoader({ request: new Request(`http://localhost/monitoring/search?${new URLSearchParams({ q: area.name, kind: 'areas' })}`), params: {}, context })
    expect(byArea.groups.map((g) => g.kind)).toEqual(['areas'])
    expect(byArea.groups[0].hits.some((h) => /^\/(areas|polygons|polygons-yanao)\/\d+$/.test(h.href) && h.href.endsWith(`/${area.id}`))).toBe(true)
    const short = await searchLoader({ request: new Request('http://localhost/monitoring/search?q=%D0%B0'), params: {}, context })
    expect(short.groups).toEqual([])
    expect(short.hint).toMatch(/не меньше 2/)
  })
})

describe('site search by the numbers people know', () => {
  it('finds a company by its ИНН, an area by its licence number and a point by its code', async () => {
    const company = await t.database.db.selectFrom('companies').select(['id', 'inn']).where('inn', 'is not', null).orderBy('id').executeTakeFirstOrThrow()
    expect((await search(company.inn!, 50)).companies.results.map((c) => c.id)).toContain(company.id)
    const area = await t.database.db.selectFrom('areas').select(['id', 'license']).where('license', 'is not', null).orderBy('id').executeTakeFirstOrThrow()
    expect((await search(area.license!.toLowerCase(), 50)).areas.results.map((a) => a.id)).toContain(area.id)
    const point = await t.database.db.selectFrom('measures_points').select(['id', 'nomenclature']).where('nomenclature', 'like', 'ПН-1-01').executeTakeFirstOrThrow()
    const found = await search('ПН-1-01', 50)
    expect(found.points.results.map((p) => p.id)).toEqual([point.id])
  })

  it('finds a water object by its name and leads to the points on it', async () => {
    const found = await search('Обь', 50)
    expect(found.water.results.map((w) => w.name)).toContain('р. Обь')
    const context = { db: t.database.db, catalogue: catalogueUseCases(t.database.db), useCaseContext: { actor: null, clientAddress: '127.0.0.1', requestId: 'test' }, user: null } as unknown as AppLoadContext
    const page = await searchLoader({ request: new Request(`http://localhost/monitoring/search?${new URLSearchParams({ q: 'обь' })}`), params: {}, context })
    const water = page.groups.find((g) => g.kind === 'water')!
    expect(water.title).toBe('Водные объекты')
    const ob = water.hits.find((h) => h.name === 'р. Обь')!
    expect(ob.href).toMatch(/^\/water-systems\/\d+\/points$/)
  })

  it('finds a substance by another form of its word: «сера» finds «Диоксид серы (SO2)»', async () => {
    const names = (await search('сера', 50)).substances.results.map((s) => s.name)
    expect(names).toContain('Диоксид серы (SO2)')
    expect((await search('диоксида', 50)).substances.results.map((s) => s.name)).toContain('Диоксид серы (SO2)')
  })
})
