// Every list's `search` parameter folds ё into е on both sides, as the header's search does: one SQL function,
// search_text(), over the column and the pattern, and a trigram index over that very expression for each searched column.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { catalogueTypes } from '../domain/src/catalogue/registry/index.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { catalogueTables } from '../../test-support/catalogue-tables.ts'

const t = useTestApp()

const fold = (s: string) => s.replace(/[Ёё]/g, 'е').toLowerCase()

async function count(url: string): Promise<number> {
  const res = await t.app.inject({ url })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { count: number }).count
}

describe('list search with е and ё alike', () => {
  it('finds the same scientific researches whether the query is written with е or ё', async () => {
    const names = (await catalogueTables(t.database.db).selectFrom('scientific_researches').select('name').execute()).map((r) => r.name)
    const expected = names.filter((n) => fold(n).includes('мерзл')).length
    expect(expected, 'the demo data has researches of frozen ground').toBeGreaterThan(0)
    for (const q of ['мерзл', 'мёрзл', 'МЁРЗЛ']) expect(await count(`/api/v1/scientific-researches/?search=${encodeURIComponent(q)}`), q).toBe(expected)
  })

  it('finds a company written with е by ё and one written with ё by е, in the company list', async () => {
    const [first, second] = await t.database.db.selectFrom('companies').select(['id', 'name']).orderBy('id').limit(2).execute()
    await t.database.db.updateTable('companies').set({ name: 'ООО «Зеленый мыс»' }).where('id', '=', first.id).execute()
    await t.database.db.updateTable('companies').set({ name: 'ООО «Тёплый берег»' }).where('id', '=', second.id).execute()
    // The company list's search is the Department's and the Administrator's (search-lists.test.ts).
    const { headers } = await loginAs(t.app, 'department')
    const ids = async (q: string) => {
      const res = await t.app.inject({ url: `/api/v1/companies/?search=${encodeURIComponent(q)}`, headers })
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json() as { results: Array<{ id: number }> } | Array<{ id: number }>
      return (Array.isArray(body) ? body : body.results).map((c) => c.id)
    }
    expect(await ids('зелёный мыс')).toEqual([first.id])
    expect(await ids('Зеленый мыс')).toEqual([first.id])
    expect(await ids('теплый берег')).toEqual([second.id])
    expect(await ids('ТЁПЛЫЙ БЕРЕГ')).toEqual([second.id])
  })

  it('gives every searched column of the registry a trigram index over search_text() that the planner can use', async () => {
    const indexes = await sql<{ tablename: string; indexdef: string }>`SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public'`.execute(t.database.db)
    for (const type of catalogueTypes) {
      for (const filter of type.filters.filter((f) => f.kind === 'search')) {
        const found = indexes.rows.some((i) => i.tablename === type.table && i.indexdef.includes(`gin (search_text(${filter.column}) gin_trgm_ops)`))
        expect(found, `${type.table}.${filter.column}`).toBe(true)
      }
    }
    // The demo tables are small enough for a sequential scan to win; with it ruled out the index must serve the query.
    const plan = await t.database.db.connection().execute(async (db) => {
      await sql`SET enable_seqscan = off`.execute(db)
      const rows = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM scientific_researches t WHERE search_text(t.name) LIKE ${'%мерзл%'}`.execute(db)
      await sql`RESET enable_seqscan`.execute(db)
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('scientific_researches_name_search_text_idx')
  })
})
