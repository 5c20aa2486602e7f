import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { mailSendJob, sendDueMail } from '../../test-support/system.ts'
import nodemailer from 'nodemailer'
import { confirmAddress } from '../domain/src/notifications/email-confirmations.server.ts'
import { useSmtpServer } from '../../test-support/smtp-server.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { loginAs } from '../../test-support/login.ts'
import { checkedFile, holder, multipartWithFiles, RESPONSIBLE } from '../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1

const smtp = useSmtpServer()

async function decide(headers: Record<string, string>, id: number, fields: Record<string, string>) {
  const body = multipartWithFiles(fields)
  return t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${id}/`, headers: { ...headers, ...body.headers }, payload: body.payload })
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read()
    if (done(value)) return value
    await new Promise((r) => setTimeout(r, 50))
  }
}

const outbox = () => t.database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()

/** The job that sends one letter, as a worker runs it with SMTP_URL (or without). */
const mailJob = (url: string | undefined) =>
  mailSendJob({ db: t.database.db, config: { ...t.app.config, smtpUrl: url, mailFrom: 'Портал <portal@example.ru>' }, log: { info() {}, warn() {}, error() {} } })

describe('notifications of report status changes', () => {
  let reportId = 0
  let holderHeaders: Record<string, string> = {}

  it('writes one notification per user of the company and one e-mail to the responsible person with the decision', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    holderHeaders = h.headers
    const saved = await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })
    expect(saved.statusCode).toBe(201)
    // The address is mailed once confirmed through its letter's link (mail-confirmation.test.ts tries the page).
    const asked = (await outbox()).filter((l) => l.kind === 'confirmation' && l.to_address === RESPONSIBLE.email)
    expect(asked).toHaveLength(1)
    expect(await confirmAddress(t.database.db, /confirm-email\/([\w-]{43})/.exec(asked[0].body)![1])).toBe('confirmed')
    const list = await t.app.inject({ url: `/api/v1/import-reports/?year=${YEAR}&area_name=${encodeURIComponent(h.areaName)}&report_type=program`, headers: h.headers })
    reportId = list.json().results[0].id
    // A file sent (and failed): a report with nothing sent cannot be declined.
    await checkedFile(t.app, t.database.db, h.headers, reportId, false)
    const before = await outbox()
    const department = await loginAs(t.app, 'department')
    const res = await decide(department.headers, reportId, { status: 'rejected', comment: 'Нет подписи' })
    expect(res.statusCode).toBe(200)
    const mails = (await outbox()).slice(before.length)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to_address: RESPONSIBLE.email, sent_at: null, attempts: 0 })
    // The decision's letter and the confirmation the saved person was asked have their sending jobs, written with them
    // (the statements that wrote the letters answered their ids).
    const jobsOf = async (id: number) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'mail-send' AND data->>'outboxId' = ${String(id)}`.execute(t.database.db)).rows[0].n)
    expect([await jobsOf(mails[0].id), await jobsOf(asked[0].id)]).toEqual([1, 1])
    expect(mails[0].body).toContain('отклонён')
    expect(mails[0].body).toContain('Нет подписи')
    const users = await t.database.db.selectFrom('users').select('id').where('company_id', '=', h.companyId).where('is_active', '=', true).execute()
    const told = await t.database.db.selectFrom('notifications').selectAll().where('event_position', '=', mails[0].event_position).execute()
    expect(told.map((n) => n.user_id).sort()).toEqual(users.map((u) => u.id).sort())
    expect(told[0]).toMatchObject({ kind: 'report_rejected', title: 'Отчёт отклонён', read_at: null })
  })

  it('shows the holder the notification with the unread count, and marks it read', async () => {
    const mine = await t.app.inject({ url: '/api/v1/notifications/', headers: holderHeaders })
    expect(mine.statusCode).toBe(200)
    expect(mine.json().unread).toBeGreaterThanOrEqual(1)
    expect(mine.json().results[0]).toMatchObject({ kind: 'report_rejected', title: 'Отчёт отклонён', read: null })
    const read = await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read/', headers: holderHeaders, payload: {} })
    expect(read.statusCode).toBe(200)
    const after = await t.app.inject({ url: '/api/v1/notifications/', headers: holderHeaders })
    expect(after.json().unread).toBe(0)
    const other = await loginAs(t.app, 'holder2')
    const theirs = await t.app.inject({ url: '/api/v1/notifications/', headers: other.headers })
    expect(theirs.json().results.map((n: { id: number }) => n.id)).not.toContain(mine.json().results[0].id)
    expect((await t.app.inject({ url: '/api/v1/notifications/' })).statusCode).toBe(403)
  })

  it('sends the e-mail exactly once, also when its job runs again after a restart of the worker', async () => {
    // The demo data's letters are never to be sent (demo-mail.test.ts); the others are.
    const pending = (await outbox()).filter((m) => m.sent_at === null && m.skipped_reason === null)
    expect(pending.length).toBeGreaterThan(0)
    await Promise.all(pending.map((m) => mailJob(smtp.url).handle({ outboxId: m.id })))
    await waitFor(outbox, (rows) => rows.every((m) => m.sent_at !== null || m.skipped_reason !== null))
    expect(smtp.received.filter((m) => m.to.includes(RESPONSIBLE.email))).toHaveLength(pending.filter((m) => m.to_address === RESPONSIBLE.email).length)
    const count = smtp.received.length
    // The jobs run again (the worker restarted before the queue heard they were done): nothing is left to send.
    await Promise.all(pending.map((m) => mailJob(smtp.url).handle({ outboxId: m.id })))
    const transport = nodemailer.createTransport(smtp.url)
    expect(await sendDueMail(t.database.db, transport, 'portal@example.ru')).toBe(0)
    transport.close()
    expect(smtp.received.length).toBe(count)
    const message = smtp.received.find((m) => m.to.includes(RESPONSIBLE.email))!
    expect(message.data).toMatch(/^From: .*portal@example\.ru/m)
    expect(message.data).toMatch(/Message-ID: <outbox-\d+-\d+@portal>/i)
  })

  it('keeps an e-mail the server refuses, and sends it on a later try', async () => {
    const department = await loginAs(t.app, 'department')
    expect((await decide(department.headers, reportId, { status: 'consideration', comment: '' })).statusCode).toBe(200)
    const row = (await outbox()).at(-1)!
    expect(row.sent_at).toBeNull()
    smtp.state.refuse = true
    const transport = nodemailer.createTransport(smtp.url)
    expect(await sendDueMail(t.database.db, transport, 'portal@example.ru')).toBe(0)
    const failed = await t.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
    expect(failed.attempts).toBe(1)
    expect(failed.sent_at).toBeNull()
    expect(failed.last_error).toBeTruthy()
    expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now())
    // Not due yet: nothing is tried.
    smtp.state.refuse = false
    expect(await sendDueMail(t.database.db, transport, 'portal@example.ru')).toBe(0)
    await sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE id = ${row.id}`.execute(t.database.db)
    expect(await sendDueMail(t.database.db, transport, 'portal@example.ru')).toBe(1)
    expect(await sendDueMail(t.database.db, transport, 'portal@example.ru')).toBe(0)
    transport.close()
    expect(smtp.received.at(-1)!.data).toContain('Subject:')
  })

  it('sends nothing and fails nothing without SMTP_URL', async () => {
    const department = await loginAs(t.app, 'department')
    // A report is agreed only with a checked file.
    await checkedFile(t.app, t.database.db, holderHeaders, reportId)
    expect((await decide(department.headers, reportId, { status: 'agreed', comment: '' })).statusCode).toBe(200)
    const letter = (await outbox()).at(-1)!
    await mailJob(undefined).handle({ outboxId: letter.id })
    expect((await outbox()).at(-1)).toMatchObject({ id: letter.id, sent_at: null, attempts: 0 })
  })
})
