// The conversation on a report (decisions 3711, 3712): the rules as given events → when a post → then events or a
// refusal; and through the API, every door (the list, the post, the file) for the Department, the company, another
// company and the public, the limits, a retry, the notices and the letters, the queue's filter and the replay.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { verifyProjections } from '../../domain/src/all-streams/replay/replay.server.ts'
import { refusalAnswer } from '../../domain/src/vocabulary/refusal-answers.ts'
import { reviewQueue } from '../../domain/src/use-cases/review-queue.server.ts'
import { isRefusal } from '../../domain/src/workflow/refusal.ts'
import { decideReport, foldReport, MESSAGE_MAX, type ReportCommand } from '../../domain/src/workflow/reports/report-decide.ts'
import type { ReportEvent } from '../../domain/src/workflow/reports/report-events.ts'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { checkedFile, holder, multipartWithFiles, RESPONSIBLE, uploadedFiles } from '../../../test-support/workflow-fixtures.ts'

const created: ReportEvent = { type: 'ReportCreated', data: { reportId: 7, reportType: 'program', year: 2025, areaId: 3, companyId: 1 } }
const decision = { comment: 'Комментарий', files: [] }
const FACTS = { files: ['success' as const], companyHasLicenceAreas: true, currentYear: 2026 }
const post = (text: string, extra: Partial<Extract<ReportCommand, { type: 'PostMessage' }>['data']> = {}): ReportCommand => ({
  type: 'PostMessage',
  data: { side: 'holder', text, files: [], key: null, ...extra },
})
const pdf = { id: '0b4c7a52-6f0e-4d3c-9a51-1f2e3d4c5b6a', name: 'Вопрос.pdf', size: 10, contentType: 'application/pdf' }

describe('a message of a report’s conversation, decided', () => {
  const GIVEN: Record<string, ReportEvent[]> = {
    'under consideration': [created],
    agreed: [created, { type: 'ReportAgreed', data: { reportId: 7, ...decision } }],
    declined: [created, { type: 'ReportRejected', data: { reportId: 7, ...decision } }],
  }
  for (const [status, events] of Object.entries(GIVEN)) {
    it(`is recorded on a report ${status}, trimmed, and leaves its status alone`, () => {
      const decided = decideReport(foldReport(events), post('  Когда будет решение?  '), FACTS)
      expect(decided).toEqual([{ type: 'ReportMessagePosted', data: { reportId: 7, side: 'holder', text: 'Когда будет решение?', files: [], key: null } }])
      const after = foldReport([...events, ...(decided as ReportEvent[])])
      expect(after.status).toBe(foldReport(events).status)
      expect(after.version).toBe(events.length + 1)
    })
  }

  it('is refused on a report that does not exist (404)', () => {
    const decided = decideReport(foldReport([]), post('Вопрос'), FACTS)
    expect(isRefusal(decided) && refusalAnswer(decided).status).toBe(404)
  })

  it('refuses an empty text, a text over the limit, too many files and a program disguised as a document, naming the field (400)', () => {
    const state = foldReport([created])
    const cases: Array<[ReportCommand, Partial<ReturnType<typeof refusalAnswer>>, object?]> = [
      [post('   '), { status: 400, parameter: 'text' }],
      [post('я'.repeat(MESSAGE_MAX + 1)), { status: 400, parameter: 'text' }],
      [post('Файлы', { files: Array.from({ length: 11 }, (_, i) => ({ ...pdf, id: `${pdf.id.slice(0, -1)}${i % 10}` })) }), { status: 400, parameter: 'files' }],
      [post('Файл', { files: [pdf] }), { status: 400, parameter: 'files' }, { attachments: ['executable'] }],
    ]
    for (const [command, answer, facts] of cases) {
      const decided = decideReport(state, command, { ...FACTS, ...facts })
      expect(isRefusal(decided) ? refusalAnswer(decided) : decided).toMatchObject(answer)
    }
    expect(decideReport(state, post('я'.repeat(MESSAGE_MAX)), FACTS)).toHaveLength(1)
  })

  it('records a post once: the same key again records nothing', () => {
    const first = decideReport(foldReport([created]), post('Вопрос', { key: 'form-1' }), FACTS) as ReportEvent[]
    const state = foldReport([created, ...first])
    expect(state.messageKeys).toEqual(['form-1'])
    expect(decideReport(state, post('Вопрос', { key: 'form-1' }), FACTS)).toEqual([])
    expect(decideReport(state, post('Вопрос', { key: 'form-2' }), FACTS)).toHaveLength(1)
  })
})

const t = useTestApp({ MAX_UPLOAD_MB: '1' })
const YEAR = new Date().getFullYear() + 1

async function areaReport(headers: Record<string, string>, areaName: string) {
  const res = await t.app.inject({ url: `/api/v1/import-reports/?year=${YEAR}&area_name=${encodeURIComponent(areaName)}&report_type=program`, headers })
  expect(res.statusCode).toBe(200)
  return res.json().results[0] as { id: number }
}

function send(headers: Record<string, string>, reportId: number, text: string, files: Parameters<typeof multipartWithFiles>[1] = [], more: Record<string, string> = {}) {
  const body = multipartWithFiles({ text }, files)
  return t.app.inject({ method: 'POST', url: `/api/v1/import-reports/${reportId}/messages/`, headers: { ...headers, ...body.headers, ...more }, payload: body.payload })
}

const messagesOf = (headers: Record<string, string>, reportId: number) => t.app.inject({ url: `/api/v1/import-reports/${reportId}/messages/`, headers })

describe('the conversation on a report, through the API', () => {
  it('lets the company ask with a file and the Department answer; each reads both, nobody else reads either', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const other = await holder(t.app, t.database.db, 'holder2')
    const department = await loginAs(t.app, 'department')
    await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })
    await sql`INSERT INTO email_confirmations (address, confirmed_at) VALUES (${RESPONSIBLE.email}, now()) ON CONFLICT (address) DO UPDATE SET confirmed_at = now()`.execute(t.database.db)
    const report = await areaReport(h.headers, h.areaName)

    const asked = await send(h.headers, report.id, 'Какой формат протокола нужен?', [{ field: 'files', filename: 'Протокол.pdf', content: '%PDF-1.4 протокол', contentType: 'application/pdf' }])
    expect(asked.statusCode).toBe(201)
    expect(asked.json()).toMatchObject({ side: 'holder', text: 'Какой формат протокола нужен?', author: expect.any(String), files: [{ name: 'Протокол.pdf', size: Buffer.byteLength('%PDF-1.4 протокол') }] })
    const file = asked.json().files[0].file as string

    // The Department is told, in the portal, with a link to the conversation.
    const told = await t.app.inject({ url: '/api/v1/notifications/?limit=100', headers: department.headers })
    expect(told.json().results[0]).toMatchObject({ kind: 'department_message', title: 'Новое сообщение по отчёту', link: `/monitoring/companies/${h.companyId}/reports/${report.id}/messages` })
    // The queue shows the report as waiting for the Department's answer, and its filter keeps it.
    await checkedFile(t.app, t.database.db, h.headers, report.id)
    const waiting = await reviewQueue(t.database.db, { status: 'consideration', search: '', sort: 'oldest', limit: 1000, unanswered: true })
    expect(waiting.results.map((r) => [r.reportId, r.awaitsAnswer])).toEqual([[report.id, true]])

    const before = await t.database.db.selectFrom('mail_outbox').select('id').execute()
    const answered = await send(department.headers, report.id, 'PDF с подписью лаборатории.')
    expect(answered.statusCode).toBe(201)
    expect(answered.json()).toMatchObject({ side: 'department' })
    // The company's users are told in the portal (with the text), the confirmed address by a letter without it.
    const holderTold = await t.app.inject({ url: '/api/v1/notifications/?limit=100', headers: h.headers })
    expect(holderTold.json().results[0]).toMatchObject({ kind: 'report_message', title: 'Новое сообщение Департамента', link: `/monitoring/companies/${h.companyId}/reports/${report.id}/messages` })
    expect(holderTold.json().results[0].body).toContain('PDF с подписью лаборатории.')
    const letters = await t.database.db.selectFrom('mail_outbox').selectAll().where('id', 'not in', before.length ? before.map((b) => b.id) : [0]).execute()
    expect(letters.map((l) => [l.to_address, l.subject])).toEqual([[RESPONSIBLE.email, 'Портал экологического мониторинга ЯНАО: новое сообщение по отчёту']])
    expect(letters[0].body).not.toContain('PDF с подписью')
    // Answered: the queue's filter no longer keeps it.
    expect((await reviewQueue(t.database.db, { status: 'consideration', search: '', sort: 'oldest', limit: 1000, unanswered: true })).results).toEqual([])

    for (const headers of [h.headers, department.headers]) {
      const read = await messagesOf(headers, report.id)
      expect(read.statusCode).toBe(200)
      expect(read.json().results.map((m: { side: string }) => m.side)).toEqual(['holder', 'department'])
      const download = await t.app.inject({ url: file, headers })
      expect([download.statusCode, download.body]).toEqual([200, '%PDF-1.4 протокол'])
    }
    // Another company's user and the public: the report, its conversation and its file are not there.
    for (const headers of [other.headers, {}]) {
      expect((await messagesOf(headers, report.id)).statusCode).toBe(404)
      expect((await t.app.inject({ url: file, headers })).statusCode).toBe(404)
    }
    expect((await send(other.headers, report.id, 'Чужой вопрос')).statusCode).toBe(404)
    expect((await send(other.headers, report.id, 'Чужой вопрос', [{ field: 'files', filename: 'a.pdf', content: '%PDF-1.4 a', contentType: 'application/pdf' }])).statusCode).toBe(404)

    // The history and the audit show the messages under their one label; the replay folds them.
    const history = await t.database.db.selectFrom('report_history').select('event').where('report_id', '=', report.id).where('event', '=', 'message').execute()
    expect(history).toHaveLength(2)
    const audit = await t.app.inject({ url: `/api/v1/report-audit/?company=${h.companyId}&event=message`, headers: department.headers })
    expect(audit.statusCode).toBe(200)
    expect(audit.json().results.map((e: { event_display?: string; comment?: string }) => e.comment)).toEqual(['PDF с подписью лаборатории.', 'Какой формат протокола нужен?'])
    // The as-of view's list of changes names each message and its text.
    // Days of the region (UTC+5): today, and the day before as the window's start, whatever the hour of the run.
    const regionDay = (offsetDays: number) => new Date(Date.now() + 5 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10)
    const asOf = await t.app.inject({ url: `/api/v1/report-as-of/?company=${h.companyId}&date=${regionDay(0)}&from=${regionDay(-1)}&to=${regionDay(0)}`, headers: department.headers })
    expect(asOf.statusCode).toBe(200)
    expect(asOf.json().changes.filter((c: { type: string }) => c.type === 'ReportMessagePosted').map((c: { label: string; comment: string }) => [c.label, c.comment])).toEqual(
      expect.arrayContaining([
        ['Сообщение по отчёту', 'Какой формат протокола нужен?'],
        ['Сообщение по отчёту', 'PDF с подписью лаборатории.'],
      ]),
    )
    // Each message has its receipt, for the company and the Department only.
    const actor = async (username: string) => {
      const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
      return { id: row.id, username: row.username, groups: row.groups as never, companyId: row.company_id }
    }
    const receiptFor = async (username: string) => t.app.useCases.workflow.receipt({ actor: await actor(username), clientAddress: '127.0.0.1', requestId: 'test' }, { position: asked.json().id })
    const receipt = await receiptFor('holder1')
    expect(receipt.ok && receipt.value).toMatchObject({ kind: 'message', comment: 'Какой формат протокола нужен?', files: [{ name: 'Протокол.pdf' }], clientAddress: '127.0.0.1' })
    expect(await receiptFor('holder2')).toMatchObject({ ok: false, refusal: { reason: 'receipt-not-found' } })
    expect((await verifyProjections(t.database.db)).differences).toEqual([])
  })

  it('refuses an empty text, NUL, a text over the limit, a file over the limit and a program, and registers a retry once', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })
    const report = await areaReport(h.headers, h.areaName)
    const stored = uploadedFiles(t.app.config.storageDir).length
    const refusals = [
      await send(h.headers, report.id, ''),
      await send(h.headers, report.id, 'Вопрос\u0000'),
      await send(h.headers, report.id, 'я'.repeat(MESSAGE_MAX + 1)),
      await send(h.headers, report.id, 'Файл', [{ field: 'files', filename: 'setup.pdf', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), contentType: 'application/pdf' }]),
    ]
    expect(refusals.map((r) => [r.statusCode, r.json().detail.split(':')[0]])).toEqual([
      [400, 'text'],
      [400, 'text'],
      [400, 'text'],
      [400, 'Файл «setup.pdf» — исполняемая программа, такие файлы не принимаются.'],
    ])
    const big = await send(h.headers, report.id, 'Большой файл', [{ field: 'files', filename: 'big.pdf', content: Buffer.alloc(1024 * 1024 + 10, 0x25), contentType: 'application/pdf' }])
    expect(big.statusCode).toBe(413)
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/import-reports/999999/messages/`, headers: h.headers, payload: { text: 'Вопрос' } })).statusCode).toBe(404)
    expect(uploadedFiles(t.app.config.storageDir)).toHaveLength(stored)

    const key = { 'idempotency-key': 'message-retry-1' }
    const file = [{ field: 'files', filename: 'Вопрос.pdf', content: '%PDF-1.4 вопрос', contentType: 'application/pdf' }]
    const first = await send(h.headers, report.id, 'Один вопрос', file, key)
    const again = await send(h.headers, report.id, 'Один вопрос', file, key)
    expect([first.statusCode, again.statusCode]).toEqual([201, 200])
    expect(again.json().id).toBe(first.json().id)
    expect((await messagesOf(h.headers, report.id)).json().results).toHaveLength(1)
    // The retry's copy of the file is removed: only the first post's is kept.
    expect(uploadedFiles(t.app.config.storageDir)).toHaveLength(stored + 1)
  })
})
