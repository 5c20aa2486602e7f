// Cells of an exported table, as pure functions: what a cell holds (a text, a number, a yes/no, a moment or a day, a
// coded value with its word), its text in each CSV dialect, and the guard against formula injection.
import { formatDate, formatDateTime, REGION_TIME_ZONE } from '../text/region-dates.ts'

/** A moment (a timestamp) or a calendar day (`day`, as stored: 2024-07-15). */
export interface DateCell {
  at: Date
  day: boolean
}

/** A stored code (an enumeration's value) with the word the pages show for it. */
export interface WordCell {
  code: string
  word: string
}

export type Cell = string | number | boolean | null | DateCell | WordCell

/** A timestamp's cell; a text that is no date stays text. */
export function momentCell(value: Date | string | null | undefined): Cell {
  if (value === null || value === undefined) return null
  const at = value instanceof Date ? value : new Date(value)
  return Number.isNaN(at.getTime()) ? String(value) : { at, day: false }
}

/** A calendar day's cell (`2024-07-15`, or a Date at its UTC midnight as pg gives a date column). */
export function dayCell(value: Date | string | null | undefined): Cell {
  if (value === null || value === undefined) return null
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? { at: new Date(`${text}T00:00:00Z`), day: true } : String(value)
}

export const wordCell = (code: string, word: string | undefined): Cell => ({ code, word: word ?? code })

/**
 * How a CSV file is written. `excel` is for people: the list separator, the decimal comma and the words of a Russian
 * Excel, which opens it by a double click. `rfc4180` is for programs: the comma, the decimal point, codes, ISO dates
 * and true/false, as the JSON answer has them.
 */
export const CSV_DIALECTS = {
  excel: { separator: ';', people: true },
  rfc4180: { separator: ',', people: false },
} as const satisfies Record<string, { separator: ',' | ';'; people: boolean }>

export type CsvDialect = keyof typeof CSV_DIALECTS
export const DEFAULT_CSV_DIALECT: CsvDialect = 'excel'

/** The list separators a spreadsheet may split a CSV file at: the comma, and the semicolon of a Russian Excel. */
export type CsvSeparator = (typeof CSV_DIALECTS)[CsvDialect]['separator']

const isDate = (cell: object): cell is DateCell => 'at' in cell

// A formula character where a spreadsheet may see a cell begin: at the text's start, or after a separator or a line
// break inside the text (when the file is split at the other separator, the quotes no longer hold the cell together),
// past blanks and quotes; the full-width forms of these characters too, which some spreadsheets take for them.
const FORMULA_AT_CELL_START = /(^|[,;\t\r\n])([ \t\r\n"]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g

/** Any character that can start a formula: a text without one is written as it is (most texts, and quickly). */
const MAY_RUN = /[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/

/** A text that is a signed number and nothing else (`-4`, `+1.5`): a spreadsheet reads it as that number. */
const SIGNED_NUMBER = /^[+-]\d+(?:[.,]\d+)?$/

/**
 * A text that a spreadsheet would read as a formula (`=`, `+`, `-`, `@` or their full-width forms where a cell may
 * begin, or a tab or carriage return at its start) gets an apostrophe before that character, so it is shown as the text it is and never run,
 * whichever separator the file is opened with. A text that is a signed number only (a value as a file wrote it, `-4`)
 * stays as it is: an error report shows -4, not '-4.
 */
export function neutralise(text: string): string {
  if (!MAY_RUN.test(text) || SIGNED_NUMBER.test(text)) return text
  const guarded = text.replace(FORMULA_AT_CELL_START, "$1$2'")
  return /^[\t\r]/.test(guarded) ? `'${guarded}` : guarded
}

/** The text of one cell in a CSV dialect, neutralised (quoting is the writer's). */
export function csvText(cell: Cell, dialect: CsvDialect): string {
  const people = CSV_DIALECTS[dialect].people
  if (cell === null) return ''
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return ''
    if (!people || Number.isInteger(cell)) return String(cell)
    // Twelve significant digits drop float noise (0.1 + 0.2) as the pages do; no thousands separator, which a
    // spreadsheet would read as text.
    return String(Number(cell.toPrecision(12))).replace('.', ',')
  }
  if (typeof cell === 'boolean') return people ? (cell ? 'Да' : 'Нет') : String(cell)
  if (typeof cell === 'string') return neutralise(cell)
  if (isDate(cell)) {
    if (!people) return cell.day ? cell.at.toISOString().slice(0, 10) : cell.at.toISOString()
    return cell.day ? formatDate(cell.at) : formatDateTime(cell.at)
  }
  return neutralise(people ? cell.word : cell.code)
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: REGION_TIME_ZONE,
  year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
})

/** A spreadsheet cell's value and its number format: typed numbers and dates, words for yes/no and codes. */
export function sheetValue(cell: Cell): { value: string | number | Date | null; numFmt?: string } {
  if (cell === null) return { value: null }
  if (typeof cell === 'number') return { value: Number.isFinite(cell) ? cell : null }
  if (typeof cell === 'boolean') return { value: cell ? 'Да' : 'Нет' }
  // A cell of an XLSX file is a text or a number by its type, never a formula: a text is shown as written ('-4'
  // stays -4, '=1+2' stays =1+2) and needs no apostrophe.
  if (typeof cell === 'string') return { value: cell }
  if (!isDate(cell)) return { value: cell.word }
  if (cell.day) return { value: cell.at, numFmt: 'dd.mm.yyyy' }
  // A spreadsheet's date has no time zone: write the region's wall clock, as the pages show it.
  const p = Object.fromEntries(wallClock.formatToParts(cell.at).map((x) => [x.type, Number(x.value)]))
  return { value: new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)), numFmt: 'dd.mm.yyyy hh:mm' }
}

/**
 * A column's width in characters: its header's or its widest cell's as a person reads it, within 8–60 (a long text
 * wraps rather than pushing the next columns off the screen).
 */
export function sheetColumnWidth(header: string, cells: readonly Cell[]): number {
  let widest = header.length
  for (const cell of cells) widest = Math.max(widest, csvText(cell, 'excel').length)
  return Math.min(60, Math.max(8, widest + 2))
}
