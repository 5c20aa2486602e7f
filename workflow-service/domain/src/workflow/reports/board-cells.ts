// The status board's rules as pure functions: which year is being filed, which years the board offers, a cell's state
// (from its report's status and its files) and the words a holder or the Department reads for it. The board's query
// (use-cases/reports-board.server.ts) computes the same state in SQL so it can filter and page; its test compares them.
import { plural } from '../../text/russian-format.ts'
import { regionYearMonth } from '../../text/region-days.ts'
import type { ReportStatus } from '@portal/migrations/database.ts'
import { REPORT_STATUSES } from './report-status-table.ts'
import type { CellState } from './board-cell-states.ts'

/**
 * The reporting year being filed on a date: January to March still file the year before (the annual reports are due
 * in the first quarter), from April on the current year. The one place this rule lives. Months are the region's
 * (UTC+5), as every day of the portal: a server kept on UTC must not file the old year for the region's first hours
 * of April.
 */
export const LAST_MONTH_FOR_PREVIOUS_YEAR = 3
export function filingYear(now = new Date()): number {
  const { year, month } = regionYearMonth(now)
  return month <= LAST_MONTH_FOR_PREVIOUS_YEAR ? year - 1 : year
}

/** The board's year selector: next year (a programme is filed ahead), the region's current year and the 9 before it. */
export function boardYears(now = new Date()): number[] {
  const next = regionYearMonth(now).year + 1
  return Array.from({ length: 11 }, (_, i) => next - i)
}

export { CELL_STATES, type CellState } from './board-cell-states.ts'

/** The states in which the holder still has to send or correct the report: the ones its due date is counted for. */
export const OPEN_STATES: readonly CellState[] = ['no_files', 'checking', 'errors', 'rejected']

/** The boards' due-date filter (what is still to be sent, or of it what is overdue) and their orders. */
export const BOARD_DUE_FILTERS = ['open', 'overdue'] as const
export const BOARD_SORTS = ['company', 'due'] as const

/** The state filter's words (the Department's board). */
export const CELL_STATE_TITLES: Record<CellState, string> = {
  no_files: 'Файлы не загружены',
  checking: 'Проверяется',
  errors: 'Ошибки в файлах',
  consideration: REPORT_STATUSES.consideration.label,
  rejected: REPORT_STATUSES.rejected.label,
  agreed: REPORT_STATUSES.agreed.label,
}

/** What the state of a cell is made of: its report's status (null: no report yet) and its files by status. */
export interface CellFacts {
  status: ReportStatus | null
  /** Files not being deleted. */
  live: number
  processing: number
  errors: number
}

/**
 * A decision ends the matter until it is cancelled or the holder answers it; before one, what the holder must do first
 * comes first: no files, files still being checked, files with errors; else the report waits for the Department.
 */
export function cellState(facts: CellFacts): CellState {
  const byStatus: CellState | null = facts.status === null ? null : REPORT_STATUSES[facts.status].boardCell
  if (byStatus !== null) return byStatus
  if (facts.live === 0) return 'no_files'
  if (facts.processing > 0) return 'checking'
  if (facts.errors > 0) return 'errors'
  return 'consideration'
}

const DAY = 86_400_000

/** Whole days between two instants (never negative). */
export function daysBetween(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY))
}

/** The cell in words: «файлы не загружены», «проверяется», «ошибки в 2 файлах», «на рассмотрении 12 дн.», «отклонён — ответить», «согласован». */
export function cellLabel(state: CellState, facts: CellFacts & { days: number | null }, viewer: 'holder' | 'department'): string {
  switch (state) {
    case 'no_files':
      return 'файлы не загружены'
    case 'checking':
      return 'проверяется'
    case 'errors':
      return `ошибки в ${facts.errors} ${plural(facts.errors, ['файле', 'файлах', 'файлах'])}`
    case 'consideration':
      return facts.days === null ? 'на рассмотрении' : `на рассмотрении ${facts.days} дн.`
    case 'rejected':
      // The holder is the one who must answer a decline; the Department waits for the corrected file.
      return viewer === 'holder' ? 'отклонён — ответить' : 'отклонён — ждёт исправлений'
    case 'agreed':
      return 'согласован'
  }
}

/** The review queue's file state: «1 файл с ошибками», «2 файла проверяются», «3 файла приняты». */
export function filesLabel(files: { live: number; processing: number; errors: number; passed: number }): string {
  const parts: string[] = []
  if (files.errors > 0) parts.push(`${files.errors} ${plural(files.errors, ['файл', 'файла', 'файлов'])} с ошибками`)
  if (files.processing > 0) parts.push(`${files.processing} ${plural(files.processing, ['файл проверяется', 'файла проверяются', 'файлов проверяются'])}`)
  if (files.passed > 0) parts.push(`${files.passed} ${plural(files.passed, ['файл принят', 'файла приняты', 'файлов приняты'])}`)
  return parts.length ? parts.join(', ') : 'файлы не загружены'
}

/**
 * Whether the Department has something to decide on a report under consideration: a file that passed its check and
 * none still being checked (the same facts the agreement needs, report-decide.ts).
 */
export function awaitsDecision(files: { processing: number; passed: number }): boolean {
  return files.processing === 0 && files.passed > 0
}

/** The key of a reports page's section: the accordion (`area-{id}`, `greenhouse`, `observation`) and the report type. */
export function sectionKey(areaId: number | null, reportType: string): string {
  const accordion = areaId !== null ? `area-${areaId}` : reportType === 'greenhouse_gases' ? 'greenhouse' : 'observation'
  return `${accordion}-${reportType}`
}

/** The address of a report's section on its company's reports page, opened and scrolled to (pages add /monitoring). */
export function sectionAddress(companyId: number, year: number, areaId: number | null, reportType: string): string {
  const key = sectionKey(areaId, reportType)
  return `/companies/${companyId}/reports?${new URLSearchParams({ year: String(year), section: key })}#section-${key}`
}

/** The page of a report's conversation (decision 3711), under /monitoring. */
export function conversationAddress(companyId: number, reportId: number): string {
  return `/companies/${companyId}/reports/${reportId}/messages`
}
