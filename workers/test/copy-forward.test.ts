// Copy-forward (decision 2443): a holder's template of a new year for a licence area comes pre-filled with last year's
// points, substances and means in a declared side column; filled and uploaded as it is, it passes the header check,
// the side column is read past, and a value ten times off last year's mean gets the year-on-year warning.
import { readFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { holder, multipartWithFiles, type Holder } from '../../test-support/workflow-fixtures.ts'
import { loginAs } from '../../test-support/login.ts'
import { checkDataFile } from '../src/files/check-data-file.server.ts'
import { loadRowContext } from '../src/files/row-context.server.ts'
import { tempFolder } from './support/fixture-files.ts'
import { useWorkerScene } from './support/worker-scene.ts'
import { prepareAreaReport, uploadStored, type ReportFixture } from './support/workflow-fixture.ts'

const { t, holderContext, settled } = useWorkerScene()
// Each data file is checked in a process of its own: on a busy machine its start alone takes seconds.
const SLOW = { timeout: 120_000 }
const folder = tempFolder()
const obs = uploadSpecOf('observation_results')
const SIDE = obs.lastYear!.header
const TEMPLATE = 'observation_results_surface_water'
const col = (field: string) => obs.columns.findIndex((c) => c.field === field) + 1

let report: ReportFixture
let holder1: Holder
let point: string
beforeAll(async () => {
  report = await prepareAreaReport(holderContext(), 'observation_results', 2025)
  holder1 = await holder(t.app, t.database.db, 'holder1')
  point = report.points.find((p) => p.kind === 'surface_water')!.nomenclature
  // Two readings of a substance of our own published last year at the point: their mean is 0,03. The reference data
  // lists it, as it lists every substance a file may name.
  await sql`INSERT INTO substances (name, unit_id, mpc) SELECT 'Копия-1', id, 0.05 FROM units WHERE name = 'мг/дм³'`.execute(t.database.db)
  const { id } = await t.database.db.selectFrom('measures_points').select('id').where('nomenclature', '=', point).executeTakeFirstOrThrow()
  await t.database.db
    .insertInto('measures_point_indications')
    .values([0.02, 0.04].map((value, i) => ({ measures_point_id: id, year: report.year - 1, sampled: `${report.year - 1}-08-0${i + 1}`, name: 'Копия-1', value, measure: 'мг/дм³', mpc: 0.05, mpc_max: null })))
    .execute()
})
afterAll(() => folder.remove())

const url = (query: string) => `/api/v1/report-templates/files/${TEMPLATE}.xlsx?${query}`

async function download(query: string, headers: Record<string, string> = holder1.headers) {
  return t.app.inject({ url: url(query), headers })
}

async function load(bytes: Buffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  return workbook
}

/** Last year's readings of the area's surface-water points, one entry per point and substance (as the check groups them). */
async function expectedPairs(year: number): Promise<string[]> {
  const { rows } = await sql<{ nomenclature: string; name: string }>`
    SELECT DISTINCT p.nomenclature, lower(i.name) AS name FROM measures_point_indications i JOIN measures_points p ON p.id = i.measures_point_id
    WHERE p.area_id = ${report.areaId} AND p.kind = 'surface_water' AND i.year = ${year - 1} AND i.value IS NOT NULL AND p.nomenclature IS NOT NULL`.execute(t.database.db)
  return rows.map((r) => `${r.nomenclature} ${r.name}`).sort()
}

/** The rows of «Данные» after the header: each as its cells by column number. */
function dataRows(workbook: ExcelJS.Workbook): Array<Record<number, unknown>> {
  const sheet = workbook.getWorksheet('Данные')!
  const rows: Array<Record<number, unknown>> = []
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row: Record<number, unknown> = {}
    sheet.getRow(r).eachCell((cell, c) => (row[c] = cell.value))
    rows.push(row)
  }
  return rows
}

/** Writes a book and checks it as the upload's check does, against the report's area on the real database. */
async function checkBook(workbook: ExcelJS.Workbook, name: string) {
  const file = folder.file(name)
  await workbook.xlsx.writeFile(file)
  const context = await loadRowContext(t.database.db, obs, { year: report.year, areaId: report.areaId, companyId: holder1.companyId })
  return checkDataFile(file, obs, context)
}

/** Every copied row filled as a holder would: a sampling day of the year and last year's mean as the value. */
function fill(workbook: ExcelJS.Workbook): ExcelJS.Worksheet {
  const sheet = workbook.getWorksheet('Данные')!
  const side = obs.columns.length + 1
  for (let r = 2; r <= sheet.rowCount; r++) {
    sheet.getCell(r, col('sampled')).value = `01.08.${report.year}`
    sheet.getCell(r, col('value')).value = sheet.getCell(r, side).value
  }
  return sheet
}

const rowOf = (sheet: ExcelJS.Worksheet, name: string) => {
  for (let r = 2; r <= sheet.rowCount; r++) if (sheet.getCell(r, col('name')).value === name) return r
  throw new Error(`no row of ${name}`)
}

describe('the template of a new year pre-filled with last year', SLOW, () => {
  it("holds last year's points and substances of the area and their means in the side column, marked as not to be filled", async () => {
    const res = await download(`area=${report.areaId}&year=${report.year}&prefill=last-year`)
    expect(res.statusCode).toBe(200)
    // A holder's own copy: never kept by a shared cache.
    expect(res.headers['cache-control']).toBe('private, no-store')
    const workbook = await load(res.rawPayload)
    const sheet = workbook.getWorksheet('Данные')!
    const side = obs.columns.length + 1
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...obs.columns.map((c) => c.header), SIDE])
    const rows = dataRows(workbook)
    expect(rows.map((r) => `${r[col('measures_point')]} ${String(r[col('name')]).toLowerCase()}`).sort()).toEqual(await expectedPairs(report.year))
    // Each row is of the new year, with the date and value left to fill.
    for (const row of rows) {
      expect(row[col('year')]).toBe(report.year)
      expect(row[col('sampled')]).toBeUndefined()
      expect(row[col('value')]).toBeUndefined()
      expect(typeof row[side]).toBe('number')
    }
    const ours = rows.find((r) => r[col('name')] === 'Копия-1')!
    expect(ours).toMatchObject({ [col('measures_point')]: point, [col('measure')]: 'мг/дм³' })
    expect(ours[side]).toBeCloseTo(0.03, 10)
    // Not to be filled: grey, with a note on its header, and anything typed into it refused.
    const header = sheet.getCell(1, side)
    expect(String(header.note)).toContain('Не заполняется')
    expect((header.fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFE7E6E6')
    const validation = sheet.getCell(3, side).dataValidation
    expect(validation).toMatchObject({ type: 'custom', formulae: ['FALSE'], errorStyle: 'stop' })
    const notes = workbook.getWorksheet('Пояснения')!
    const explained = [...Array(notes.rowCount).keys()].map((i) => notes.getRow(i + 1)).find((r) => r.getCell(1).value === SIDE)!
    expect(explained.getCell(2).value).toBe('не заполняется')
    expect(String(explained.getCell(3).value)).toContain(`${report.year - 1} год`)
    expect(String(explained.getCell(3).value)).toContain(`больше чем в ${obs.lastYear!.factor} раз`)
  })

  it('filled and uploaded as it is, passes the check with the side column read past; a value ten times off gets the warning', async () => {
    const workbook = await load((await download(`area=${report.areaId}&year=${report.year}&prefill=last-year`)).rawPayload)
    const sheet = fill(workbook)
    // 0,5 against last year's 0,03: about 17 times more.
    sheet.getCell(rowOf(sheet, 'Копия-1'), col('value')).value = 0.5
    const file = folder.file('заполненный.xlsx')
    await workbook.xlsx.writeFile(file)
    const fileId = await uploadStored(holderContext(), report.reportId, file, 'заполненный.xlsx')
    const checked = await settled(fileId, 'success')
    const findings = checked.problems as Array<{ row?: number; column?: string; reason: string; level?: string }>
    expect(findings.filter((p) => p.level !== 'warning')).toEqual([])
    expect(findings.filter((p) => p.reason.includes('прошлый год'))).toEqual([
      expect.objectContaining({
        row: rowOf(sheet, 'Копия-1'),
        column: 'Значение',
        level: 'warning',
        reason: 'значение в 17 раз больше среднего за прошлый год (0,03): проверьте единицу измерения и разделитель дробной части',
      }),
    ])
    const staged = await t.database.db.selectFrom('import_staged_rows').select(sql<number>`count(*)::int`.as('n')).where('file_id', '=', fileId).executeTakeFirstOrThrow()
    expect(staged.n).toBe(sheet.rowCount - 1)
  })

  it('gives the plain template of the area when last year has no published reading', async () => {
    // The demo readings start in 2010: nothing was published in 2004.
    const copied = await download(`area=${report.areaId}&year=2005&prefill=last-year`)
    expect(copied.statusCode).toBe(200)
    const plain = await download(`area=${report.areaId}&year=2005`)
    // The same sheets, cells and widths; not the same bytes: the book's ZIP stamps each part with the time it was
    // written, so two downloads that straddle its two-second tick differ.
    const [copiedBook, plainBook] = [await load(copied.rawPayload), await load(plain.rawPayload)]
    const contentOf = (book: ExcelJS.Workbook) => book.worksheets.map((ws) => ({ name: ws.name, rows: ws.getSheetValues(), widths: ws.columns?.map((c) => c.width) }))
    expect(contentOf(copiedBook)).toEqual(contentOf(plainBook))
    const sheet = copiedBook.getWorksheet('Данные')!
    expect(sheet.rowCount).toBe(1)
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(obs.columns.map((c) => c.header))
  })

  it("is refused to the public, the Department and the holder of another company, and names what is wrong in a hostile query", async () => {
    const query = `area=${report.areaId}&year=${report.year}&prefill=last-year`
    expect((await download(query, {})).statusCode).toBe(403)
    expect((await download(query, (await loginAs(t.app, 'department')).headers)).statusCode).toBe(403)
    const other = await holder(t.app, t.database.db, 'holder2')
    expect(other.companyId).not.toBe(holder1.companyId)
    expect((await download(query, other.headers)).statusCode).toBe(403)
    expect((await download(`company=${holder1.companyId}&year=${report.year}&prefill=last-year`, other.headers)).statusCode).toBe(403)
    // The plain copy of an area stays public.
    expect((await download(`area=${report.areaId}&year=${report.year}`, {})).statusCode).toBe(200)
    expect((await download(`area=2147483647&year=${report.year}&prefill=last-year`)).statusCode).toBe(404)
    for (const [bad, parameter] of [
      [`area=${report.areaId}&year=1e400&prefill=last-year`, 'year'],
      [`area=1e400&prefill=last-year`, 'area'],
      [`area=${report.areaId}&prefill=__proto__`, 'prefill'],
      [`area=${report.areaId}&prefill=last-year%00`, 'prefill'],
      [`year=${report.year}&prefill=last-year`, 'prefill'],
    ] as const) {
      const res = await download(bad)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().parameter, bad).toBe(parameter)
    }
    // A template whose rows are no readings is never pre-filled.
    const ghg = await t.app.inject({ url: `/api/v1/report-templates/files/greenhouse_gases.xlsx?company=${holder1.companyId}&prefill=last-year`, headers: holder1.headers })
    expect(ghg.statusCode).toBe(400)
    expect(ghg.json().parameter).toBe('prefill')
  })
})

describe('the header check of a pre-filled template', SLOW, () => {
  async function filledBook(): Promise<ExcelJS.Workbook> {
    const workbook = await load((await download(`area=${report.areaId}&year=${report.year}&prefill=last-year`)).rawPayload)
    fill(workbook)
    return workbook
  }

  it('accepts the side column moved before the others, and reads none of its values, however hostile', async () => {
    const workbook = await filledBook()
    const sheet = workbook.getWorksheet('Данные')!
    // Moved: the side column becomes the first.
    sheet.spliceColumns(obs.columns.length + 1, 1)
    sheet.spliceColumns(1, 0, [SIDE, '1e400', '__proto__', 'NUL\u0000', '=HYPERLINK("http://x")', -5])
    // A row of nothing but a side value is no data row.
    const extra = sheet.rowCount + 1
    sheet.getCell(extra, 1).value = 123
    const result = await checkBook(workbook, 'перенесённый.xlsx')
    expect(result.problems).toEqual([])
    expect(result).toMatchObject({ ok: true, rows: extra - 2 })
  })

  it('refuses a side column renamed, naming it, and a second «Значение» made of it', async () => {
    for (const [renamed, reason] of [
      ['Значение за 2024 год', 'несоответствие полей: неизвестные столбцы «Значение за 2024 год»'],
      ['Значение', 'несоответствие полей: повторяются столбцы «Значение»'],
    ] as const) {
      const workbook = await filledBook()
      workbook.getWorksheet('Данные')!.getCell(1, obs.columns.length + 1).value = renamed
      const result = await checkBook(workbook, 'переименованный.xlsx')
      expect(result.ok).toBe(false)
      expect(result.problems).toEqual([{ row: 1, reason }])
    }
  })

  it('accepts the side column under its name in another case, with spaces and a required mark, as every header', async () => {
    const workbook = await filledBook()
    workbook.getWorksheet('Данные')!.getCell(1, obs.columns.length + 1).value = `  ${SIDE.toUpperCase()} *`
    const result = await checkBook(workbook, 'заглавные.xlsx')
    expect(result.problems).toEqual([])
    expect(result.ok).toBe(true)
  })

  it('is marked by a check before sending on the cells it names, the side column left as it was', async () => {
    const workbook = await filledBook()
    const sheet = workbook.getWorksheet('Данные')!
    const far = rowOf(sheet, 'Копия-1')
    // Not the 0,5 the upload above sent: written in the same second, the same workbook would be the same bytes, which
    // the check before sending refuses as a file already uploaded (409).
    sheet.getCell(far, col('value')).value = 0.6
    const file = folder.file('черновик.xlsx')
    await workbook.xlsx.writeFile(file)
    const body = multipartWithFiles(
      { area: report.areaId, year: report.year, report_type: 'observation_results' },
      [{ field: 'file', filename: 'черновик.xlsx', content: readFileSync(file), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }],
    )
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/precheck/?format=xlsx', headers: { ...holder1.headers, ...body.headers }, payload: body.payload })
    expect(res.statusCode).toBe(200)
    const marked = (await load(res.rawPayload)).getWorksheet('Данные')!
    const fill = (r: number, c: number) => (marked.getCell(r, c).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb
    // The far value is yellow with the year-on-year warning; last year's mean beside it keeps its own grey.
    expect(fill(far, col('value'))).toBe('FFFFEB9C')
    expect(String(marked.getCell(far, col('value')).note)).toContain('среднего за прошлый год')
    expect(fill(far, obs.columns.length + 1)).toBe('FFE7E6E6')
    expect(marked.getCell(far, obs.columns.length + 1).value).toBeCloseTo(0.03, 10)
  })
})
