// The one CSV writer of every export: rows of cells as CSV text in a dialect, quoted and escaped by csv-stringify.
import { stringify } from 'csv-stringify/sync'
import { type Cell, CSV_DIALECTS, type CsvDialect, csvText } from '@portal/workflow-domain/views.ts'

// A cell is quoted when it holds either separator, a quote, a tab, a line break or edge blanks: it stays whole
// whichever separator the file is read with, and a spreadsheet keeps its blanks. A number with a decimal comma and
// nothing else (1234,5 in the people's file) is the one exception: quoting it would not change how it is read. The
// rule is one pattern for every field, since a field's own options in csv-stringify cost ten times the time.
const QUOTE_WHEN = /[";\t\r\n]|^\s|\s$|^(?![+-]?\d+(?:,\d+)?$).*,/

/** Rows as CSV lines (CRLF) in a dialect; `bom` starts the text with the byte order mark (the file's first lines). */
export function csvLines(rows: ReadonlyArray<readonly Cell[]>, dialect: CsvDialect, options: { bom?: boolean } = {}): string {
  return stringify(
    rows.map((row) => row.map((cell) => csvText(cell, dialect))),
    { delimiter: CSV_DIALECTS[dialect].separator, record_delimiter: 'windows', quoted_match: QUOTE_WHEN, bom: options.bom ?? false },
  )
}
