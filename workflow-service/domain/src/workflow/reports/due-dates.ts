// When each report is due, as pure rules: the default due date of a report type for a reporting year (decision 3601),
// the region's day counted to it, and the words a board shows for it: «осталось 5 дн.», «сегодня», «просрочено на 3 дн.».
// The administrator's own due dates (reference data, kind `due-date`) replace a default; due-date-sql.ts reads both.
import type { ReportType } from '@portal/migrations/database.ts'
import { regionDay } from '../../text/region-dates.ts'

export { regionDay }

/** The default due date of a type: a month and day of the reporting year (`yearOffset` 0) or of the year after (1). */
export const DEFAULT_DUE: Record<ReportType, { yearOffset: 0 | 1; month: number; day: number }> = {
  // A programme plans the year's observations: due before the field season of the year it is for.
  program: { yearOffset: 0, month: 3, day: 1 },
  // The year's results, then the final report and the greenhouse gases: the first quarter of the next year (board-cells.ts filingYear).
  observation_results: { yearOffset: 1, month: 3, day: 1 },
  final_report: { yearOffset: 1, month: 3, day: 31 },
  greenhouse_gases: { yearOffset: 1, month: 3, day: 31 },
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The default due date (ГГГГ-ММ-ДД) of a type for a reporting year. */
export function defaultDueDate(reportType: ReportType, year: number): string {
  const rule = DEFAULT_DUE[reportType]
  return `${year + rule.yearOffset}-${pad(rule.month)}-${pad(rule.day)}`
}


/** Whole calendar days from one day (ГГГГ-ММ-ДД) to a due day: positive before it, 0 on it, negative after. */
export function daysFromDay(due: string, today: string): number {
  return Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
}

/** Whole calendar days from the region's today to a due day. */
export const daysToDue = (due: string, now: Date): number => daysFromDay(due, regionDay(now))

/** The due day as the pages write it: 31.03.2026. */
export const dueDateText = (due: string) => due.split('-').reverse().join('.')

/** The days to a due day in words: «осталось 5 дн.», «сегодня» (never «0 дн.»), «просрочено на 3 дн.». */
export function dueWords(days: number): string {
  if (days === 0) return 'сегодня'
  return days > 0 ? `осталось ${days} дн.` : `просрочено на ${-days} дн.`
}

/** What a report's due date is to the one who files it: the day, and while it is still to be sent, the days to it. */
export interface DueInfo {
  /** ГГГГ-ММ-ДД. */
  date: string
  /** 31.03.2026. */
  text: string
  /** Days to it while the holder still has to send or correct the report; null once it waits for or has a decision of the Department. */
  days: number | null
  /** «осталось 5 дн.», «сегодня», «просрочено на 3 дн.»; null with the days. */
  words: string | null
  overdue: boolean
}

/**
 * The due date of a report whose holder still has to act (nothing sent, files being checked or with errors, declined),
 * counted; of one sent and waiting for the Department, or agreed, just the day: it is no longer the holder's to meet.
 */
export function dueInfo(date: string, now: Date | string, open: boolean): DueInfo {
  const days = open ? daysFromDay(date, typeof now === 'string' ? now : regionDay(now)) : null
  return { date, text: dueDateText(date), days, words: days === null ? null : dueWords(days), overdue: days !== null && days < 0 }
}
