// Cells of an exported table: CSV lines (RFC 4180) and the guard against formula injection, as pure functions.

export type Cell = string | number | boolean | null

/**
 * A text that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return before one)
 * gets an apostrophe in front, so it is shown as the text it is and never run. Numbers are written as numbers.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** One cell as CSV: texts neutralised, quoted when they hold a comma, a quote, a line break or edge spaces. */
export function csvCell(cell: Cell): string {
  if (cell === null) return ''
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : ''
  if (typeof cell === 'boolean') return cell ? 'true' : 'false'
  const text = neutralise(cell)
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

/** A cell for a spreadsheet: texts neutralised like in CSV. */
export function sheetCell(cell: Cell): Cell {
  return typeof cell === 'string' ? neutralise(cell) : cell
}

/** The byte order mark that makes Excel read a CSV file as UTF-8 (Cyrillic intact). */
export const UTF8_BOM = '\uFEFF'
