// Reads an exported file back as a person's spreadsheet would: a CSV in its dialect (after its byte order mark), an
// XLSX's first sheet as rows of values.
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { expect } from 'vitest'
import { CSV_DIALECTS, type CsvDialect } from '@portal/workflow-domain/views.ts'

/** The rows of a CSV export: it starts with the BOM and splits at its dialect's separator (`;` for people). */
export function csvTable(bytes: Buffer, dialect: CsvDialect = 'excel'): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  return parse(bytes.subarray(3).toString('utf8'), { delimiter: CSV_DIALECTS[dialect].separator }) as string[][]
}

/** The dialect an export address asks for. */
export const dialectOf = (url: string): CsvDialect => (/[?&]dialect=rfc4180(&|$)/.test(url) ? 'rfc4180' : 'excel')

/** An XLSX export's first sheet. */
export async function xlsxSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  return workbook.worksheets[0]
}

/** An XLSX export's first sheet as rows of cell values. */
export async function xlsxTable(bytes: Buffer): Promise<unknown[][]> {
  const rows: unknown[][] = []
  ;(await xlsxSheet(bytes)).eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}
