// The findings of a file check as people read them: each with its level, and as the rows of the error report file.
import type { FileProblem, FindingLevel } from '@portal/migrations/database.ts'
import type { Cell } from '../../exports/table-cells.ts'

export interface Finding {
  row?: number
  column?: string
  value?: string
  reason: string
  level: FindingLevel
}

export const LEVEL_TITLE: Record<FindingLevel, string> = { error: 'ошибка', warning: 'предупреждение' }

/** Every finding with its level: those recorded before levels existed are errors. */
export function findingsOf(problems: readonly FileProblem[]): Finding[] {
  return problems.map((p) => ({ ...p, level: p.level ?? 'error' }))
}

export function countFindings(problems: readonly FileProblem[]): { errors: number; warnings: number } {
  let warnings = 0
  for (const p of problems) if (p.level === 'warning') warnings++
  return { errors: problems.length - warnings, warnings }
}

/** The columns of the error report (CSV and XLSX): where, what was written, how bad, why. */
export const ERROR_REPORT_HEADERS = ['Строка', 'Столбец', 'Значение', 'Уровень', 'Сообщение'] as const

export function errorReportRow(finding: Finding): Cell[] {
  return [finding.row ?? null, finding.column ?? '', finding.value ?? '', LEVEL_TITLE[finding.level], finding.reason]
}

/** «Замечания — {file name without extension}». */
export function errorReportName(fileName: string): string {
  const base = fileName.replace(/\.[^.]{1,8}$/, '')
  return `Замечания — ${base}`.slice(0, 150)
}
