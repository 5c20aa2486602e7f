import { afterAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { checkDataFile } from '../src/files/check-data-file.server.ts'
import { checkInChild } from '../src/files/check-in-child.server.ts'
import type { RowContext } from '../src/files/check-row.ts'
import { FILE_LIMITS, LIMIT_MESSAGES } from '../src/files/file-limits.ts'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { tempFolder, writeCsv, writeZip, zipItem } from './support/fixture-files.ts'

const folder = tempFolder()
afterAll(() => folder.remove())
const spec = uploadSpecOf('observation_results')
const HEADER = spec.columns.map((c) => c.header)
const context: RowContext = {
  year: 2025,
  scope: 'на участке «Тест»',
  references: { measures_point: new Map([['пн-1', { id: 1, kind: 'surface_water' }]]) },
  today: new Date(),
}
const row = (i: number) => ['ПН-1', 2025, '01.08.2025', `Вещество ${i}`, '0,01', 'мг/дм3', '0,05', '']

/** A workbook whose shared-strings table holds `count` entries (tiny, so it passes the ZIP guard's ratio). */
function writeSharedStringsBomb(file: string, count: number): string {
  const strings = Array.from({ length: count }, (_, i) => `<si><t>${i.toString(36)}</t></si>`).join('')
  return writeZip(file, [
    zipItem('[Content_Types].xml', Buffer.from('<?xml version="1.0"?><Types/>')),
    zipItem('xl/workbook.xml', Buffer.from('<?xml version="1.0"?><workbook/>')),
    zipItem('xl/sharedStrings.xml', Buffer.from(`<?xml version="1.0"?><sst count="${count}" uniqueCount="${count}">${strings}</sst>`)),
    zipItem('xl/worksheets/sheet1.xml', Buffer.from('<?xml version="1.0"?><worksheet><sheetData/></worksheet>')),
  ])
}

describe('bounds of a file check', () => {
  it('ends a workbook with more shared strings than allowed as an error naming that bound, in its own process', async () => {
    const file = writeSharedStringsBomb(folder.file('bomb.xlsx'), FILE_LIMITS.maxSharedStrings + 1000)
    const result = await checkInChild({ kind: 'data', path: file, spec, context, stage: false })
    expect(result.ok).toBe(false)
    expect(result.problems).toEqual([{ reason: LIMIT_MESSAGES.sharedStrings(FILE_LIMITS.maxSharedStrings) }])
    expect(result.problems[0].reason).toBe('в книге более 200\u00a0000 различных текстовых значений (таблица общих строк)')
  })

  it('ends a workbook whose shared-strings part is larger than allowed before inflating it', async () => {
    const file = writeSharedStringsBomb(folder.file('small-bomb.xlsx'), 5000)
    const result = await checkDataFile(file, spec, context, { limits: { ...FILE_LIMITS, maxSharedStringsBytes: 10_000 } })
    expect(result.problems).toEqual([{ reason: 'таблица общих строк книги больше 0 МБ' }])
  })

  it('ends a file with more rows than allowed, naming the bound and the row', async () => {
    const file = writeCsv(folder.file('rows.csv'), [HEADER, ...Array.from({ length: 10 }, (_, i) => row(i))])
    const result = await checkDataFile(file, spec, context, { limits: { ...FILE_LIMITS, maxRows: 5 } })
    expect(result.ok).toBe(false)
    expect(result.problems.at(-1)).toEqual({ row: 7, reason: 'в файле более 5 строк данных: разделите его на несколько файлов' })
  })

  it('ends a file with too many columns or too long a cell, naming the bound', async () => {
    const wide = writeCsv(folder.file('wide.csv'), [HEADER, [...row(1), ...Array.from({ length: 100 }, () => 'x')]])
    expect((await checkDataFile(wide, spec, context)).problems.at(-1)).toEqual({ row: 2, reason: 'в строке более 100 столбцов' })
    const long = writeCsv(folder.file('long.csv'), [HEADER, ['ПН-1', 2025, '01.08.2025', 'x'.repeat(40_000), '0,01', 'мг/дм3', '0,05', '']])
    expect((await checkDataFile(long, spec, context)).problems.at(-1)).toEqual({ row: 2, reason: 'в ячейке более 32\u00a0767 символов' })
  })

  it('ends a check that needs more memory than its process may take as an error, and this process goes on', async () => {
    const file = folder.file('many-strings.xlsx')
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false })
    const sheet = workbook.addWorksheet('Данные')
    sheet.addRow(HEADER).commit()
    // 75 000 distinct strings of ~100 letters: more than a 24 MB heap holds, well within the normal limit.
    for (let i = 0; i < 75_000; i++) sheet.addRow(['ПН-1', 2025, '01.08.2025', `Вещество с длинным уникальным названием номер ${i} ${'ж'.repeat(40)}`, 0.01, 'мг/дм3', 0.05]).commit()
    sheet.commit()
    await workbook.commit()
    const result = await checkInChild({ kind: 'data', path: file, spec, context, stage: false }, { heapMb: 24 })
    expect(result).toMatchObject({ ok: false, problems: [{ reason: 'проверка файла превысила предел памяти (24 МБ): разделите файл на несколько частей' }] })
    // The same file within the normal limit passes.
    const normal = await checkInChild({ kind: 'data', path: file, spec, context, stage: false })
    expect(normal).toMatchObject({ ok: true, rows: 75_000 })
    // And a small file passes within a limit of the same order: the error was the large file's, not the limit's alone.
    // (32 MB, not 24: on Node 24 the checker's own modules leave a small file too little room at 24 MB now and then.)
    const small = folder.file('few-strings.xlsx')
    const few = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: small, useSharedStrings: true, useStyles: false })
    const fewSheet = few.addWorksheet('Данные')
    fewSheet.addRow(HEADER).commit()
    for (let i = 0; i < 100; i++) fewSheet.addRow(['ПН-1', 2025, '01.08.2025', `Вещество номер ${i}`, 0.01, 'мг/дм3', 0.05]).commit()
    fewSheet.commit()
    await few.commit()
    expect(await checkInChild({ kind: 'data', path: small, spec, context, stage: false }, { heapMb: 32 })).toMatchObject({ ok: true, rows: 100 })
  }, 240_000)
})
