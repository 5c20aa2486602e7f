// A file check's result in words, errors and warnings counted apart: «Файл проверен: 2 ошибки, 1 предупреждение».
// Shared by the holders' and the Department's notices.
import { plural } from '../../text/russian-format.ts'

interface Finding {
  level?: string
}

/** The errors (no level) and the warnings (level 'warning') of a check's findings. */
export function countFindings(findings: unknown): { errors: number; warnings: number } {
  const list = Array.isArray(findings) ? (findings as Finding[]) : []
  const warnings = list.filter((f) => f && typeof f === 'object' && f.level === 'warning').length
  return { errors: list.length - warnings, warnings }
}

/** «Файл проверен: 2 ошибки, 1 предупреждение»; «Файл проверен: ошибок нет» when there is nothing to say. */
export function checkResultTitle(counts: { errors: number; warnings: number }): string {
  const parts: string[] = []
  if (counts.errors > 0) parts.push(`${counts.errors} ${plural(counts.errors, ['ошибка', 'ошибки', 'ошибок'])}`)
  if (counts.warnings > 0) parts.push(`${counts.warnings} ${plural(counts.warnings, ['предупреждение', 'предупреждения', 'предупреждений'])}`)
  return `Файл проверен: ${parts.length ? parts.join(', ') : 'ошибок нет'}`
}
