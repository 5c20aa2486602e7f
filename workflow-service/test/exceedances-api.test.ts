// The Department's list of readings above their ПДК: the worst multiple first, filtered by year, area, company and
// substance, as JSON pages or a CSV/XLSX file, and the count per year for its chart.
import { csvTable } from '../../test-support/export-files.ts'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

type Row = { id: number; year: number; substance: string; value: number; mpc: number; multiple: number; measure: string; area: { id: number } | null; company: { id: number } | null }

async function pageOf(query: string): Promise<{ count: number; results: Row[] }> {
  const res = await t.app.inject({ url: `/api/v1/exceedances/?${query}` })
  expect(res.statusCode, query).toBe(200)
  return res.json()
}

describe('the list of exceedances', () => {
  it('lists exactly the readings above their limit, the worst multiple first, in the limit unit', async () => {
    const point = await t.database.db.selectFrom('measures_points').innerJoin('areas', 'areas.id', 'measures_points.area_id').select(['measures_points.id', 'areas.id as area', 'areas.company_id']).where('areas.company_id', 'is not', null).orderBy('measures_points.id').limit(1).executeTakeFirstOrThrow()
    const add = (name: string, value: number, mpc: number) =>
      sql`INSERT INTO measures_point_indications (measures_point_id, year, sampled, name, value, measure, mpc) VALUES (${point.id}, 2031, '2031-07-01', ${name}, ${value}, 'мг/м³', ${mpc})`.execute(t.database.db)
    await add('Проба-превышение-А', 0.9, 0.2)
    await add('Проба-превышение-Б', 30, 1)
    await add('Проба-в-норме', 0.2, 0.2)
    await add('Проба-без-ПДК', 5, 0)
    const page = await pageOf('year=2031')
    expect(page.results.map((r) => [r.substance, r.multiple, r.measure])).toEqual([['Проба-превышение-Б', 30, 'мг/м³'], ['Проба-превышение-А', 4.5, 'мг/м³']])
    expect(page.count).toBe(2)
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM measures_point_indications WHERE mpc > 0 AND value > mpc`.execute(t.database.db)
    const all = await pageOf('limit=1000')
    expect(all.count).toBe(rows[0].n)
    const multiples = all.results.map((r) => r.multiple)
    expect(multiples).toEqual([...multiples].sort((a, b) => b - a))
    for (const r of all.results) expect(r.value).toBeGreaterThan(r.mpc)
    // Filters: area, company, substance narrow to the same rows.
    for (const q of [`area=${point.area}`, `company=${point.company_id}`, 'substance=Проба-превышение-А']) {
      const found = await pageOf(`year=2031&${q}`)
      expect(found.results.map((r) => r.substance), q).toEqual(q.startsWith('substance') ? ['Проба-превышение-А'] : ['Проба-превышение-Б', 'Проба-превышение-А'])
    }
    const years = (await t.app.inject({ url: `/api/v1/exceedances/years/?area=${point.area}` })).json() as Array<{ year: number; count: number }>
    expect(years.find((y) => y.year === 2031)?.count).toBe(2)
  })

  it('writes every row of the filter as CSV and XLSX in the same order', async () => {
    const json = await pageOf('limit=1000')
    const res = await t.app.inject({ url: '/api/v1/exceedances/?format=csv' })
    expect(res.statusCode).toBe(200)
    const table = csvTable(res.rawPayload)
    expect(table[0]).toEqual(['Год', 'Дата отбора', 'Предприятие', 'Участок', 'Пункт наблюдения', 'Вещество', 'Значение', 'Единица измерения', 'ПДК', 'Кратность ПДК'])
    expect(table.length - 1).toBe(json.count)
    // The people's file writes 1,5 for 1.5.
    expect(table.slice(1, 1001).map((r) => Number(r[9].replace(',', '.')))).toEqual(json.results.map((r) => r.multiple))
    const xlsx = await t.app.inject({ url: '/api/v1/exceedances/?format=xlsx&year=2031' })
    expect(xlsx.statusCode).toBe(200)
  })

  it('refuses hostile parameters with a 400 naming them', async () => {
    for (const [q, parameter] of [['year=1e400', 'year'], ['area=-1', 'area'], ['company=abc', 'company'], ['format=pdf', 'format'], [`substance=${'x'.repeat(600)}`, 'substance'], ['limit=100000', 'limit']]) {
      const res = await t.app.inject({ url: `/api/v1/exceedances/?${q}` })
      expect(res.statusCode, q).toBe(400)
      expect(res.json().parameter, q).toBe(parameter)
    }
  })
})
