// Sends the due-date notices of a day (decision 3603): each report still to be sent whose due date is at most
// `reminderDays` ahead gets one reminder (a notice for every active user of its company, a letter to its responsible
// person's confirmed address), and the Department one digest a day of the reports past their due date (a notice and
// a letter to each active Department user's confirmed address). Each notice is written once: under a unique key
// (`due_notices`), in one transaction with its notices, letters and the letters' jobs, so a retried job or two
// workers at once write it once. Only reports that exist (created with their responsible person) are counted.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database, ReportType } from '@portal/migrations/database.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import { REPORT_TYPES } from '../workflow/reports/report-types.ts'
import { OPEN_STATES } from '../workflow/reports/board-cells.ts'
import { daysFromDay, regionDay } from '../workflow/reports/due-dates.ts'
import { dueDateSql } from '../workflow/reports/due-date-sql.ts'
import { STATE_SQL } from '../workflow/reports/board-state-sql.ts'
import { type DueReport, overdueDigestText, reminderText } from './due-notice-words.ts'
import { DUE_MAIL_SUBJECTS, dueNoticeBody } from './mail-rules.ts'
import { sendNoticeLetters } from './notice-letters.server.ts'
import { queueLettersAt } from './queue-letters.server.ts'

/** The board's filter of what is overdue: where the digest's link leads. */
export const OVERDUE_LINK = '/monitoring/board?due=overdue'

interface OpenReport {
  id: number
  company_id: number
  company_name: string
  area_id: number | null
  area_name: string | null
  year: number
  report_type: ReportType
  due_date: string
}

/** The reports whose holder still has to act (board-cells.ts OPEN_STATES), with their due dates. */
async function openReports(db: Kysely<Database>): Promise<OpenReport[]> {
  const { rows } = await sql<OpenReport & { state: string }>`
    SELECT * FROM (
      SELECT r.id, r.company_id, c.name AS company_name, r.area_id, a.name AS area_name, r.year, r.report_type,
             ${STATE_SQL} AS state, ${dueDateSql(sql`r.report_type`, sql`r.year`)} AS due_date
      FROM import_reports r
      JOIN companies c ON c.id = r.company_id
      LEFT JOIN areas a ON a.id = r.area_id
      LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE x.status NOT IN ('deletion', 'deleted')) AS live,
               count(*) FILTER (WHERE x.status = 'processing') AS processing,
               count(*) FILTER (WHERE x.status = 'error') AS errors
        FROM import_files x WHERE x.report_id = r.id
      ) f ON true
    ) o WHERE o.state IN (${sql.join([...OPEN_STATES])})`.execute(db)
  return rows
}

const facts = (r: OpenReport, today: string): DueReport => ({
  companyName: r.company_name,
  reportTypeTitle: REPORT_TYPES[r.report_type].title,
  year: r.year,
  areaName: r.area_name,
  dueDate: r.due_date,
  days: daysFromDay(r.due_date, today),
})

/** Claims a notice's key in the transaction: its id, or null when it was sent already (or is being sent now). */
async function claim(trx: Transaction<Database>, key: string, at: Date): Promise<number | null> {
  const row = await trx.insertInto('due_notices').values({ key, created_at: at }).onConflict((oc) => oc.column('key').doNothing()).returning('id').executeTakeFirst()
  return row ? Number(row.id) : null
}

export const reminderKey = (reportId: number, dueDate: string) => `reminder:${reportId}:${dueDate}`
export const digestKey = (day: string) => `overdue:${day}`

export interface DueNoticesSent {
  reminders: number
  digests: number
}

/** Sends the reminders and the digest due at `now` that were not sent before; answers how many it wrote. */
export async function sendDueNotices(db: Kysely<Database>, options: { now: Date; reminderDays: number; queue: JobQueue; requestId?: string | null }): Promise<DueNoticesSent> {
  const { now, reminderDays, queue } = options
  const today = regionDay(now)
  const reports = (await openReports(db)).map((r) => ({ report: r, facts: facts(r, today) }))
  let reminders = 0
  for (const { report, facts: f } of reports) {
    if (f.days < 0 || f.days > reminderDays) continue
    if (await db.transaction().execute((trx) => remind(trx, queue, report, f, now, options.requestId ?? null))) reminders++
  }
  const overdue = reports.filter((r) => r.facts.days < 0).sort((a, b) => a.facts.days - b.facts.days || a.facts.companyName.localeCompare(b.facts.companyName, 'ru'))
  let digests = 0
  if (overdue.length > 0 && (await db.transaction().execute((trx) => digest(trx, queue, overdue.map((r) => r.facts), today, now, options.requestId ?? null)))) digests++
  return { reminders, digests }
}

async function remind(trx: Transaction<Database>, queue: JobQueue, report: OpenReport, f: DueReport, now: Date, requestId: string | null): Promise<boolean> {
  const id = await claim(trx, reminderKey(report.id, report.due_date), now)
  if (id === null) return false
  const position = -id
  const text = reminderText(f)
  const link = `/monitoring/companies/${report.company_id}/reports?year=${report.year}`
  const told = sql`told AS (
      INSERT INTO notifications (user_id, company_id, event_position, kind, title, body, link, created_at)
      SELECT u.id, ${report.company_id}, ${position}, ${text.kind}, ${text.title}, ${text.body}, ${link}, ${now}
      FROM users u WHERE u.company_id = ${report.company_id} AND u.is_active
      ON CONFLICT (event_position, user_id) DO NOTHING
    )`
  const people =
    report.area_id !== null
      ? sql`SELECT email FROM ecomon_responsibles WHERE area_id = ${report.area_id} AND year = ${report.year}`
      : sql`SELECT email FROM company_responsibles WHERE company_id = ${report.company_id} AND year = ${report.year}`
  const addresses = sql`SELECT DISTINCT lower(btrim(p.email)) AS address FROM (${people}) AS p WHERE p.email LIKE '%@%'`
  await sendNoticeLetters(trx, { position, createdAt: now }, { subject: DUE_MAIL_SUBJECTS.due_reminder, body: dueNoticeBody(text.body, link) }, addresses, told)
  await queueLettersAt(trx, queue, [position], requestId)
  return true
}

async function digest(trx: Transaction<Database>, queue: JobQueue, overdue: DueReport[], today: string, now: Date, requestId: string | null): Promise<boolean> {
  const id = await claim(trx, digestKey(today), now)
  if (id === null) return false
  const position = -id
  const text = overdueDigestText(overdue, overdue.length)
  const told = sql`told AS (
      INSERT INTO notifications (user_id, company_id, event_position, kind, title, body, link, created_at)
      SELECT u.id, NULL, ${position}, ${text.kind}, ${text.title}, ${text.body}, ${OVERDUE_LINK}, ${now}
      FROM users u WHERE u.is_active AND 'Департамент' = ANY (u.groups)
      ON CONFLICT (event_position, user_id) DO NOTHING
    )`
  const addresses = sql`SELECT DISTINCT lower(btrim(u.email)) AS address FROM users u WHERE u.is_active AND 'Департамент' = ANY (u.groups) AND u.email LIKE '%@%'`
  await sendNoticeLetters(trx, { position, createdAt: now }, { subject: DUE_MAIL_SUBJECTS.overdue_digest, body: dueNoticeBody(text.body, OVERDUE_LINK) }, addresses, told)
  await queueLettersAt(trx, queue, [position], requestId)
  return true
}
