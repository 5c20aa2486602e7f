import ExcelJS from 'exceljs'
import { parse } from 'csv-parse/sync'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTestApp } from './support/test-app.ts'

const t = useTestApp()

type Row = Record<string, unknown> & { id: number }

/** Every record of a list through its JSON pages, following `next` to the end. */
async function allPages(url: string): Promise<Row[]> {
  const out: Row[] = []
  let next: string | null = url
  let pages = 0
  while (next) {
    const res = await t.app.inject({ url: next.replace(/^https?:\/\/[^/]+/, '') })
    expect(res.statusCode).toBe(200)
    const body = res.json() as { results: Row[]; next: string | null }
    out.push(...body.results)
    next = body.next
    pages++
  }
  expect(pages, `${url} has more than one page`).toBeGreaterThan(1)
  return out
}

async function csvOf(url: string): Promise<string[][]> {
  const res = await t.app.inject({ url })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
  expect(res.headers['content-disposition']).toMatch(/^attachment;.*\.csv/)
  const bytes = res.rawPayload
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  return parse(bytes.subarray(3).toString('utf8'), { relaxColumnCount: false }) as string[][]
}

async function xlsxOf(url: string): Promise<unknown[][]> {
  const res = await t.app.inject({ url })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  const rows: unknown[][] = []
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}

const column = (table: unknown[][], header: string) => {
  const at = table[0].indexOf(header)
  expect(at, header).toBeGreaterThanOrEqual(0)
  return table.slice(1).map((r) => r[at])
}

describe('exports of the lists', () => {
  it('writes every licence area of the filter, all pages, in the JSON order with Cyrillic intact, as CSV and XLSX', async () => {
    const query = 'kind=licence_area&ordering=-name'
    const json = await allPages(`/api/v1/areas/?${query}&limit=7`)
    const csv = await csvOf(`/api/v1/areas/?${query}&format=csv&limit=7&offset=3`)
    const xlsx = await xlsxOf(`/api/v1/areas/?${query}&format=xlsx`)
    for (const table of [csv, xlsx]) {
      expect(table[0].slice(0, 3)).toEqual(['ID', 'Наименование', 'Вид участка'])
      expect(table.length - 1).toBe(json.length)
      expect(column(table, 'ID').map(Number)).toEqual(json.map((r) => r.id))
      expect(column(table, 'Наименование')).toEqual(json.map((r) => r.name))
      expect(column(table, 'Недропользователь')).toEqual(json.map((r) => (r.company as { name: string } | null)?.name ?? (table === csv ? '' : undefined)))
    }
    expect(json.some((r) => /[а-яё]/i.test(String(r.name)))).toBe(true)
  })

  it('writes more rows than the largest page: every reading of the year, numbers as numbers', async () => {
    const { rows } = await sql<{ year: number; n: number }>`SELECT year, count(*)::int AS n FROM measures_point_indications GROUP BY year ORDER BY n DESC LIMIT 1`.execute(t.database.db)
    const { year, n } = rows[0]
    const json = await allPages(`/api/v1/measures-point-indications/?year=${year}&limit=1000`)
    expect(json.length).toBe(n)
    const csv = await csvOf(`/api/v1/measures-point-indications/?year=${year}&format=csv`)
    const xlsx = await xlsxOf(`/api/v1/measures-point-indications/?year=${year}&format=xlsx`)
    for (const table of [csv, xlsx]) {
      expect(table.length - 1).toBe(n)
      expect(column(table, 'ID').map(Number)).toEqual(json.map((r) => r.id))
      expect(column(table, 'Значение').map(Number)).toEqual(json.map((r) => r.value))
      expect(column(table, 'Показатель')).toEqual(json.map((r) => r.name))
    }
    expect(typeof column(xlsx, 'Значение')[0]).toBe('number')
  })

  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    const names = ['=HYPERLINK("http://example.org","ЖМИ")', '+7 (999)', '-1+2', '@SUM(A1)', 'Обычное «имя», с запятой']
    for (const name of names) {
      await sql`INSERT INTO companies (name, kind, license_holder, vink, inn) VALUES (${name}, 'lem', true, false, ${'=1+1'})`.execute(t.database.db)
    }
    const csv = await csvOf('/api/v1/companies/?format=csv&ordering=name&limit=1000')
    const xlsx = await xlsxOf('/api/v1/companies/?format=xlsx&ordering=name')
    for (const table of [csv, xlsx]) {
      const written = column(table, 'Наименование') as string[]
      for (const name of names) {
        const expected = /^[=+\-@]/.test(name) ? `'${name}` : name
        expect(written, name).toContain(expected)
      }
      expect(written.some((v) => /^[=+\-@]/.test(v))).toBe(false)
      expect(column(table, 'ИНН')).toContain("'=1+1")
    }
  })

  it('keeps the filters and the order of the JSON list, and refuses an unknown format naming it', async () => {
    const json = await allPages('/api/v1/companies/?kind=lem_industry&ordering=-inn,name&limit=3')
    const csv = await csvOf('/api/v1/companies/?kind=lem_industry&ordering=-inn,name&format=csv')
    expect(column(csv, 'ID').map(Number)).toEqual(json.map((r) => r.id))
    const bad = await t.app.inject({ url: '/api/v1/areas/?format=pdf' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().parameter).toBe('format')
    const badFilter = await t.app.inject({ url: '/api/v1/areas/?format=csv&kind=nope' })
    expect(badFilter.statusCode).toBe(400)
    expect(badFilter.json().parameter).toBe('kind')
  })
})
