// The due-date notices (decision 3603): a report still to be sent gets one reminder DUE_REMINDER_DAYS before its due
// date (a notice to its company's users, a letter to its responsible person once the address is confirmed), the
// Department one digest a day of what is overdue; each once, under retries and two runs at once (that the workers ask
// for them by themselves: workers/test/due-notices-schedule.test.ts).
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { CurrentUser } from '../domain/src/auth/permissions.ts'
import { addReferenceEntry } from '../domain/src/admin/reference/reference-commands.server.ts'
import { writeNotices } from '../domain/src/notifications/notice-writer.server.ts'
import { digestKey, reminderKey, sendDueNotices } from '../domain/src/notifications/due-notices.server.ts'
import { Refused } from '../domain/src/workflow/refusal.ts'
import { defaultDueDate, regionDay } from '../domain/src/workflow/reports/due-dates.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { checkedFile, holder, RESPONSIBLE } from '../../test-support/workflow-fixtures.ts'

const t = useTestApp()
/** The latest reporting year a holder may file for: next year. */
const YEAR = Number(regionDay(new Date()).slice(0, 4)) + 1
const ADDRESS = RESPONSIBLE.email
const DEPARTMENT_ADDRESS = 'due-digest@dprr.example.ru'

/** Noon in the region (UTC+5) of a day some days from another (ГГГГ-ММ-ДД). */
const dayFrom = (day: string, days: number) => new Date(Date.parse(`${day}T07:00:00Z`) + days * 86_400_000)

async function confirmed(address: string) {
  await sql`INSERT INTO email_confirmations (address, confirmed_at) VALUES (${address}, now()) ON CONFLICT (address) DO UPDATE SET confirmed_at = now()`.execute(t.database.db)
}

/** A company-level greenhouse report of a year, with its responsible person: nothing sent yet. */
async function greenhouseReport(year: number, username: 'holder1' | 'holder2' = 'holder1') {
  const h = await holder(t.app, t.database.db, username)
  const saved = await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year, ...RESPONSIBLE } })
  // 409: saved before (a report asked for again).
  expect([200, 201, 409], saved.body).toContain(saved.statusCode)
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year, report_type: 'greenhouse_gases' } })
  const reportId = created.statusCode === 201 ? (created.json().id as number) : (await t.database.db.selectFrom('import_reports').select('id').where('company_id', '=', h.companyId).where('year', '=', year).where('report_type', '=', 'greenhouse_gases').executeTakeFirstOrThrow()).id
  return { h, reportId }
}

const noticesOf = (kind: string, position?: number) => {
  let q = t.database.db.selectFrom('notifications').selectAll().where('kind', '=', kind)
  if (position !== undefined) q = q.where('event_position', '=', position)
  return q.orderBy('id').execute()
}

async function noticeId(key: string): Promise<number | null> {
  const row = await t.database.db.selectFrom('due_notices').select('id').where('key', '=', key).executeTakeFirst()
  return row ? Number(row.id) : null
}

describe('reminders of due dates and the overdue digest', () => {
  it('reminds the holder once, in the portal and by mail, a declared number of days before the due date', async () => {
    const year = YEAR
    const { h, reportId } = await greenhouseReport(year)
    await confirmed(ADDRESS)
    const due = defaultDueDate('greenhouse_gases', year)

    // Too early: 20 days before, with reminders 14 days ahead, nothing.
    await sendDueNotices(t.database.db, { now: dayFrom(due, -20), reminderDays: 14, queue: t.queue })
    expect(await noticeId(reminderKey(reportId, due))).toBeNull()

    // 14 days before: one notice for each active user of the company, one letter to the confirmed address; retried
    // and run twice at once, still one.
    const now = dayFrom(due, -14)
    await Promise.all([
      sendDueNotices(t.database.db, { now, reminderDays: 14, queue: t.queue }),
      sendDueNotices(t.database.db, { now, reminderDays: 14, queue: t.queue }),
    ])
    await sendDueNotices(t.database.db, { now: dayFrom(due, -13), reminderDays: 14, queue: t.queue })
    const id = await noticeId(reminderKey(reportId, due))
    expect(id).not.toBeNull()
    const notices = await noticesOf('due_reminder', -id!)
    const users = await t.database.db.selectFrom('users').select('id').where('company_id', '=', h.companyId).where('is_active', '=', true).execute()
    expect(notices.map((n) => n.user_id).sort()).toEqual(users.map((u) => u.id).sort())
    expect(notices[0].title).toBe(`Срок сдачи отчёта 31.03.${year + 1}`)
    expect(notices[0].body).toContain(`Парниковые газы за ${year} год: срок сдачи 31.03.${year + 1}, осталось 14 дн.`)
    expect(notices[0].company_id).toBe(h.companyId)
    const letters = await t.database.db.selectFrom('mail_outbox').selectAll().where('event_position', '=', -id!).execute()
    expect(letters).toHaveLength(1)
    expect(letters[0]).toMatchObject({ to_address: ADDRESS, kind: 'notice', subject: 'Портал экологического мониторинга ЯНАО: приближается срок сдачи отчёта' })
    // The letter has its sending job, written with it.
    const { rows: jobs } = await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'mail-send' AND data->>'outboxId' = ${String(letters[0].id)}`.execute(t.database.db)
    expect(Number(jobs[0].n)).toBe(1)

    // The holder sees it among its notifications.
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/notifications/', headers: h.headers })
    expect(list.json().results.map((n: { title: string }) => n.title)).toContain(`Срок сдачи отчёта 31.03.${year + 1}`)
  })

  it('does not remind of a report already sent to the Department', async () => {
    const year = YEAR
    const { h, reportId } = await greenhouseReport(year, 'holder2')
    await checkedFile(t.app, t.database.db, h.headers, reportId, true)
    const due = defaultDueDate('greenhouse_gases', year)
    await sendDueNotices(t.database.db, { now: dayFrom(due, -3), reminderDays: 14, queue: t.queue })
    expect(await noticeId(reminderKey(reportId, due))).toBeNull()
  })

  it('gives the Department one digest a day of the overdue reports, by mail too, and no reminder once a report is late', async () => {
    // The first test's report, not sent, now past its due date.
    const year = YEAR
    const { h } = await greenhouseReport(year)
    const department = await t.database.db.selectFrom('users').select('id').where('username', '=', 'department').executeTakeFirstOrThrow()
    await t.database.db.updateTable('users').set({ email: DEPARTMENT_ADDRESS }).where('id', '=', department.id).execute()
    await confirmed(DEPARTMENT_ADDRESS)
    const due = defaultDueDate('greenhouse_gases', year)
    const now = dayFrom(due, 3)
    const reminders = () => t.database.db.selectFrom('due_notices').select('key').where('key', 'like', 'reminder:%').execute()
    const before = await reminders()
    await Promise.all([
      sendDueNotices(t.database.db, { now, reminderDays: 14, queue: t.queue }),
      sendDueNotices(t.database.db, { now, reminderDays: 14, queue: t.queue }),
    ])
    await sendDueNotices(t.database.db, { now: new Date(now.getTime() + 3_600_000), reminderDays: 14, queue: t.queue })
    expect(await reminders()).toEqual(before)
    const id = await noticeId(digestKey(regionDay(now)))
    expect(id).not.toBeNull()
    const digests = await noticesOf('overdue_digest', -id!)
    const departmentUsers = await t.database.db.selectFrom('users').select('id').where('is_active', '=', true).where(sql<boolean>`'Департамент' = ANY (groups)`).execute()
    expect(digests.map((n) => n.user_id).sort()).toEqual(departmentUsers.map((u) => u.id).sort())
    expect(digests[0].title).toMatch(/^Просроченные отчёты: \d+$/)
    expect(digests[0].link).toBe('/monitoring/board?due=overdue')
    expect(digests[0].company_id).toBeNull()
    const letters = await t.database.db.selectFrom('mail_outbox').selectAll().where('event_position', '=', -id!).execute()
    expect(letters.map((l) => l.to_address)).toEqual([DEPARTMENT_ADDRESS])
    expect(letters[0].subject).toBe('Портал экологического мониторинга ЯНАО: просроченные отчёты')
    // The holder is not shown the Department's digest.
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/notifications/', headers: h.headers })
    expect(list.json().results.map((n: { kind: string }) => n.kind)).not.toContain('overdue_digest')

    // The next day is another digest.
    await sendDueNotices(t.database.db, { now: dayFrom(due, 4), reminderDays: 14, queue: t.queue })
    expect(await noticeId(digestKey(regionDay(dayFrom(due, 4))))).not.toBeNull()
  })
})
