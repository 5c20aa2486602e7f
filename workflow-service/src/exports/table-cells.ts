// Cells of an exported table: CSV lines (RFC 4180) and the guard against formula injection, as pure functions.

export type Cell = string | number | boolean | null

/** The list separators a spreadsheet may split a CSV file at: the comma, and the semicolon of a Russian Excel. */
export type CsvSeparator = ',' | ';'

// A formula character where a spreadsheet may see a cell begin: at the text's start, or after a separator or a line
// break inside the text (when the file is split at the other separator, the quotes no longer hold the cell together),
// past blanks and quotes.
const FORMULA_AT_CELL_START = /(^|[,;\t\r\n])([ \t\r\n"]*)(?=[=+\-@])/g

/**
 * A text that a spreadsheet would read as a formula (`=`, `+`, `-`, `@` where a cell may begin, or a tab or carriage
 * return at its start) gets an apostrophe before that character, so it is shown as the text it is and never run,
 * whichever separator the file is opened with. Numbers are written as numbers.
 */
export function neutralise(text: string): string {
  const guarded = text.replace(FORMULA_AT_CELL_START, "$1$2'")
  return /^[\t\r]/.test(guarded) ? `'${guarded}` : guarded
}

/** A text of a spreadsheet cell (XLSX): a cell is a cell there, so only its start can make a formula. */
function neutraliseStart(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/**
 * One cell as CSV: texts neutralised, and quoted when they hold either separator, a quote, a tab, a line break or
 * edge spaces, so the cell stays whole whichever separator the file is read with.
 */
export function csvCell(cell: Cell): string {
  if (cell === null) return ''
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : ''
  if (typeof cell === 'boolean') return cell ? 'true' : 'false'
  const text = neutralise(cell)
  return /[",;\t\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(cells: readonly Cell[], separator: CsvSeparator = ','): string {
  return `${cells.map(csvCell).join(separator)}\r\n`
}

/** A cell for a spreadsheet: a text neutralised at its start, as a CSV cell's. */
export function sheetCell(cell: Cell): Cell {
  return typeof cell === 'string' ? neutraliseStart(cell) : cell
}

/** The byte order mark that makes Excel read a CSV file as UTF-8 (Cyrillic intact). */
export const UTF8_BOM = '\uFEFF'
