// Tells the Department what it has to look at, in the transaction that appends the event: a file of a report under
// consideration has been checked («Файл проверен: 2 ошибки, 1 предупреждение»), or a declined report came back with a
// corrected file («Отчёт отправлен повторно»). Grouped per report: while a Department user's notification of a report
// is unread, the next event of that report updates it (text, time, count of events) instead of adding another one,
// so the header's count is the number of reports to look at. Writing twice for the same event changes nothing. These
// items are the 'review' topic; a publication's exceedances are another (notify-exceedances.server.ts, decision 2450).
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { noticeToDepartment } from './department-notice.server.ts'
import type { StoredEvent } from '../event-store/event-store.server.ts'
import { conversationAddress, sectionAddress } from '../workflow/reports/board-cells.ts'
import { REPORT_TYPES } from '../workflow/reports/report-types.ts'
import { REPORT_STATUSES } from '../workflow/reports/report-status-table.ts'
import { checkResultTitle, countFindings } from '../workflow/files/check-result-words.ts'
import { sendNoticeLetters } from './notice-letters.server.ts'
import { DEPARTMENT_MAIL_SUBJECTS, departmentNoticeBody } from './mail-rules.ts'

const TOLD_OF = new Set(['FileCheckPassed', 'FileCheckFailed', 'ReportResubmitted', 'ReportMessagePosted'])

export interface DepartmentNotice {
  kind: 'department_file_checked' | 'department_resubmitted' | 'department_message'
  title: string
  body: string
  /** The company and report, without the file: what a letter may say (decision 2224). */
  subject: string
}

interface Facts {
  companyName: string
  reportTypeTitle: string
  year: number
  areaName: string | null
  fileName: string | null
}

/** The words of a Department notice, or null for an event the Department is not told of. */
export function departmentNotice(type: string, data: Record<string, unknown>, facts: Facts): DepartmentNotice | null {
  const subject = `${facts.companyName}: ${facts.reportTypeTitle} за ${facts.year} год${facts.areaName ? ` (${facts.areaName})` : ''}`
  switch (type) {
    case 'FileCheckPassed':
    case 'FileCheckFailed': {
      const counts = countFindings(type === 'FileCheckPassed' ? data.warnings : data.problems)
      return { kind: 'department_file_checked', title: checkResultTitle(counts), body: `${subject}, файл «${facts.fileName}».`, subject }
    }
    case 'ReportResubmitted': {
      const round = typeof data.round === 'number' ? `, раунд ${data.round}` : ''
      return { kind: 'department_resubmitted', title: 'Отчёт отправлен повторно', body: `${subject}: исправленный файл «${facts.fileName ?? data.fileName}»${round}.`, subject }
    }
    case 'ReportMessagePosted':
      // A question of the company waits for an answer; the Department's own messages tell the company instead.
      return data.side === 'holder' ? { kind: 'department_message', title: 'Новое сообщение по отчёту', body: `${subject}: компания написала сообщение.`, subject } : null
    default:
      return null
  }
}

/** Whether the Department is told of an event of this type (and may get a letter of it). */
export const departmentToldOf = (type: string): boolean => TOLD_OF.has(type)

/** Answers the ids of the letters written that wait to be sent (decision 3821). */
export async function notifyDepartment(db: Kysely<Database>, events: readonly StoredEvent[]): Promise<number[]> {
  const letters: number[] = []
  for (const event of events) if (TOLD_OF.has(event.type)) letters.push(...(await notifyDepartmentOf(db, event)))
  return letters
}

/** The report a Department notice is about, as it stands after the event's projection, with the file's name. */
async function reportOf(db: Kysely<Database>, data: { reportId?: number; fileId?: number }) {
  const query = db
    .selectFrom('import_reports as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .leftJoin('areas as a', 'a.id', 'r.area_id')
    .select(['r.id', 'r.status', 'r.company_id', 'r.area_id', 'r.year', 'r.report_type', 'a.name as area_name', 'c.name as company_name'])
  if (data.fileId !== undefined) {
    return query.innerJoin('import_files as f', 'f.report_id', 'r.id').select('f.name as file_name').where('f.id', '=', data.fileId).executeTakeFirst()
  }
  if (data.reportId === undefined) return undefined
  const report = await query.where('r.id', '=', data.reportId).executeTakeFirst()
  return report ? { ...report, file_name: null } : undefined
}

async function notifyDepartmentOf(db: Kysely<Database>, event: StoredEvent): Promise<number[]> {
  const message = event.type === 'ReportMessagePosted'
  const found = await reportOf(db, event.data as { reportId?: number; fileId?: number })
  // A check is told only in a report under consideration; a question, whatever the report's status (decision 3712).
  if (!found || (!message && !REPORT_STATUSES[found.status].tellsDepartmentOfFiles)) return []
  const notice = departmentNotice(event.type, event.data, {
    companyName: found.company_name,
    reportTypeTitle: REPORT_TYPES[found.report_type].title,
    year: found.year,
    areaName: found.area_name,
    fileName: found.file_name,
  })
  if (!notice) return []
  const link = `/monitoring${message ? conversationAddress(found.company_id, found.id) : sectionAddress(found.company_id, found.year, found.area_id, found.report_type)}`
  const fresh = await noticeToDepartment(db, { position: event.position, reportId: found.id, topic: 'review', kind: notice.kind, title: notice.title, body: notice.body, link, createdAt: event.createdAt })
  // A letter goes with a new notice only: while it is unread, later events of the report are grouped into it, and so
  // are their letters (decision 2685).
  return fresh.length > 0 ? mailDepartment(db, event, fresh, notice, link) : []
}

/**
 * The letters of a new Department notice, in the event's transaction: to each of these users' addresses once it is
 * confirmed, under the hour's limit per address (past it, kept and marked); an address not confirmed is asked to.
 */
async function mailDepartment(db: Kysely<Database>, event: StoredEvent, userIds: number[], notice: DepartmentNotice, link: string): Promise<number[]> {
  const body = departmentNoticeBody(notice.subject, notice.title, link)
  const people = sql`SELECT DISTINCT lower(btrim(u.email)) AS address FROM users u WHERE u.id IN (${sql.join(userIds)}) AND u.is_active AND u.email LIKE '%@%'`
  return sendNoticeLetters(db, event, { subject: DEPARTMENT_MAIL_SUBJECTS[notice.kind], body }, people)
}
