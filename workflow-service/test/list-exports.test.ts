import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { COMPANY_KINDS } from '../domain/src/catalogue/registry/labels.ts'
import { csvTable, dialectOf, xlsxSheet, xlsxTable } from '../../test-support/export-files.ts'
import { useTestApp } from '../../test-support/test-app.ts'

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
  return csvTable(res.rawPayload, dialectOf(url))
}

async function xlsxOf(url: string): Promise<unknown[][]> {
  const res = await t.app.inject({ url })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  return xlsxTable(res.rawPayload)
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
    const csv = await csvOf(`/api/v1/measures-point-indications/?year=${year}&format=csv&dialect=rfc4180`)
    const xlsx = await xlsxOf(`/api/v1/measures-point-indications/?year=${year}&format=xlsx`)
    for (const table of [csv, xlsx]) {
      expect(table.length - 1).toBe(n)
      expect(column(table, 'ID').map(Number)).toEqual(json.map((r) => r.id))
      expect(column(table, 'Значение').map(Number)).toEqual(json.map((r) => r.value))
      expect(column(table, 'Показатель')).toEqual(json.map((r) => r.name))
    }
    expect(typeof column(xlsx, 'Значение')[0]).toBe('number')
    // The people's file writes the same numbers with the decimal comma a Russian Excel reads.
    const people = await csvOf(`/api/v1/measures-point-indications/?year=${year}&format=csv`)
    expect(column(people, 'Значение').map((v) => Number(String(v).replace(',', '.')))).toEqual(json.map((r) => Number((r.value as number).toPrecision(12))))
    expect(column(people, 'Значение').some((v) => String(v).includes(','))).toBe(true)
    expect(column(people, 'Значение').some((v) => String(v).includes('.'))).toBe(false)
  })

  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    const names = ['=HYPERLINK("http://example.org","ЖМИ")', '+7 (999)', '-1+2', '@SUM(A1)', 'Обычное «имя», с запятой']
    for (const name of names) {
      await sql`INSERT INTO companies (name, kind, license_holder, vink, inn) VALUES (${name}, 'lem', true, false, ${'=1+1'})`.execute(t.database.db)
    }
    const csv = await csvOf('/api/v1/companies/?format=csv&ordering=name&limit=1000')
    const xlsx = await xlsxOf('/api/v1/companies/?format=xlsx&ordering=name')
    const written = column(csv, 'Наименование') as string[]
    for (const name of names) {
      const expected = /^[=+\-@]/.test(name) ? `'${name}` : name
      expect(written, name).toContain(expected)
    }
    expect(written.some((v) => /^[=+\-@]/.test(v))).toBe(false)
    expect(column(csv, 'ИНН')).toContain("'=1+1")
    // An XLSX cell is a text by its type and never runs: the names are written as they are, none as a formula.
    const sheetNames = column(xlsx, 'Наименование')
    for (const name of names) expect(sheetNames, name).toContain(name)
    expect(sheetNames.every((v) => typeof v === 'string')).toBe(true)
    expect(column(xlsx, 'ИНН')).toContain('=1+1')
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

  it("writes the people's file in the words the pages show, and the programs' file in the JSON's codes", async () => {
    const json = await allPages('/api/v1/companies/?kind=lem_industry&ordering=name&limit=7')
    const people = await csvOf('/api/v1/companies/?kind=lem_industry&ordering=name&format=csv')
    const programs = await csvOf('/api/v1/companies/?kind=lem_industry&ordering=name&format=csv&dialect=rfc4180')
    expect(column(people, 'Вид мониторинга')).toEqual(json.map(() => COMPANY_KINDS.lem_industry))
    expect(column(programs, 'Вид мониторинга')).toEqual(json.map(() => 'lem_industry'))
    expect(column(people, 'Недропользователь')).toEqual(json.map((r) => (r.license_holder ? 'Да' : 'Нет')))
    expect(column(programs, 'Недропользователь')).toEqual(json.map((r) => String(r.license_holder)))
    for (const dialect of ['excel2', '__proto__', 'constructor', 'RFC4180', '%00', 'excel&dialect=rfc4180']) {
      const bad = await t.app.inject({ url: `/api/v1/companies/?format=csv&dialect=${dialect}` })
      expect([dialect, bad.statusCode, bad.json().parameter]).toEqual([dialect, 400, 'dialect'])
    }
  })

  it('writes a spreadsheet with typed numbers and dates, set column widths and the header row frozen', async () => {
    const row = await sql<{ year: number; measures_point_id: number }>`SELECT year, measures_point_id FROM measures_point_indications WHERE sampled IS NOT NULL ORDER BY id LIMIT 1`.execute(t.database.db)
    const { year, measures_point_id: point } = row.rows[0]
    const res = await t.app.inject({ url: `/api/v1/measures-point-indications/?measures_point=${point}&year=${year}&format=xlsx` })
    const sheet = await xlsxSheet(res.rawPayload)
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[]
    for (let i = 1; i <= headers.length; i++) expect(sheet.getColumn(i).width, headers[i - 1]).toBeGreaterThanOrEqual(8)
    const sampled = sheet.getRow(2).getCell(headers.indexOf('Дата отбора') + 1)
    expect(sampled.value).toBeInstanceOf(Date)
    expect(sampled.numFmt).toBe('dd.mm.yyyy')
    expect(typeof sheet.getRow(2).getCell(headers.indexOf('Значение') + 1).value).toBe('number')
    expect(typeof sheet.getRow(2).getCell(headers.indexOf('Год') + 1).value).toBe('number')
  })
})
