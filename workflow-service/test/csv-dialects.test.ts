// The two CSV dialects of every export, written by the one CSV writer: for people (the default), what a Russian
// Excel opens right by a double click; for programs (dialect=rfc4180), RFC 4180 with the values of the JSON answer.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvLines } from '../server/src/exports/csv-writer.ts'
import { type Cell, dayCell, momentCell, sheetValue, wordCell } from '../domain/src/exports/table-cells.ts'

const ROW: Cell[] = [
  1234.5,
  -4,
  true,
  false,
  wordCell('gasemissions', 'Газовые выбросы'),
  dayCell('2024-07-15'),
  momentCell('2024-07-15T05:30:00Z'),
  'ООО "Газпром; добыча"',
  null,
]

describe('CSV for people and for programs', () => {
  it('writes the people\'s file with semicolons, decimal commas, the words the pages show and dates as dd.mm.yyyy', () => {
    const text = csvLines([ROW], 'excel')
    expect(text).toBe('1234,5;-4;Да;Нет;Газовые выбросы;15.07.2024;15.07.2024 10:30;"ООО ""Газпром; добыча""";\r\n')
  })

  it('writes the programs\' file with commas, decimal points, codes, true/false and ISO dates', () => {
    const text = csvLines([ROW], 'rfc4180')
    expect(text).toBe('1234.5,-4,true,false,gasemissions,2024-07-15,2024-07-15T05:30:00.000Z,"ООО ""Газпром; добыча""",\r\n')
    expect(parse(text)).toEqual([['1234.5', '-4', 'true', 'false', 'gasemissions', '2024-07-15', '2024-07-15T05:30:00.000Z', 'ООО "Газпром; добыча"', '']])
  })

  it('starts a file with the byte order mark only when asked, so the lines after the header carry none', () => {
    expect(csvLines([['ID']], 'excel', { bom: true })).toBe('\uFEFFID\r\n')
    expect(csvLines([['ID']], 'excel')).toBe('ID\r\n')
  })

  it('keeps a file description with the Russian list separator one harmless cell in the people\'s file', () => {
    const text = csvLines([[1, "Отчёт;=2+3;=cmd|'/C calc'!A0", 'x']], 'excel')
    expect(text).toBe(`1;"Отчёт;'=2+3;'=cmd|'/C calc'!A0";x\r\n`)
    expect(parse(text, { delimiter: ';' })).toEqual([['1', "Отчёт;'=2+3;'=cmd|'/C calc'!A0", 'x']])
  })

  it('leaves a signed number written as text as it is, and guards one that goes on into a formula', () => {
    expect(csvLines([['-4', '+1.5', '-4+cmd|x', '-2,5;=1']], 'excel')).toBe(`-4;+1.5;'-4+cmd|x;"'-2,5;'=1"\r\n`)
  })

  it('refuses to write a number that is no number, leaving the cell empty', () => {
    expect(csvLines([[Number.POSITIVE_INFINITY, Number.NaN, Number.parseFloat('1e400')]], 'excel')).toBe(';;\r\n')
  })
})

describe('cells of a spreadsheet', () => {
  it('types numbers and dates, writes moments on the region\'s clock and texts without an apostrophe', () => {
    expect(sheetValue(-4)).toEqual({ value: -4 })
    expect(sheetValue('-4')).toEqual({ value: '-4' })
    expect(sheetValue('=cmd|x')).toEqual({ value: '=cmd|x' })
    expect(sheetValue(true)).toEqual({ value: 'Да' })
    expect(sheetValue(wordCell('lem_industry', 'Промышленность'))).toEqual({ value: 'Промышленность' })
    expect(sheetValue(dayCell('2024-07-15'))).toEqual({ value: new Date('2024-07-15T00:00:00Z'), numFmt: 'dd.mm.yyyy' })
    expect(sheetValue(momentCell('2024-07-15T05:30:00Z'))).toEqual({ value: new Date('2024-07-15T10:30:00Z'), numFmt: 'dd.mm.yyyy hh:mm' })
  })
})
