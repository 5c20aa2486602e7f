// «Проверить без отправки» (decision 2420): a holder's file gets the check an upload would get (errors, warnings, unit
// conversions, duplicates against what is filed) through the API, and nothing is recorded or left on disk; the marked
// workbook (decision 2421) gives the holder's own book back with the findings on its cells.
import { createWriteStream, readFileSync, statSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importSpecForReport, uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { createLogger } from '@portal/workflow-server/service.server.ts'
import { holder, multipartWithFiles, uploadedFiles, type Holder } from '../../test-support/workflow-fixtures.ts'
import { loginAs } from '../../test-support/login.ts'
import { FINDINGS_SHEET, MARK_FILLS } from '../src/files/marked-workbook.server.ts'
import { filePrechecks } from '../src/files/precheck-file.server.ts'
import { tempFolder, writeCsv, writeXlsx, writeZipBomb } from './support/fixture-files.ts'
import { useWorkerScene } from './support/worker-scene.ts'
import { addTestSubstances, prepareAreaReport, uploadStored, type ReportFixture } from './support/workflow-fixture.ts'

// The check's budget of rows is lowered so a file past it is small (the file's size and time keep their defaults:
// 10 MB, 20 s); what the portal logs is kept to be read.
const PRECHECK_MAX_ROWS = 50
let logged = ''
const sink = new Writable({
  write(chunk, _encoding, done) {
    logged += chunk.toString()
    done()
  },
})
const { t, holderContext, settled } = useWorkerScene({ PRECHECK_MAX_ROWS: String(PRECHECK_MAX_ROWS) }, { logger: createLogger('info', sink) })
/** The lines logged at warn level and above since `from` (an offset of `logged`). */
const warnedSince = (from: number) =>
  logged
    .slice(from)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; precheck?: unknown; err?: unknown })
    .filter((line) => line.level >= 40)
// Each data file is checked in a process of its own: on a busy machine its start alone takes seconds.
const SLOW = { timeout: 120_000 }
const folder = tempFolder()
const HEADER = uploadSpecOf('observation_results').columns.map((c) => c.header)

let report: ReportFixture
let point: string
let holder1: Holder
afterAll(() => folder.remove())
beforeAll(async () => {
  report = await prepareAreaReport(holderContext(), 'observation_results')
  point = report.points.find((p) => p.kind === 'surface_water')!.nomenclature
  await addTestSubstances(t.database.db, t.queue, t.app.config.storageDir, ['Проверка-1', 'Проверка-2', 'Проверка-3', 'Проверка-4', 'Проверка-5', 'Проверка-6', 'Проверка-7', 'Проверка-8', 'Проверка-9', 'Проверка-10', 'Сравнение-1', 'Сравнение-2'])
  holder1 = await holder(t.app, t.database.db, 'holder1')
})

const row = (marker: string, day: number, value = '0,01', unit = 'мг/дм³') => [point, report.year, `${String(day).padStart(2, '0')}.08.${report.year}`, marker, value, unit, '0,05', '']

/** Every table a check could write to: none may gain a row. */
const RECORDS = ['events', 'import_files', 'import_reports', 'import_staged_rows', 'notifications', 'report_history', 'job_outbox', 'mail_outbox'] as const
async function recordCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of RECORDS) {
    // The due-date notices the workers send by the clock (decision 3603) carry no event (a negative position): they
    // may arrive at any moment and are not the check's.
    const ofEvents = table === 'notifications' || table === 'mail_outbox' ? sql`WHERE event_position >= 0` : sql``
    counts[table] = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} ${ofEvents}`.execute(t.database.db)).rows[0].n)
  }
  return counts
}

interface Section {
  area?: number
  company?: number
  year?: number | string
  report_type?: string
}

function precheck(file: { name: string; content: Buffer | string } | null, options: { headers?: Record<string, string>; section?: Section; format?: 'xlsx' } = {}) {
  const section = options.section ?? { area: report.areaId, year: report.year, report_type: 'observation_results' }
  const fields = Object.fromEntries(Object.entries(section).filter(([, v]) => v !== undefined)) as Record<string, string | number>
  const body = multipartWithFiles(fields, file ? [{ field: 'file', filename: file.name, content: file.content }] : [])
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/import-files/precheck/${options.format ? `?format=${options.format}` : ''}`,
    headers: { ...(options.headers ?? holder1.headers), ...body.headers },
    payload: body.payload,
  })
}

const csvOf = (name: string, rows: unknown[][]) => ({ name, content: readFileSync(writeCsv(folder.file(name), [HEADER, ...(rows as Array<Array<string | number>>)])) })

describe('a check before sending', SLOW, () => {
  it('shows the holder an observation file’s readings against last year before sending, the one ten times off marked first (decision 3714)', async () => {
    const { id } = await t.database.db.selectFrom('measures_points').select('id').where('nomenclature', '=', point).executeTakeFirstOrThrow()
    await t.database.db
      .insertInto('measures_point_indications')
      .values({ measures_point_id: id, year: report.year - 1, sampled: `${report.year - 1}-08-01`, name: 'Сравнение-1', value: 0.001, measure: 'мг/дм³', mpc: 0.05, mpc_max: null })
      .execute()
    const before = await recordCounts()
    const res = await precheck(csvOf('сравнение.csv', [row('Сравнение-2', 1, '0,01'), row('Сравнение-1', 2, '0,05')]))
    expect(res.statusCode).toBe(200)
    const { changes } = res.json()
    expect(changes).toMatchObject({ previousRound: null, lastYear: report.year - 1, factor: 10, count: 2, marked: 1 })
    expect(changes.results[0]).toMatchObject({ substance: 'Сравнение-1', current: 0.05, lastYear: 0.001, plausibility: { times: 50, direction: 'up' } })
    expect(changes.results[1]).toMatchObject({ substance: 'Сравнение-2', fromLastYear: { kind: 'only-now' }, plausibility: null })
    // Still nothing recorded: the comparison read the check's temporary rows.
    expect(await recordCounts()).toEqual(before)
  })

  it('answers the findings an upload would get (errors, warnings, unit conversions) and records nothing, leaving no bytes on disk', async () => {
    const before = await recordCounts()
    const stored = uploadedFiles(t.app.config.storageDir)
    const res = await precheck(
      csvOf('проверка.csv', [
        row('Проверка-1', 1),
        ['НЕТ-ТАКОГО-ПУНКТА', report.year, `02.08.${report.year}`, 'Проверка-1', '0,01', 'мг/дм³', '0,05', ''],
        row('Проверка-1', 3, '5'),
        row('Проверка-1', 4, '0,02', 'мг/дм3'),
      ]),
    )
    expect(res.statusCode).toBe(200)
    const answer = res.json()
    expect(answer).toMatchObject({ name: 'проверка.csv', ok: false, rows: 4 })
    const errors = answer.results.filter((f: { level: string }) => f.level === 'error')
    const warnings = answer.results.filter((f: { level: string }) => f.level === 'warning')
    expect(errors).toEqual([expect.objectContaining({ row: 3, column: 'Пункт наблюдения (номенклатура)', value: 'НЕТ-ТАКОГО-ПУНКТА' })])
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 5, column: 'Единица измерения', reason: 'единица «мг/дм3» принята как «мг/дм³»' }),
        expect.objectContaining({ row: 4, column: 'Значение', reason: expect.stringMatching(/^значение выше ПДК в 100 раз/) }),
      ]),
    )
    expect(answer.count).toBe(answer.results.length)
    expect(await recordCounts()).toEqual(before)
    expect(uploadedFiles(t.app.config.storageDir)).toEqual(stored)
  })

  it('names the rows a standing file of the section already holds, as the upload check does, and a good file passes', async () => {
    const first = await uploadStored(holderContext(), report.reportId, writeCsv(folder.file('отправленный.csv'), [HEADER, row('Проверка-2', 1), row('Проверка-2', 2)] as Array<Array<string | number>>), 'отправленный.csv')
    await settled(first, 'success')
    const before = await recordCounts()
    const again = (await precheck(csvOf('ещё-раз.csv', [row('Проверка-2', 2, '0,03'), row('Проверка-2', 3)]))).json()
    expect(again.ok).toBe(false)
    expect(again.results).toEqual([
      {
        row: 2,
        level: 'error',
        reason: 'повторяет строку 3 файла «отправленный.csv» этого отчёта: совпадают «Пункт наблюдения (номенклатура)», «Год», «Показатель» и «Дата отбора»',
      },
    ])
    const fresh = (await precheck(csvOf('новые.csv', [row('Проверка-2', 4), row('Проверка-2', 5)]))).json()
    expect(fresh).toMatchObject({ ok: true, rows: 2, count: 0, results: [] })
    expect(await recordCounts()).toEqual(before)
  })

  it('checks a file for a section whose report does not exist yet, without creating it', async () => {
    const before = await recordCounts()
    const res = await precheck(csvOf('новый-год.csv', [row('Проверка-3', 1)]), { section: { area: report.areaId, year: report.year - 1, report_type: 'observation_results' } })
    expect(res.statusCode).toBe(200)
    // The rows are for report.year: the section's year is another, so each row says so.
    expect(res.json().results[0]).toMatchObject({ row: 2, column: 'Год', level: 'error' })
    expect(await recordCounts()).toEqual(before)
  })

  // Each hostile file is a case of its own: each takes three checks in a process of their own (before sending, at the
  // upload, the marked book), so together they would share one case's time on a loaded machine.
  const HOSTILE: Array<[string, () => Promise<{ name: string; content: Buffer }>]> = [
    ['a ZIP bomb', async () => ({ name: 'бомба.xlsx', content: readFileSync(writeZipBomb(folder.file('бомба.xlsx'), 64)) })],
    ['a broken book', async () => ({ name: 'обрывок.xlsx', content: readFileSync(await writeXlsx(folder.file('целый.xlsx'), [HEADER, row('Проверка-4', 1)])).subarray(0, 300) })],
    ['an empty file', async () => ({ name: 'пусто.csv', content: Buffer.alloc(0) })],
  ]
  it.each(HOSTILE)('gives a hostile file the answer its upload check gets: %s', async (_kind, make) => {
    const file = await make()
    const stored = uploadedFiles(t.app.config.storageDir)
    const checked = (await precheck(file)).json()
    expect(uploadedFiles(t.app.config.storageDir)).toEqual(stored)
    const path = folder.file(`upload-${file.name}`)
    writeFileSync(path, file.content)
    const uploaded = await settled(await uploadStored(holderContext(), report.reportId, path, file.name), 'error')
    expect(checked.ok, file.name).toBe(false)
    expect(checked.results.map((f: { reason: string }) => f.reason), file.name).toEqual((uploaded.problems as Array<{ reason: string }>).map((p) => p.reason))
    // The marked book of such a file is refused with the same words.
    const marked = await precheck(file, { format: 'xlsx' })
    expect(marked.statusCode, file.name).toBe(400)
    expect(marked.json().detail).toBe(`file: ${checked.results[0].reason}`)
  })

  it('refuses what the upload refuses before any check, in its words: a program under a table\'s name, bytes already sent', async () => {
    const program = await precheck({ name: 'программа.xlsx', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000, 1)]) })
    expect(program.statusCode).toBe(400)
    expect(program.json()).toMatchObject({ parameter: 'file', detail: 'Файл «программа.xlsx» — исполняемая программа, такие файлы не принимаются.' })
    const path = writeCsv(folder.file('уже-отправлен.csv'), [HEADER, row('Проверка-8', 1)] as Array<Array<string | number>>)
    await settled(await uploadStored(holderContext(), report.reportId, path, 'уже-отправлен.csv'), 'success')
    const again = await precheck({ name: 'другое-имя.csv', content: readFileSync(path) })
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toMatch(/^Этот файл уже загружен .* как «уже-отправлен\.csv»\.$/)
  })

  it('is refused to a holder of another company (403), to the Department (403), and for a bad section naming the field, leaving no bytes', async () => {
    const stored = uploadedFiles(t.app.config.storageDir)
    const file = csvOf('чужой.csv', [row('Проверка-5', 1)])
    const other = await loginAs(t.app, 'holder2')
    expect((await precheck(file, { headers: other.headers })).statusCode).toBe(403)
    const department = await loginAs(t.app, 'department')
    expect((await precheck(file, { headers: department.headers })).statusCode).toBe(403)
    const badYear = await precheck(file, { section: { area: report.areaId, year: 'Infinity', report_type: 'observation_results' } })
    expect(badYear.statusCode).toBe(400)
    expect(badYear.json()).toMatchObject({ parameter: 'year' })
    const badType = await precheck(file, { section: { area: report.areaId, year: report.year, report_type: '__proto__' } })
    expect(badType.json()).toMatchObject({ parameter: 'report_type' })
    const noFile = await precheck(null)
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json()).toMatchObject({ parameter: 'file' })
    const missing = await precheck(file, { section: { area: 2_000_000_000, year: report.year, report_type: 'observation_results' } })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ parameter: 'area' })
    expect(uploadedFiles(t.app.config.storageDir)).toEqual(stored)
  })
})

describe('the marked workbook', SLOW, () => {
  async function bookOf(res: { statusCode: number; rawPayload: Buffer; headers: Record<string, unknown> }): Promise<ExcelJS.Workbook> {
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    return book
  }
  const fillOf = (cell: ExcelJS.Cell) => (cell.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb

  it("gives the holder's own book back with an error cell red, a warning cell yellow, the messages in their comments and a sheet of findings", async () => {
    const path = folder.file('своя-книга.xlsx')
    const own = new ExcelJS.Workbook()
    const sheet = own.addWorksheet('Наблюдения')
    sheet.addRow(HEADER)
    sheet.addRow(row('Проверка-6', 1))
    sheet.addRow(['НЕТ-ТАКОГО-ПУНКТА', report.year, `02.08.${report.year}`, 'Проверка-6', '0,01', 'мг/дм³', '0,05', ''])
    sheet.addRow(row('Проверка-6', 3, '5'))
    sheet.getCell('D2').font = { bold: true }
    own.addWorksheet('Примечания').addRow(['написано держателем'])
    await own.xlsx.writeFile(path)
    const before = await recordCounts()
    const stored = uploadedFiles(t.app.config.storageDir)

    const book = await bookOf(await precheck({ name: 'своя-книга.xlsx', content: readFileSync(path) }, { format: 'xlsx' }))
    expect(book.worksheets.map((s) => s.name)).toEqual(['Наблюдения', 'Примечания', FINDINGS_SHEET])
    const marked = book.getWorksheet('Наблюдения')!
    expect(fillOf(marked.getCell('A3'))).toBe(MARK_FILLS.error)
    expect(String(marked.getCell('A3').note)).toMatch(/^Ошибка: /)
    expect(fillOf(marked.getCell('E4'))).toBe(MARK_FILLS.warning)
    expect(String(marked.getCell('E4').note)).toMatch(/^Предупреждение: значение выше ПДК в 100 раз/)
    // The rest of the holder's book is as it was: unmarked cells, fonts, the other sheet.
    expect(fillOf(marked.getCell('A2'))).toBeUndefined()
    expect(marked.getCell('D2').font?.bold).toBe(true)
    expect(book.getWorksheet('Примечания')!.getCell('A1').value).toBe('написано держателем')
    const list = book.getWorksheet(FINDINGS_SHEET)!
    expect(list.getRow(1).values).toEqual([undefined, 'Строка', 'Столбец', 'Значение', 'Уровень', 'Сообщение', 'Ячейка'])
    const cells = (list.getSheetValues() as unknown[][]).slice(2).map((r) => r[6])
    expect(cells).toEqual(expect.arrayContaining(['A3', 'E4']))
    expect(await recordCounts()).toEqual(before)
    expect(uploadedFiles(t.app.config.storageDir)).toEqual(stored)
  })

  it('gives a CSV file back as a book of its rows with the same marks', async () => {
    const book = await bookOf(await precheck(csvOf('строки.csv', [row('Проверка-7', 1), row('Проверка-7', 2, '5')]), { format: 'xlsx' }))
    const sheet = book.worksheets[0]
    expect(sheet.getCell('A1').value).toBe(HEADER[0])
    expect(sheet.getCell('D3').value).toBe('Проверка-7')
    expect(fillOf(sheet.getCell('E3'))).toBe(MARK_FILLS.warning)
    expect(fillOf(sheet.getCell('E2'))).toBeUndefined()
    expect(book.worksheets.at(-1)!.name).toBe(FINDINGS_SHEET)
  })
})

describe('a value far from last year\'s', SLOW, () => {
  /** Readings of the section's point published for last year (one a day from 1 August), as an agreement publishes them. */
  async function publishLastYear(name: string, readings: Array<[value: number, measure: string, mpc: number]>) {
    const { id } = await t.database.db.selectFrom('measures_points').select('id').where('nomenclature', '=', point).executeTakeFirstOrThrow()
    const last = report.year - 1
    const rows = readings.map(([value, measure, mpc], i) => ({ measures_point_id: id, year: last, sampled: `${last}-08-${String(i + 1).padStart(2, '0')}`, name, value, measure, mpc, mpc_max: null }))
    await t.database.db.insertInto('measures_point_indications').values(rows).execute()
  }

  it('warns, on a check before sending as on upload, when a value is more than ten times above or below last year\'s average for its point and substance', async () => {
    // Last year's published readings of the point, as an agreement publishes them: their average is 0,03.
    await publishLastYear('Проверка-9', [[0.02, 'мг/дм³', 0.05], [0.04, 'мг/дм³', 0.05]])
    const answer = (await precheck(csvOf('год-к-году.csv', [row('Проверка-9', 1, '0,03'), row('Проверка-9', 2, '0,5'), row('Проверка-9', 3, '0,001'), row('Проверка-9', 4, '0,29')]))).json()
    expect(answer.ok).toBe(true)
    expect(answer.results).toEqual([
      expect.objectContaining({ row: 3, column: 'Значение', level: 'warning', reason: 'значение в 17 раз больше среднего за прошлый год (0,03): проверьте единицу измерения и разделитель дробной части' }),
      expect.objectContaining({ row: 4, column: 'Значение', level: 'warning', reason: 'значение в 30 раз меньше среднего за прошлый год (0,03): проверьте единицу измерения и разделитель дробной части' }),
    ])
  })

  it('averages last year\'s readings in one unit: readings published in мкг/дм³ before conversions count as their мг/дм³, not as a thousand times more', async () => {
    // Readings published before decision 2130 kept the unit they were written in; averaged as bare numbers with the
    // мг/дм³ ones they would make last year look a thousand times higher and every new value "far below" it.
    await publishLastYear('Проверка-10', [[20, 'мкг/дм³', 50], [40, 'мкг/дм³', 50], [0.03, 'мг/дм³', 0.05]])
    const answer = (await precheck(csvOf('год-к-году-единицы.csv', [row('Проверка-10', 1, '0,03'), row('Проверка-10', 2, '0,5')]))).json()
    expect(answer.ok).toBe(true)
    // Last year's mean is 0,03 мг/дм³ whatever unit each reading was kept in: the first value is like it, the second 17 times more.
    expect(answer.results).toEqual([
      expect.objectContaining({ row: 3, column: 'Значение', level: 'warning', reason: 'значение в 17 раз больше среднего за прошлый год (0,03): проверьте единицу измерения и разделитель дробной части' }),
    ])
  })
})

describe('the budget of a check before sending', SLOW, () => {
  const TOO_LARGE = /^Файл слишком велик для проверки без отправки: .*; отправьте его, он будет проверен после загрузки$/

  /** A CSV of `rows` good rows in the template's columns, written as a stream (a 300 000-row file is 23 MB). */
  async function bigCsv(name: string, rows: number): Promise<string> {
    const path = folder.file(name)
    const out = createWriteStream(path)
    out.write(HEADER.join(';') + '\r\n')
    for (let i = 0; i < rows; i++) {
      const line = row(`Объём проверки-${i % 50}`, 1 + (i % 28), `0,0${1 + (i % 9)}`).join(';') + '\r\n'
      if (!out.write(line)) await once(out, 'drain')
    }
    out.end()
    await once(out, 'finish')
    return path
  }

  it('answers a 300 000-row, 23 MB file 413 with the message to send it, as JSON and as a marked book, logs one line and keeps nothing', async () => {
    const path = await bigCsv('большой.csv', 300_000)
    expect(statSync(path).size).toBeGreaterThan(22 * 1024 * 1024)
    const file = { name: 'большой.csv', content: readFileSync(path) }
    const before = await recordCounts()
    const stored = uploadedFiles(t.app.config.storageDir)
    for (const format of ['xlsx', undefined] as const) {
      const from = logged.length
      const res = await precheck(file, { format })
      expect([format, res.statusCode]).toEqual([format, 413])
      expect(res.json()).toMatchObject({ parameter: 'file', detail: expect.stringMatching(TOO_LARGE) })
      expect(res.json().detail).toMatch(/: 2\d МБ, проверяются без отправки файлы до 10 МБ;/)
      expect(warnedSince(from)).toEqual([expect.objectContaining({ level: 40, precheck: expect.objectContaining({ bound: 'bytes' }) })])
    }
    expect(await recordCounts()).toEqual(before)
    expect(uploadedFiles(t.app.config.storageDir)).toEqual(stored)
  })

  it('answers a file with more rows than the budget 413 naming the bound, and one within it is checked', async () => {
    const over = { name: 'длинный.csv', content: readFileSync(await bigCsv('длинный.csv', PRECHECK_MAX_ROWS + 10)) }
    const stored = uploadedFiles(t.app.config.storageDir)
    for (const format of ['xlsx', undefined] as const) {
      const res = await precheck(over, { format })
      expect([format, res.statusCode]).toEqual([format, 413])
      expect(res.json().detail).toBe(`Файл слишком велик для проверки без отправки: более ${PRECHECK_MAX_ROWS} строк; отправьте его, он будет проверен после загрузки`)
    }
    expect(uploadedFiles(t.app.config.storageDir)).toEqual(stored)
    const within = await precheck({ name: 'в-пределах.csv', content: readFileSync(await bigCsv('в-пределах.csv', PRECHECK_MAX_ROWS)) })
    expect(within.statusCode).toBe(200)
    expect(within.json()).toMatchObject({ rows: PRECHECK_MAX_ROWS })
  })

  it('ends a check whose time is up with the time bound, its child stopped and its rows gone with the transaction', async () => {
    const path = await bigCsv('долгий.csv', 2000)
    const request = {
      path,
      name: 'долгий.csv',
      reportType: 'observation_results' as const,
      scope: { year: report.year, areaId: report.areaId, companyId: holder1.companyId },
      reportId: report.reportId,
      roundBefore: 1,
      budget: { maxRows: 1_000_000, deadline: AbortSignal.abort() },
    }
    expect(importSpecForReport('observation_results')).toBeDefined()
    expect(await filePrechecks.check(t.database.db, request)).toEqual({ overBudget: 'time' })
    expect(await filePrechecks.marked(request, [])).toEqual({ overBudget: 'time' })
    // The same file with time to spare is checked.
    const checked = await filePrechecks.check(t.database.db, { ...request, budget: { maxRows: 1_000_000, deadline: new AbortController().signal } })
    expect(checked).toMatchObject({ rows: 2000 })
  })
})
