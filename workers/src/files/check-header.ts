// Matches a file's header row against the template's columns: missing, unknown and repeated columns are named; a
// declared side column (last year's values of a pre-filled template, decision 2443) is read past wherever it stands.
import type { ColumnSpec } from '@portal/workflow-domain/registry.ts'
import type { Problem } from './file-problem.ts'

const FIELD_MISMATCH = 'несоответствие полей'

/** Headers compare without case, extra spaces, ё/е differences or a trailing required-mark. */
function normalizeHeader(text: string): string {
  return text
    .replace(/[\u00a0\s]+/g, ' ')
    .replace(/\*+$/, '')
    .trim()
    .toLowerCase()
    .replace(/ё/g, 'е')
}

export type HeaderMatch = { ok: true; indexes: number[] } | { ok: false; problem: Problem }

/**
 * For each template column, the index of the file column holding it; or one problem listing every mismatch.
 * `sideHeaders` are columns the file may carry beside the template's (`ImportSpec.sideHeaders`): never read.
 */
export function matchHeader(cells: readonly unknown[], columns: readonly ColumnSpec[], sideHeaders: readonly string[] = []): HeaderMatch {
  const side = new Set(sideHeaders.map(normalizeHeader))
  const wanted = new Map<string, number>()
  columns.forEach((column, i) => {
    wanted.set(normalizeHeader(column.header), i)
    // The field name is accepted too, for files written by programs rather than people.
    wanted.set(normalizeHeader(column.field), i)
  })
  const indexes = new Array<number>(columns.length).fill(-1)
  const unknown: string[] = []
  const repeated: string[] = []
  cells.forEach((cell, at) => {
    const text = cell === null || cell === undefined ? '' : String(cell)
    if (text.trim() === '') return
    const normalized = normalizeHeader(text)
    if (side.has(normalized)) return
    const i = wanted.get(normalized)
    if (i === undefined) unknown.push(text.trim())
    else if (indexes[i] !== -1) repeated.push(columns[i].header)
    else indexes[i] = at
  })
  const missing = columns.filter((_, i) => indexes[i] === -1).map((c) => c.header)
  if (missing.length === 0 && unknown.length === 0 && repeated.length === 0) return { ok: true, indexes }
  const quote = (names: string[]) => names.map((n) => `«${n}»`).join(', ')
  const parts = [
    missing.length ? `нет столбцов ${quote(missing)}` : '',
    unknown.length ? `неизвестные столбцы ${quote(unknown)}` : '',
    repeated.length ? `повторяются столбцы ${quote(repeated)}` : '',
  ].filter(Boolean)
  return { ok: false, problem: { row: 1, reason: `${FIELD_MISMATCH}: ${parts.join('; ')}` } }
}
