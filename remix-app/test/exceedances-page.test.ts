// The exceedances page's loader: its rows, filters, pages, files and chart against the readings in the database.
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test-support/test-app.ts'
import { callPage } from './support/call-page.ts'
import { pageContext } from './support/load-context.ts'
import { BarChart } from '../app/features/charts/components/bar-chart.tsx'

const t = useTestApp()
const context = () => pageContext({ db: t.database.db, queue: t.queue }, null, { dataDir: '.test-data/exceedances-page' })

describe('the exceedances page', () => {
  it('shows the readings above their ПДК of the chosen filters, worst first, paged, with files carrying the filters and a chart per year', async () => {
    const point = await t.database.db.selectFrom('measures_points').innerJoin('areas', 'areas.id', 'measures_points.area_id').select(['measures_points.id', 'areas.id as area', 'areas.company_id']).where('areas.company_id', 'is not', null).orderBy('measures_points.id').limit(1).executeTakeFirstOrThrow()
    const add = (year: number, name: string, value: number, mpc: number) =>
      sql`INSERT INTO measures_point_indications (measures_point_id, year, sampled, name, value, measure, mpc) VALUES (${point.id}, ${year}, ${`${year}-07-01`}, ${name}, ${value}, 'мг/м³', ${mpc})`.execute(t.database.db)
    for (let i = 0; i < 55; i++) await add(2032, `Превышение-${String(i).padStart(2, '0')}`, 1 + i / 10, 0.5)
    await add(2033, 'Превышение-00', 1234.5, 1)
    await add(2033, 'В-норме', 0.1, 1)

    const page = await callPage(`/exceedances?year=2032&company=${point.company_id}&area=${point.area}`, context())
    expect(page.route).toBe('exceedances/list')
    expect(page.data.title).toBe('Превышения ПДК')
    expect(page.data.count).toBe(55)
    expect(page.data.rows).toHaveLength(50)
    expect(page.data.rows[0]).toMatchObject({ substance: 'Превышение-54', multiple: 12.8, measure: 'мг/м³' })
    expect(page.data.pages).toBe(2)
    expect(page.data.next).toBe(`?year=2032&company=${point.company_id}&area=${point.area}&page=2`)
    expect(page.data.downloads.csv).toBe(`/api/v1/exceedances/?year=2032&company=${point.company_id}&area=${point.area}&format=csv`)
    expect(page.data.controls.map((c: { label: string; value: string }) => [c.label, c.value])).toEqual([
      ['Год', '2032'],
      ['Предприятие', String(point.company_id)],
      ['Участок', String(point.area)],
      ['Вещество', ''],
    ])
    const second = await callPage(`/exceedances${page.data.next}`, context())
    expect(second.data.rows.map((r: { substance: string }) => r.substance)).toEqual(['Превышение-04', 'Превышение-03', 'Превышение-02', 'Превышение-01', 'Превышение-00'])
    expect(second.data.previous).toBe(`?year=2032&company=${point.company_id}&area=${point.area}`)

    // The chart counts each year with the other filters; the file answers the same rows.
    const bySubstance = await callPage('/exceedances?substance=Превышение-00', context())
    expect(bySubstance.data.perYear.filter((y: { year: number }) => y.year >= 2032)).toEqual([{ year: 2032, count: 1 }, { year: 2033, count: 1 }])
    expect(bySubstance.data.rows.map((r: { value: number }) => r.value)).toEqual([1234.5, 1])
    const csv = await t.app.inject({ url: page.data.downloads.csv })
    expect(csv.body.trim().split('\n')).toHaveLength(56)
    const svg = renderToString(createElement(BarChart, { title: 'Число', bars: bySubstance.data.perYear, description: 'Опись' }))
    expect(svg).toContain('<rect')
    expect(svg).toContain('Данные графика')
  })

  it('answers a malformed filter with the 400 page naming the field in Russian, never as no filter', async () => {
    const cases: Array<[string, string]> = [
      ['year=1e400', 'Год'],
      ['year=abc', 'Год'],
      ['year=2032&year=2033', 'Год'],
      ['company=__proto__', 'Предприятие'],
      ['company=2147483648', 'Предприятие'],
      ['area=-1', 'Участок'],
      ['substance=%00', 'Вещество'],
      ['page=Infinity', 'Страница'],
      ['page=0', 'Страница'],
      ['year=2032&page=999999999', 'Страница'],
    ]
    for (const [query, label] of cases) {
      const page = await callPage(`/exceedances?${query}`, context())
      expect(page.status, query).toBe(400)
      expect(String(page.data).startsWith(`${label}: `), `${query}: ${page.data}`).toBe(true)
      expect(String(page.data), query).not.toMatch(/\b(year|company|area|substance|page):/)
    }
  })

  it('takes an empty value as no filter, and keeps a well-formed value it does not offer with an empty list', async () => {
    const all = await callPage('/exceedances?year=&company=&area=&substance=&page=', context())
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM measures_point_indications WHERE mpc > 0 AND value > mpc`.execute(t.database.db)
    expect(all.status).toBe(200)
    expect(all.data.count).toBe(rows[0].n)
    const none = await callPage('/exceedances?year=1950', context())
    expect(none.data.count).toBe(0)
    const year = none.data.controls.find((c: { name: string }) => c.name === 'year')
    expect(year.value).toBe('1950')
    expect(year.options).toContainEqual({ value: '1950', label: '1950 — нет превышений' })
  })
})
