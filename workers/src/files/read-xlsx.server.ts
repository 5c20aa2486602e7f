// Streams the rows of the first sheet of an XLSX file in batches (exceljs's streaming reader), after the ZIP guard.
import ExcelJS from 'exceljs'
import type { FileRow } from './read-csv.server.ts'
import { FileRejected } from './file-problem.ts'
import { FILE_LIMITS, LIMIT_MESSAGES, type FileLimits } from './file-limits.ts'
import { readZipDirectory, verifyZipEntries, type ZipEntry, type ZipLimits } from './zip-guard.server.ts'

const SHARED_STRINGS = 'xl/sharedStrings.xml'
/** Worksheets are streamed; every other XML part exceljs reads is kept whole in memory while the sheet is read. */
const STREAMED = /^xl\/worksheets\/sheet\d+\.xml$/
const CACHED = /\.(xml|rels)$/

/** Counts the entries (`<si>` or `<si …>`) of the shared-strings part as it is inflated, across chunk borders. */
function sharedStringCounter(max: number): (chunk: Buffer) => void {
  let count = 0
  let carry = ''
  return (chunk) => {
    const text = carry + chunk.toString('latin1')
    let at = text.indexOf('<si')
    while (at !== -1 && at + 3 < text.length) {
      const next = text.charCodeAt(at + 3)
      // '>' or whitespace: <si> or <si attr…>; anything else (<sis…>) is another element.
      if (next === 0x3e || next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d || next === 0x2f) {
        if (++count > max) throw new FileRejected(LIMIT_MESSAGES.sharedStrings(max))
      }
      at = text.indexOf('<si', at + 3)
    }
    carry = text.slice(-3)
  }
}

/** The parts the reader keeps in memory, bounded before a byte of them is inflated. */
function checkCachedParts(entries: ZipEntry[], limits: FileLimits): void {
  for (const entry of entries) {
    if (entry.name === SHARED_STRINGS) {
      if (entry.size > limits.maxSharedStringsBytes) throw new FileRejected(LIMIT_MESSAGES.sharedStringsBytes(limits.maxSharedStringsBytes))
    } else if (!STREAMED.test(entry.name) && CACHED.test(entry.name) && entry.size > limits.maxCachedPartBytes) {
      throw new FileRejected(LIMIT_MESSAGES.cachedPart(entry.name, limits.maxCachedPartBytes))
    }
  }
}

/**
 * The reader's own errors are its internals (`Cannot read properties of undefined (reading 'length')` for a sheet
 * whose rows carry no addresses, `Invalid Address` or `Out of bounds` for a cell past XFD1048576): the person who
 * uploaded the file gets what is wrong with it in Russian instead (issue 22 item 8).
 */
export function unreadableSheet(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (/Invalid Address|Out of bounds|Invalid column|Invalid row/i.test(message)) {
    return 'файл XLSX не читается: в листе есть ячейка без номера строки или за пределами листа Excel (последняя ячейка — XFD1048576)'
  }
  return 'файл XLSX не читается: лист записан не так, как его сохраняет Excel (например, строки и ячейки без адресов); откройте файл в Excel и сохраните заново'
}

/**
 * Every entry is inflated once, bounded, before exceljs sees the file: bombs and broken archives stop here, for the
 * streaming reader and for the marked copy of a checked book alike.
 */
export async function guardXlsx(path: string, options: { limits?: FileLimits; zipLimits?: ZipLimits; signal?: AbortSignal } = {}): Promise<void> {
  const limits = options.limits ?? FILE_LIMITS
  const entries = await readZipDirectory(path, options.zipLimits ?? { maxEntries: limits.maxZipEntries, maxTotalBytes: limits.maxUnzippedBytes, maxRatio: 250 })
  const names = new Set(entries.map((e) => e.name))
  if (!names.has('xl/workbook.xml')) throw new FileRejected('это не книга Excel (XLSX): нет xl/workbook.xml')
  checkCachedParts(entries, limits)
  // The directory's sizes may lie (an entry that inflates beyond them ends in verifyZipEntries), and a small
  // shared-strings part can still hold millions of tiny entries: they are counted as it is inflated.
  await verifyZipEntries(path, entries, options.signal, (entry) => (entry.name === SHARED_STRINGS ? { see: sharedStringCounter(limits.maxSharedStrings) } : null))
}

export async function* readXlsxRows(
  path: string,
  options: { batchSize?: number; limits?: FileLimits; zipLimits?: ZipLimits; signal?: AbortSignal } = {},
): AsyncGenerator<FileRow[]> {
  const batchSize = options.batchSize ?? 1000
  const limits = options.limits ?? FILE_LIMITS
  await guardXlsx(path, options)

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
        if (values.length > limits.maxColumns + 1) throw new FileRejected(LIMIT_MESSAGES.columns(limits.maxColumns), { row: row.number })
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
    throw new FileRejected(unreadableSheet(error))
  } finally {
    ;(reader as unknown as { stream?: { destroy(): void } }).stream?.destroy()
  }
  if (!sawSheet) throw new FileRejected('в книге нет листов')
  if (batch.length) yield batch
}
