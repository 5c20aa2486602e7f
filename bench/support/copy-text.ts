// The rebuilt rows as the data of `COPY … FROM STDIN` in PostgreSQL's text format, as the replay wrote them from
// decision 2761 until the binary format (decision 3827): kept for bench/replay-phases.ts to measure the two side by
// side. A line per row, columns apart by tabs, \N for no value; a JSON column takes the value's JSON, a date its ISO
// time, a number that is not finite no value.
import type { CopyColumn } from '@portal/workflow-server/service.server.ts'

type Row = Record<string, unknown>

const isJson = (column: CopyColumn) => column.type === 'json' || column.type === 'jsonb'

/** Rows per piece handed to the connection: large enough that a piece is tens of kilobytes, not a message per row. */
const ROWS_PER_PIECE = 1_000

/** The backslash, and the three characters that end a value or a line in the text format. */
const SPECIAL = /[\\\t\n\r]/g
/** The same characters, looked for once (no state between calls): most values hold none and are written as they are. */
const HAS_SPECIAL = /[\\\t\n\r]/
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }
const escaped = (text: string) => (HAS_SPECIAL.test(text) ? text.replace(SPECIAL, (c) => ESCAPED[c]) : text)

export function copyValue(value: unknown, column: CopyColumn, table: string): string {
  if (value === null || value === undefined) return '\\N'
  if (isJson(column)) return escaped(JSON.stringify(value))
  switch (typeof value) {
    case 'string':
      return escaped(value)
    case 'number':
      return Number.isFinite(value) ? String(value) : '\\N'
    case 'boolean':
      return value ? 't' : 'f'
  }
  if (value instanceof Date) return value.toISOString()
  // No read model has an array or composite column outside JSON: one added later fails here, by name, not silently.
  throw new Error(`${table}.${column.name}: a value of the replay the COPY text cannot write (${Object.prototype.toString.call(value)})`)
}

/** The COPY data of the rows, in pieces of ROWS_PER_PIECE lines each. */
export function* copyText(rows: readonly Row[], columns: readonly CopyColumn[], table: string): Generator<string> {
  // A line is joined by hand, not by an array mapped and joined per row (decision 2762): ~300 000 rows, and each
  // array was garbage to collect.
  // The columns' names taken out once, not read off each column for every value of every row.
  const names = columns.map((column) => column.name)
  const last = columns.length - 1
  for (let start = 0; start < rows.length; start += ROWS_PER_PIECE) {
    let piece = ''
    const end = Math.min(start + ROWS_PER_PIECE, rows.length)
    for (let i = start; i < end; i++) {
      const row = rows[i]
      for (let c = 0; c <= last; c++) piece += copyValue(row[names[c]], columns[c], table) + (c === last ? '\n' : '\t')
    }
    yield piece
  }
}
