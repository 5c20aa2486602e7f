// The holder's own workbook given back with the check's findings on it (decision 2421): each faulty cell filled (an
// error red, a warning yellow) with the messages in its comment, and a sheet listing every finding. A CSV file's
// rows become the first sheet of a new book. Run in the checking child process, after the same guards as a check.
import ExcelJS from 'exceljs'
import type { ImportSpec } from '@portal/workflow-domain/registry.ts'
import { ERROR_REPORT_HEADERS, errorReportRow, findingsOf, type Finding } from '@portal/workflow-domain/views.ts'
import { dataFileKind } from './check-data-file.server.ts'
import { matchHeader } from './check-header.ts'
import { FILE_LIMITS, LIMIT_MESSAGES, type FileLimits } from './file-limits.ts'
import { FileRejected, type Problem } from './file-problem.ts'
import { readCsvRows } from './read-csv.server.ts'
import { guardXlsx, unreadableSheet } from './read-xlsx.server.ts'

/** Fills of a marked cell (ARGB): Excel's own light red and yellow, under which the cell's text stays readable. */
export const MARK_FILLS = { error: 'FFFFC7CE', warning: 'FFFFEB9C' } as const

/** The sheet listing the findings; a book that already has one gets a number after it. */
export const FINDINGS_SHEET = 'Замечания проверки'

/** The header row of a sheet: the first row with any text (the one the check matched against the template). */
function headerRowOf(sheet: ExcelJS.Worksheet): ExcelJS.Row | null {
  let found: ExcelJS.Row | null = null
  sheet.eachRow((row) => {
    if (found === null && (row.values as unknown[]).some((v) => v !== null && v !== undefined && String(v).trim() !== '')) found = row
  })
  return found
}

/** The cell a finding is about: its row and column, its row's first cell, or its column's header. */
function cellOf(finding: Problem, spec: ImportSpec, header: ExcelJS.Row | null, indexes: number[] | null): { row: number; column: number } | null {
  const at = finding.column !== undefined ? spec.columns.findIndex((c) => c.header === finding.column) : -1
  const column = at >= 0 && indexes && indexes[at] >= 0 ? indexes[at] + 1 : null
  if (finding.row !== undefined) return { row: finding.row, column: column ?? 1 }
  if (column !== null && header) return { row: header.number, column }
  return null
}

async function loadBook(path: string, limits: FileLimits): Promise<{ book: ExcelJS.Workbook; sheet: ExcelJS.Worksheet }> {
  if ((await dataFileKind(path)) === 'xlsx') {
    await guardXlsx(path, { limits })
    const book = new ExcelJS.Workbook()
    try {
      await book.xlsx.readFile(path)
    } catch (error) {
      throw new FileRejected(unreadableSheet(error))
    }
    const sheet = book.worksheets[0]
    if (!sheet) throw new FileRejected('в книге нет листов')
    return { book, sheet }
  }
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Данные')
  let rows = 0
  for await (const batch of readCsvRows(path)) {
    for (const row of batch) {
      if (++rows > limits.maxRows + 1) throw new FileRejected(LIMIT_MESSAGES.rows(limits.maxRows), { row: row.number })
      if (row.cells.length > limits.maxColumns) throw new FileRejected(LIMIT_MESSAGES.columns(limits.maxColumns), { row: row.number })
      sheet.getRow(row.number).values = row.cells as ExcelJS.CellValue[]
    }
  }
  return { book, sheet }
}

function findingsSheetName(book: ExcelJS.Workbook): string {
  let name = FINDINGS_SHEET
  for (let n = 2; book.worksheets.some((s) => s.name.toLowerCase() === name.toLowerCase()); n++) name = `${FINDINGS_SHEET} ${n}`
  return name
}

/** The marked book's bytes; a file that cannot be read (or breaks a bound) ends with the check's own FileRejected. */
export async function markWorkbook(path: string, spec: ImportSpec, problems: readonly Problem[], limits: FileLimits = FILE_LIMITS): Promise<Uint8Array> {
  const { book, sheet } = await loadBook(path, limits)
  const header = headerRowOf(sheet)
  const match = header ? matchHeader((header.values as unknown[]).slice(1), spec.columns, spec.sideHeaders) : null
  const indexes = match?.ok ? match.indexes : null
  const marks = new Map<string, { row: number; column: number; error: boolean; notes: string[] }>()
  const listed: Array<{ finding: Finding; address: string }> = []
  for (const finding of findingsOf(problems)) {
    const cell = cellOf(finding, spec, header, indexes)
    if (!cell) {
      listed.push({ finding, address: '' })
      continue
    }
    const key = `${cell.row}:${cell.column}`
    const mark = marks.get(key) ?? { ...cell, error: false, notes: [] }
    mark.error ||= finding.level === 'error'
    mark.notes.push(`${finding.level === 'error' ? 'Ошибка' : 'Предупреждение'}: ${finding.reason}`)
    marks.set(key, mark)
    listed.push({ finding, address: sheet.getCell(cell.row, cell.column).address })
  }
  for (const mark of marks.values()) {
    const cell = sheet.getCell(mark.row, mark.column)
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: mark.error ? MARK_FILLS.error : MARK_FILLS.warning } }
    cell.note = mark.notes.join('\n')
  }
  const list = book.addWorksheet(findingsSheetName(book))
  list.addRow([...ERROR_REPORT_HEADERS, 'Ячейка'])
  list.getRow(1).font = { bold: true }
  for (const { finding, address } of listed) list.addRow([...errorReportRow(finding), address])
  list.columns.forEach((column, i) => (column.width = i === 4 ? 80 : 18))
  return new Uint8Array(await book.xlsx.writeBuffer())
}
