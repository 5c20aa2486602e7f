// Every exported text cell stays one harmless cell whichever list separator a spreadsheet opens the file with: the
// comma, or the semicolon of a Russian Excel. A text that holds a separator is quoted, and a formula character that a
// spreadsheet would see at the start of a cell — the text's start, or just after a separator inside the text when
// the file is split at the other separator and the quotes are not at a cell's start — gets an apostrophe.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvLines } from '../server/src/exports/csv-writer.ts'
import { type Cell, type CsvSeparator, dayCell, momentCell, neutralise, wordCell } from '../domain/src/exports/table-cells.ts'

/** One row written in the dialect whose separator this is: `;` for people, `,` for programs. */
const csvLine = (cells: readonly Cell[], separator: CsvSeparator) => csvLines([cells], separator === ';' ? 'excel' : 'rfc4180')

/**
 * Reads a CSV text the way a spreadsheet does with the given list separator: quotes count only at the start of a
 * cell (elsewhere they are plain characters), a doubled quote inside quotes is one quote, a line break outside
 * quotes ends the row.
 */
function spreadsheetCells(text: string, separator: ',' | ';'): string[] {
  const cells: string[] = []
  let i = 0
  while (i <= text.length) {
    let cell = ''
    if (text[i] === '"') {
      i++
      for (; i < text.length; i++) {
        if (text[i] === '"' && text[i + 1] === '"') { cell += '"'; i++ }
        else if (text[i] === '"') { i++; break }
        else cell += text[i]
      }
    }
    while (i < text.length && text[i] !== separator && text[i] !== '\n' && text[i] !== '\r') cell += text[i++]
    cells.push(cell)
    if (text[i] === '\r' && text[i + 1] === '\n') i++
    i++
  }
  return cells
}

/** What a spreadsheet runs: a cell whose first character past leading blanks is =, +, - or @ (or a full-width one), unless it is a plain
 *  signed number (-4, +1.5), which a spreadsheet reads as that number. */
const runsAsFormula = (cell: string) => /^[\s]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) && !/^\s*[+-]\d+(?:[.,]\d+)?$/.test(cell)

const SEPARATORS = [',', ';'] as const
const hostile = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\uFF1D', '\uFF0D', ',', ';', '.', '"', "'", ' ', '\t', '\r', '\n', '|', '!', 'A', '1', '4', 'Отчёт'.charAt(0), 'ё'), maxLength: 24 })

describe('CSV cells against formula injection', () => {
  it('keeps the issue\'s file description one harmless cell with either separator', () => {
    const text = "Отчёт;=2+3;=cmd|'/C calc'!A0"
    for (const written of SEPARATORS) {
      const line = csvLine([1, text, 'x'], written)
      for (const read of SEPARATORS) {
        const cells = spreadsheetCells(line.trimEnd(), read)
        expect(cells.filter(runsAsFormula), `${written} read as ${read}: ${line}`).toEqual([])
      }
      // Read with the separator it was written with, the line is the three cells, the text whole.
      expect(spreadsheetCells(line.trimEnd(), written)).toEqual(['1', neutralise(text), 'x'])
    }
  })

  it('never leaves a cell that runs as a formula, whatever the text and whichever separator writes or reads the file', () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 4 }), fc.constantFrom(...SEPARATORS), fc.constantFrom(...SEPARATORS), (texts, written, read) => {
        const line = csvLine(texts, written)
        const cells = spreadsheetCells(line.slice(0, -2), read)
        expect(cells.filter(runsAsFormula), `${JSON.stringify(texts)} written with ${written}, read with ${read}`).toEqual([])
      }),
      { seed: 2210, numRuns: 3000 },
    )
  })

  it('reads back every text as its neutralised self with the separator it was written with', () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 4 }), fc.constantFrom(...SEPARATORS), (texts, separator) => {
        const line = csvLine(texts, separator)
        // Line breaks inside a quoted cell belong to the cell: read the quoted text whole.
        expect(parseQuoted(line.slice(0, -2), separator)).toEqual(texts.map(neutralise))
      }),
      { seed: 2211, numRuns: 2000 },
    )
  })

  it('changes nothing in a text with no formula character after a separator or at its start', () => {
    for (const text of ['Обычное «имя», с запятой', 'ООО "Газпром добыча Ямбург"', 'pH 7; t 12 °C', 'a=b', 'e-mail: x@y.ru']) expect(neutralise(text)).toBe(text)
  })
})

/** RFC 4180 with the given separator (quoted cells may hold line breaks). */
function parseQuoted(text: string, separator: string): string[] {
  const cells: string[] = []
  let i = 0
  for (;;) {
    let cell = ''
    if (text[i] === '"') {
      i++
      for (; i < text.length; i++) {
        if (text[i] === '"' && text[i + 1] === '"') { cell += '"'; i++ }
        else if (text[i] === '"') { i++; break }
        else cell += text[i]
      }
    } else while (i < text.length && text[i] !== separator) cell += text[i++]
    cells.push(cell)
    if (i >= text.length) return cells
    i++
  }
}
