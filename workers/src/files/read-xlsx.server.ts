// Streams the rows of the first sheet of an XLSX file in batches (exceljs's streaming reader), after the ZIP guard.
import ExcelJS from 'exceljs'
import type { FileRow } from './read-csv.server.ts'
import { FileRejected } from './file-problem.ts'
import { readZipDirectory, verifyZipEntries, XLSX_LIMITS, type ZipLimits } from './zip-guard.server.ts'

/** Most cells a row may have: a sheet of a million columns is not a table of this portal. */
const MAX_CELLS = 1000

export async function* readXlsxRows(path: string, options: { batchSize?: number; limits?: ZipLimits; signal?: AbortSignal } = {}): AsyncGenerator<FileRow[]> {
  const batchSize = options.batchSize ?? 1000
  // Every entry is inflated once, bounded, before exceljs sees the file: bombs and broken archives stop here.
  const entries = await readZipDirectory(path, options.limits ?? XLSX_LIMITS)
  const names = new Set(entries.map((e) => e.name))
  if (!names.has('xl/workbook.xml')) throw new FileRejected('это не книга Excel (XLSX): нет xl/workbook.xml')
  await verifyZipEntries(path, entries, options.signal)

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  })
  let batch: FileRow[] = []
  let sawSheet = false
  try {
    for await (const sheet of reader) {
      sawSheet = true
      for await (const row of sheet) {
        const values = row.values as unknown[]
        if (values.length > MAX_CELLS + 1) throw new FileRejected(`в строке более ${MAX_CELLS} ячеек`, { row: row.number })
        batch.push({ number: row.number, cells: values.slice(1) })
        if (batch.length >= batchSize) {
          yield batch
          batch = []
        }
      }
      // Only the first sheet holds data; the template's other sheets are notes.
      break
    }
  } catch (error) {
    if (error instanceof FileRejected) throw error
    throw new FileRejected(`файл XLSX не читается: ${(error as Error).message}`)
  } finally {
    ;(reader as unknown as { stream?: { destroy(): void } }).stream?.destroy()
  }
  if (!sawSheet) throw new FileRejected('в книге нет листов')
  if (batch.length) yield batch
}
