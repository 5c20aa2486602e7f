// The words of the due-date notices (decision 3603): the holder's reminder that a report's due date is near, and the
// Department's daily digest of the reports past theirs. Pure: the facts come in, the texts go out; no file name or
// other text a holder typed goes into a letter.
import { dueDateText, dueWords } from '../workflow/reports/due-dates.ts'

/** How many overdue reports the digest names one by one; the rest are counted. */
export const DIGEST_LINES = 20

export interface DueReport {
  companyName: string
  reportTypeTitle: string
  year: number
  areaName: string | null
  /** ГГГГ-ММ-ДД. */
  dueDate: string
  /** Days from today to the due date: ≥ 0 for a reminder, < 0 in the digest. */
  days: number
}

const what = (r: Pick<DueReport, 'reportTypeTitle' | 'year' | 'areaName'>) => `${r.reportTypeTitle} за ${r.year} год${r.areaName ? ` (${r.areaName})` : ''}`

/** The holder's reminder: «Срок сдачи отчёта 31.03.2027», the report and the days left. */
export function reminderText(report: DueReport): { kind: 'due_reminder'; title: string; body: string } {
  return {
    kind: 'due_reminder',
    title: `Срок сдачи отчёта ${dueDateText(report.dueDate)}`,
    body: `${what(report)}: срок сдачи ${dueDateText(report.dueDate)}, ${dueWords(report.days)}. Отчёт ещё не отправлен на рассмотрение.`,
  }
}

/** The Department's digest: how many reports are overdue, the first DIGEST_LINES of them (most overdue first). */
export function overdueDigestText(reports: readonly DueReport[], total: number): { kind: 'overdue_digest'; title: string; body: string } {
  const lines = reports.slice(0, DIGEST_LINES).map((r) => `${r.companyName}: ${what(r)} — срок ${dueDateText(r.dueDate)}, ${dueWords(r.days)}`)
  const more = total > lines.length ? [`и ещё ${total - lines.length}`] : []
  return { kind: 'overdue_digest', title: `Просроченные отчёты: ${total}`, body: [...lines, ...more].join('\n') }
}
