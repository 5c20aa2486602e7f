// Tells the people concerned of a report's status change, in the transaction that appends the event: a
// notification for each active user of the report's company, and an e-mail in the outbox for each responsible
// person of the report's area (or company) and year, once that address is confirmed (decision 2224). Writing twice
// for the same event changes nothing.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { KnownReport } from '../ports/notice-writer.ts'
import type { StoredEvent } from '../event-store/event-store.server.ts'
import { requestConfirmation } from './email-confirmations.server.ts'
import { MAIL_SUBJECTS, noticeBody } from './mail-rules.ts'
import { sendNoticeLetters } from './notice-letters.server.ts'
import { noticeSubject } from './notification-text.ts'
import { notifyDepartment } from './notify-department.server.ts'
import { eventUse } from '../all-streams/event-tables.ts'
import type { EventUse } from '../workflow/event-table.ts'
import { REPORT_TYPES } from '../workflow/reports/report-types.ts'
import { fixed, rowsOf } from '@portal/workflow-platform/database.server.ts'
import { conversationAddress } from '../workflow/reports/board-cells.ts'

/**
 * Events whose table entry has a notice are told; the others are not. Answers the ids of the letters written that wait
 * to be sent, which the caller queues (decision 3821). `known`: the report the command read already (decision 3820).
 */
export async function notifyOfEvents(db: Kysely<Database>, events: readonly StoredEvent[], known?: KnownReport): Promise<number[]> {
  const letters: number[] = []
  for (const event of events) {
    const notice = eventUse(event.type).notice
    if (notice) letters.push(...(await notifyOf(db, event, notice, known)))
    // A responsible person's new address is asked to confirm before it gets any letter (decision 2224).
    // It counts for the account that saved the person (decision 3508).
    else if (event.type === 'ResponsibleSaved') {
      const letter = await requestConfirmation(db, String((event.data as { email?: unknown }).email ?? ''), event.position, event.createdAt, event.metadata.userId)
      if (letter !== null) letters.push(letter)
    }
  }
  // The Department is told of what it has to look at (checked files under consideration, resubmissions).
  letters.push(...(await notifyDepartment(db, events)))
  return letters
}

async function notifyOf(db: Kysely<Database>, event: StoredEvent, notice: NonNullable<EventUse['notice']>, known?: KnownReport): Promise<number[]> {
  const data = event.data as { reportId?: number; fileId?: number }
  let reportId = data.reportId
  let fileName: string | null = null
  // Whoever uploaded the file is told of its check without their count going up: they watched it on the page.
  let uploader: number | null = null
  if (data.fileId !== undefined) {
    const file = await db.selectFrom('import_files').select(['report_id', 'name', 'creator_id']).where('id', '=', data.fileId).executeTakeFirst()
    if (!file) return []
    reportId = file.report_id
    fileName = file.name
    uploader = file.creator_id
  }
  if (reportId === undefined) return []
  // The report the command read with its stream, under its lock, is not read again (decision 3820).
  const [report] =
    known?.id === reportId
      ? [known]
      : await rowsOf(
          db,
          fixed<KnownReport>`
    SELECT r.id, r.company_id, r.area_id, r.year, r.report_type, a.name AS area_name FROM import_reports r LEFT JOIN areas a ON a.id = r.area_id WHERE r.id = ${reportId}`,
        )
  if (!report) return []
  const subject = noticeSubject({ reportId: report.id, companyId: report.company_id, year: report.year, reportTypeTitle: REPORT_TYPES[report.report_type].title, areaName: report.area_name })
  const text = notice(event, { subject, fileName })
  // An event that tells no one this time (a message the company itself wrote: the Department is told instead).
  if (!text) return []
  const link = text.page === 'conversation' ? `/monitoring${conversationAddress(report.company_id, report.id)}` : `/monitoring/companies/${report.company_id}/reports?year=${report.year}`
  const people =
    report.area_id !== null
      ? sql`SELECT email FROM ecomon_responsibles WHERE area_id = ${report.area_id} AND year = ${report.year}`
      : sql`SELECT email FROM company_responsibles WHERE company_id = ${report.company_id} AND year = ${report.year}`
  const comment = typeof (event.data as { comment?: unknown }).comment === 'string' ? (event.data as { comment: string }).comment.trim() || null : null
  const mailBody = noticeBody(text, { reportTypeTitle: REPORT_TYPES[report.report_type].title, year: report.year, areaName: report.area_name }, comment, link)
  // The notices in the portal and the letters in one statement (a data-modifying WITH runs whether or not it is
  // read): a letter only to a confirmed address, under a fixed subject and without the file's name, and past the
  // hour's limit kept but marked. It answers the addresses not confirmed yet, which are asked to confirm instead.
  const told = sql`told AS (
      INSERT INTO notifications (user_id, company_id, event_position, kind, title, body, link, created_at, read_at)
      SELECT u.id, ${report.company_id}, ${event.position}, ${text.kind}, ${text.title}, ${text.body}, ${link}, ${event.createdAt},
             CASE WHEN u.id = ${uploader}::int THEN ${event.createdAt}::timestamptz END
      FROM users u WHERE u.company_id = ${report.company_id} AND u.is_active
      ON CONFLICT (event_position, user_id) DO NOTHING
    )`
  const addresses = sql`SELECT DISTINCT lower(trim(p.email)) AS address FROM (${people}) AS p WHERE p.email LIKE '%@%'`
  return sendNoticeLetters(db, event, { subject: MAIL_SUBJECTS[text.kind], body: mailBody }, addresses, told)
}
