// The demo data's e-mails to made-up people never leave, even when the portal runs with SMTP_URL: the seed keeps
// them in the outbox with a reason and the sender skips them, while a real decision's letter is still sent.
import nodemailer from 'nodemailer'
import { describe, expect, it } from 'vitest'
import { DEMO_MAIL_REASON } from '../server/src/seed/demo-mail.server.ts'
import { useSmtpServer } from '../../test-support/smtp-server.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { loginAs } from '../../test-support/login.ts'
import { checkedFile, holder, multipartWithFiles, RESPONSIBLE } from '../../test-support/workflow-fixtures.ts'
import { sendDueMail } from '../../test-support/system.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1

const smtp = useSmtpServer()

const outbox = () => t.database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()

describe('demo data and e-mail', () => {
  it('keeps every letter of the demo data in the outbox, marked never to be sent', async () => {
    const rows = await outbox()
    expect(rows.length, 'the demo workflow writes letters').toBeGreaterThan(0)
    expect(rows.every((r) => r.sent_at === null && r.skipped_reason === DEMO_MAIL_REASON)).toBe(true)
  })

  it('sends none of them through a real SMTP server, and does send a letter of a later decision', async () => {
    const transport = nodemailer.createTransport(smtp.url)
    expect(await sendDueMail(t.database.db, transport, 'portal@example.ru')).toBe(0)
    expect(smtp.received.map((m) => m.to)).toEqual([])

    const h = await holder(t.app, t.database.db, 'holder1')
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })).statusCode).toBe(201)
    const list = await t.app.inject({ url: `/api/v1/import-reports/?year=${YEAR}&area_name=${encodeURIComponent(h.areaName)}&report_type=program`, headers: h.headers })
    // A file sent (and failed): a report with nothing sent cannot be declined.
    await checkedFile(t.app, t.database.db, h.headers, list.json().results[0].id, false)
    const department = await loginAs(t.app, 'department')
    const body = multipartWithFiles({ status: 'rejected', comment: 'Нет подписи' })
    const decided = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${list.json().results[0].id}/`, headers: { ...department.headers, ...body.headers }, payload: body.payload })
    expect(decided.statusCode).toBe(200)

    expect(await sendDueMail(t.database.db, transport, 'portal@example.ru')).toBe(1)
    transport.close()
    expect(smtp.received.map((m) => m.to)).toEqual([[RESPONSIBLE.email]])
    const demo = (await outbox()).filter((r) => r.skipped_reason !== null)
    expect(demo.every((r) => r.sent_at === null)).toBe(true)
  })
})
