// Streams the rows of a CSV file in batches: UTF-8 or Windows-1251 (detected), separator ; , or tab (detected).
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { parse } from 'csv-parse'
import iconv from 'iconv-lite'
import { FileRejected } from './file-problem.ts'

export interface FileRow {
  /** The row as the license holder counts it: the header is row 1. */
  number: number
  cells: unknown[]
}

/** The longest record accepted: a longer line is not a table row (a 1 MB line ends the check here). */
const MAX_CSV_RECORD = 64 * 1024
const SAMPLE = 64 * 1024

export interface CsvFormat {
  encoding: 'utf8' | 'win1251'
  delimiter: string
  bom: boolean
}

/** Decides the encoding and separator from the first 64 KB. */
function detectCsvFormat(sample: Buffer): CsvFormat {
  const bom = sample.length >= 3 && sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf
  let encoding: CsvFormat['encoding'] = 'utf8'
  if (!bom) {
    try {
      // stream: true tolerates a character cut at the end of the sample.
      new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true })
    } catch {
      encoding = 'win1251'
    }
  }
  const text = encoding === 'utf8' ? sample.toString('utf8') : iconv.decode(sample, 'win1251')
  const firstLine = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? ''
  const unquoted = firstLine.replace(/"[^"]*"/g, '')
  const counts: Array<[string, number]> = [';', ',', '\t'].map((d) => [d, unquoted.split(d).length - 1])
  counts.sort((a, b) => b[1] - a[1])
  return { encoding, delimiter: counts[0][1] > 0 ? counts[0][0] : ';', bom }
}

async function readSample(path: string): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(SAMPLE)
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** Rows in batches of up to batchSize; a malformed file ends with a FileRejected naming the row. */
export async function* readCsvRows(path: string, batchSize = 1000): AsyncGenerator<FileRow[]> {
  const format = detectCsvFormat(await readSample(path))
  const source = createReadStream(path, { highWaterMark: 256 * 1024 })
  const parser = parse({
    delimiter: format.delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_CSV_RECORD,
  })
  if (format.encoding === 'win1251') source.pipe(iconv.decodeStream('win1251')).pipe(parser)
  else source.pipe(parser)
  source.on('error', (error) => parser.destroy(error))
  let number = 0
  try {
    for await (const records of recordBatches(parser, batchSize)) {
      const batch: FileRow[] = new Array(records.length)
      for (let i = 0; i < records.length; i++) batch[i] = { number: ++number, cells: records[i] }
      yield batch
    }
  } catch (error) {
    if (error instanceof FileRejected) throw error
    const code = (error as { code?: string }).code
    // The parser knows how many records it finished before the bad one (it may be ahead of this loop).
    const records = (error as { records?: number }).records
    const row = (typeof records === 'number' ? Math.max(records, number) : number) + 1
    if (code === 'CSV_MAX_RECORD_SIZE') throw new FileRejected(`строка длиннее ${MAX_CSV_RECORD / 1024} КБ: это не строка таблицы`, { row })
    if (typeof code === 'string' && code.startsWith('CSV_')) throw new FileRejected(`файл CSV не читается: ${(error as Error).message}`, { row })
    throw error
  } finally {
    source.destroy()
  }
}

/**
 * Records in batches, read synchronously while the parser has them: an async step per batch, not per record
 * (per-record async iteration costs more than parsing a short row).
 */
async function* recordBatches(parser: ReturnType<typeof parse>, batchSize: number): AsyncGenerator<string[][]> {
  let ended = false
  let failure: unknown = null
  let wake: (() => void) | null = null
  const signal = () => {
    const w = wake
    wake = null
    w?.()
  }
  parser.on('readable', signal)
  parser.on('end', () => {
    ended = true
    signal()
  })
  parser.on('error', (error) => {
    failure = error
    signal()
  })
  let batch: string[][] = []
  for (;;) {
    let record: string[] | null
    while ((record = parser.read() as string[] | null) !== null) {
      batch.push(record)
      if (batch.length >= batchSize) {
        yield batch
        batch = []
      }
    }
    if (failure) throw failure
    if (ended) break
    await new Promise<void>((resolve) => (wake = resolve))
  }
  if (batch.length) yield batch
}
