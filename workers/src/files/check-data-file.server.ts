// Checks a data file (XLSX or CSV) against its template, streaming: header, then every row; good rows go to a sink.
import { matchHeader } from './check-header.ts'
import { cellText, checkRow, type RowContext, type RowValues } from './check-row.ts'
import { detectFileKind, KIND_TITLES } from './file-signature.server.ts'
import { FILE_LIMITS, LIMIT_MESSAGES, type FileLimits } from './file-limits.ts'
import { FileRejected, type Problem } from './file-problem.ts'
import type { ImportSpec } from '@portal/workflow-domain/registry.ts'
import { readCsvRows, type FileRow } from './read-csv.server.ts'
import { readXlsxRows } from './read-xlsx.server.ts'

/** Problems kept per file: enough to fix a file, never a million-line list. */
export const MAX_PROBLEMS = 100

export interface CheckedRow {
  number: number
  values: RowValues
}

export interface DataCheckResult {
  ok: boolean
  /** The first MAX_PROBLEMS errors, and a last one counting the rest. */
  problems: Problem[]
  /** The first MAX_PROBLEMS warnings (level 'warning'), and a last one counting the rest: kept whether or not the file passes. */
  warnings: Problem[]
  /** Data rows read (the header not counted). */
  rows: number
}

export interface DataCheckOptions {
  /** Receives the good rows in batches while the file has no problem yet (staging); may be async. */
  onRows?: (rows: CheckedRow[]) => Promise<void>
  signal?: AbortSignal
  batchSize?: number
  /** The bounds (rows, columns, cell length, the XLSX parts); FILE_LIMITS unless a test narrows them. */
  limits?: FileLimits
}

/** A data file is an XLSX book or CSV text; anything else is refused naming what it is. */
export async function dataFileKind(path: string): Promise<'xlsx' | 'csv'> {
  const kind = await detectFileKind(path)
  if (kind === 'empty') throw new FileRejected('файл пуст (0 байт)')
  if (kind === 'xlsx') return 'xlsx'
  if (kind === 'ole2') throw new FileRejected('формат XLS (Excel 97–2003) не поддерживается: сохраните файл как XLSX или CSV')
  if (kind !== 'unknown') throw new FileRejected(`ожидается таблица XLSX или CSV, а файл — ${KIND_TITLES[kind]}`)
  return 'csv'
}

async function* rowsOf(path: string, options: DataCheckOptions): AsyncGenerator<FileRow[]> {
  if ((await dataFileKind(path)) === 'xlsx') return yield* readXlsxRows(path, { batchSize: options.batchSize, signal: options.signal, limits: options.limits })
  yield* readCsvRows(path, options.batchSize)
}

/** Rows, columns and cell length within the bounds, the same for XLSX and CSV. */
function checkBounds(cells: readonly unknown[], number: number, rows: number, limits: FileLimits): void {
  if (rows > limits.maxRows) throw new FileRejected(LIMIT_MESSAGES.rows(limits.maxRows), { row: number })
  if (cells.length > limits.maxColumns) throw new FileRejected(LIMIT_MESSAGES.columns(limits.maxColumns), { row: number })
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]
    if (typeof cell === 'string' ? cell.length > limits.maxCellChars : cell !== null && typeof cell === 'object' && cellText(cell).length > limits.maxCellChars) {
      throw new FileRejected(LIMIT_MESSAGES.cellChars(limits.maxCellChars), { row: number })
    }
  }
}

/** No value in any of the template's columns: a row with only a side column's value (last year's) is no data either. */
function isBlank(cells: readonly unknown[], indexes: readonly number[]): boolean {
  for (let i = 0; i < indexes.length; i++) if (cellText(cells[indexes[i]]) !== '') return false
  return true
}

export async function checkDataFile(path: string, spec: ImportSpec, context: RowContext, options: DataCheckOptions = {}): Promise<DataCheckResult> {
  const problems: Problem[] = []
  let problemCount = 0
  const warnings: Problem[] = []
  let warningCount = 0
  const noteWarnings = (found: Problem[] | undefined) => {
    if (!found) return
    for (const w of found) {
      warningCount++
      if (warnings.length < MAX_PROBLEMS) warnings.push(w)
    }
  }
  // A unit's other spelling and a unit conversion are said once per column and reason, before the rows' own warnings
  // (never cut off by them, never crowding them out).
  const notices: Problem[] = []
  const noticed = new Set<string>()
  const noteNotices = (found: Problem[] | undefined) => {
    if (!found) return
    for (const notice of found) {
      const key = `${notice.column}\u0000${notice.reason}`
      if (noticed.has(key)) continue
      // A hostile file can spell a unit many ways («мг / м3», «мг  /м3»…): beyond the cap they count as warnings.
      if (notices.length >= MAX_PROBLEMS) {
        noteWarnings([notice])
        continue
      }
      noticed.add(key)
      notices.push(notice)
    }
  }
  const closeWarnings = () => [
    ...notices,
    ...warnings,
    ...(warningCount > warnings.length ? [{ reason: `и ещё предупреждений: ${warningCount - warnings.length}`, level: 'warning' as const }] : []),
  ]
  let indexes: number[] | null = null
  let rows = 0
  const limits = options.limits ?? FILE_LIMITS
  try {
    for await (const batch of rowsOf(path, options)) {
      options.signal?.throwIfAborted()
      const good: CheckedRow[] = []
      for (const row of batch) {
        checkBounds(row.cells, row.number, rows + 1, limits)
        if (indexes === null) {
          const header = matchHeader(row.cells, spec.columns, spec.sideHeaders)
          if (!header.ok) return { ok: false, problems: [header.problem], warnings: [], rows: 0 }
          indexes = header.indexes
          continue
        }
        // Spreadsheets keep formatted but empty rows (and CSV exports write ";;;;"): they are not data.
        if (isBlank(row.cells, indexes)) continue
        rows++
        const result = checkRow(row.cells, row.number, spec.columns, indexes, context)
        noteWarnings(result.warnings)
        noteNotices(result.notices)
        if (result.ok) {
          if (problemCount === 0) good.push({ number: row.number, values: result.values })
        } else {
          for (const problem of result.problems) {
            problemCount++
            if (problems.length < MAX_PROBLEMS) problems.push(problem)
          }
        }
      }
      if (problemCount === 0 && good.length && options.onRows) await options.onRows(good)
    }
  } catch (error) {
    if (error instanceof FileRejected) return { ok: false, problems: [...problems, error.toProblem()].slice(0, MAX_PROBLEMS + 1), warnings: closeWarnings(), rows }
    throw error
  }
  if (indexes === null) return { ok: false, problems: [{ reason: 'файл пуст: нет строки заголовка' }], warnings: [], rows: 0 }
  if (rows === 0 && problemCount === 0) return { ok: false, problems: [{ reason: 'в файле нет строк с данными' }], warnings: [], rows: 0 }
  if (problemCount > problems.length) problems.push({ reason: `и ещё ошибок: ${problemCount - problems.length}` })
  return { ok: problemCount === 0, problems, warnings: closeWarnings(), rows }
}
