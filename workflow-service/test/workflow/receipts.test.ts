// Receipts of submissions and decisions: what the log holds (time, who, from where, file names, sizes, SHA-256),
// and only for those who may read the company's reports.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { findReceipt } from '../../domain/src/all-streams/receipts/receipt-queries.server.ts'
import type { CurrentUser } from '../../domain/src/auth/permissions.ts'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE, type Holder } from '../../../test-support/workflow-fixtures.ts'
import { recordFileChecked } from '../../domain/src/use-cases/worker-commands.server.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1
const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex')

async function actor(username: string): Promise<CurrentUser> {
  const user = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
  return { id: user.id, username: user.username, groups: user.groups, companyId: user.company_id } as unknown as CurrentUser
}

async function greenhouseReport(h: Holder) {
  await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: YEAR, ...RESPONSIBLE } })
  return (await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })).json().id as number
}

async function upload(h: Holder, reportId: number, filename: string, content: string) {
  const body = multipartWithFiles({ report: reportId }, [{ field: 'file', filename, content }])
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers, 'x-forwarded-for': '203.0.113.7' }, payload: body.payload })
  expect(res.statusCode).toBe(201)
  return res.json().id as number
}

describe('receipts', () => {
  it('states what was received: the file name, size and the SHA-256 of the bytes, when, by whom', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await greenhouseReport(h)
    const content = 'Год;Категория\r\n2027;Транспорт\r\n'
    const fileId = await upload(h, reportId, 'Выбросы 2027.csv', content)
    const receipt = await findReceipt(t.database.db, await actor('holder1'), { fileId })
    expect(receipt).toMatchObject({
      kind: 'submission',
      person: 'Петров Сергей Николаевич',
      files: [{ name: 'Выбросы 2027.csv', size: Buffer.byteLength(content), sha256: sha256(content) }],
      report: { id: reportId, year: YEAR, reportType: 'greenhouse_gases', companyId: h.companyId, companyName: h.companyName, areaName: null },
      comment: null,
      resubmittedRound: null,
    })
    // The receipt's number and hash are those of the event in the log.
    const event = await t.database.db.selectFrom('events').select(['position', 'hash']).where('stream_id', '=', `file-${fileId}`).where('type', '=', 'FileUploaded').executeTakeFirstOrThrow()
    expect(receipt).toMatchObject({ number: Number(event.position), hash: event.hash })
    expect(await findReceipt(t.database.db, await actor('holder1'), { position: Number(event.position) })).toEqual(receipt)
  })

  it("states a decision with its comment and attachment's fingerprint, and the round a corrected upload starts", async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const reportId = await greenhouseReport(h)
    const first = await upload(h, reportId, 'Первый.csv', 'a;b\r\n')
    await recordFileChecked(t.database.db, { fileId: first, ok: false, problems: [{ reason: 'несоответствие полей' }] })
    const remarks = Buffer.from('%PDF-1.4 замечания')
    const body = multipartWithFiles({ status: 'rejected', comment: 'Исправьте категории' }, [{ field: 'files', filename: 'Замечания.pdf', content: remarks, contentType: 'application/pdf' }])
    const declined = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: { ...department.headers, ...body.headers }, payload: body.payload })
    expect(declined.statusCode).toBe(200)
    const event = await t.database.db.selectFrom('events').select('position').where('type', '=', 'ReportRejected').where('data', '@>', JSON.stringify({ reportId }) as never).executeTakeFirstOrThrow()
    const decision = await findReceipt(t.database.db, await actor('holder1'), { position: Number(event.position) })
    expect(decision).toMatchObject({
      kind: 'rejected',
      // The holder reads the deciding person's name and the Department, not a login or address (what-others-learn.test.ts).
      person: 'Соколова Анна Викторовна',
      role: 'Департамент',
      clientAddress: null,
      comment: 'Исправьте категории',
      files: [{ name: 'Замечания.pdf', size: remarks.length, sha256: sha256(remarks) }],
    })
    const corrected = await upload(h, reportId, 'Исправленный.csv', 'c;d\r\n')
    expect(await findReceipt(t.database.db, await actor('holder1'), { fileId: corrected })).toMatchObject({ kind: 'submission', resubmittedRound: 2 })
  })

  it('gives nothing to the public, to another company, or for an event that is no submission or decision', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await greenhouseReport(h)
    const fileId = await upload(h, reportId, 'x.csv', 'x\r\n')
    expect(await findReceipt(t.database.db, null, { fileId })).toBeUndefined()
    expect(await findReceipt(t.database.db, await actor('holder2'), { fileId })).toBeUndefined()
    expect(await findReceipt(t.database.db, await actor('department'), { fileId })).toMatchObject({ kind: 'submission' })
    const created = await t.database.db.selectFrom('events').select('position').where('type', '=', 'ReportCreated').executeTakeFirstOrThrow()
    expect(await findReceipt(t.database.db, await actor('department'), { position: Number(created.position) })).toBeUndefined()
    expect(await findReceipt(t.database.db, await actor('department'), { position: 2 ** 40 })).toBeUndefined()
    expect(await findReceipt(t.database.db, await actor('department'), { fileId: 2 ** 30 })).toBeUndefined()
  })
})

/** The receipt's own fields: everything but the line of what happened since. */
const ownFields = ({ since: _since, ...own }: NonNullable<Awaited<ReturnType<typeof findReceipt>>>) => JSON.stringify(own)
const SINCE_DAY = /\d{2}\.\d{2}\.\d{4}/.source

describe('receipts are copies of record', () => {
  it("keeps a file's receipt as it stood when the file was received, and tells the check and the deletion on one marked line", async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await greenhouseReport(h)
    const fileId = await upload(h, reportId, 'Копия записи.csv', 'Год;Категория\r\n2027;Энергетика\r\n')
    const issued = await findReceipt(t.database.db, await actor('holder1'), { fileId })
    expect(issued).toMatchObject({ check: { status: 'processing', title: 'Файл проверяется' }, reportStatus: 'consideration', since: null })

    await recordFileChecked(t.database.db, { fileId, ok: true, problems: [] })
    const checked = (await findReceipt(t.database.db, await actor('holder1'), { fileId }))!
    expect(ownFields(checked)).toBe(ownFields(issued!))
    expect(checked.since!.line).toMatch(new RegExp(`^После выдачи квитанции: файл прошёл проверку ${SINCE_DAY}$`))

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${fileId}`, headers: h.headers })
    expect(deleted.statusCode).toBe(204)
    const after = (await findReceipt(t.database.db, await actor('holder1'), { fileId }))!
    expect(ownFields(after)).toBe(ownFields(issued!))
    expect(after.check!.title).toBe('Файл проверяется')
    expect(after.since!.line).toMatch(new RegExp(`^После выдачи квитанции: файл удалён ${SINCE_DAY}$`))
    expect(after.since!.changes.map((c) => c.type)).toEqual(['FileDeletionRequested'])
  })

  it("keeps a decision's receipt headed «отклонён» at «Отклонён» through the resubmission, the agreement and its cancellation", async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const reportId = await greenhouseReport(h)
    const first = await upload(h, reportId, 'Первый.csv', 'Копия записи;первый\r\n')
    await recordFileChecked(t.database.db, { fileId: first, ok: true, problems: [] })
    const decide = async (status: string, comment = '') => {
      const res = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: department.headers, payload: { status, comment } })
      expect(res.statusCode, res.body).toBe(200)
    }
    await decide('rejected', 'Исправьте категории')
    const event = await t.database.db
      .selectFrom('events')
      .select('position')
      .where('type', '=', 'ReportRejected')
      .where('data', '@>', JSON.stringify({ reportId }) as never)
      .orderBy('position', 'desc')
      .executeTakeFirstOrThrow()
    const read = async () => (await findReceipt(t.database.db, await actor('holder1'), { position: Number(event.position) }))!
    const issued = await read()
    expect(issued).toMatchObject({ kind: 'rejected', reportStatus: 'rejected', comment: 'Исправьте категории', since: null })

    const corrected = await upload(h, reportId, 'Исправленный.csv', 'Копия записи;исправленный\r\n')
    const resubmitted = await read()
    expect(ownFields(resubmitted)).toBe(ownFields(issued))
    expect(resubmitted.since!.line).toMatch(new RegExp(`^После выдачи квитанции: отчёт отправлен повторно ${SINCE_DAY}$`))
    // The corrected file's own receipt stands at its resubmission: the report was back under review by that act.
    expect(await findReceipt(t.database.db, await actor('holder1'), { fileId: corrected })).toMatchObject({ reportStatus: 'consideration', resubmittedRound: expect.any(Number), since: null })

    // The report is this file's tests' one greenhouse report: every file still being checked passes, so it can be agreed.
    const checking = await t.database.db.selectFrom('import_files').select('id').where('report_id', '=', reportId).where('status', '=', 'processing').execute()
    for (const { id } of checking) await recordFileChecked(t.database.db, { fileId: id, ok: true, problems: [] })
    await decide('agreed')
    const agreed = await read()
    expect(ownFields(agreed)).toBe(ownFields(issued))
    expect(agreed.since!.line).toMatch(new RegExp(`^После выдачи квитанции: отчёт согласован ${SINCE_DAY}$`))

    await decide('consideration')
    const cancelled = await read()
    expect(ownFields(cancelled)).toBe(ownFields(issued))
    expect(cancelled.reportStatus).toBe('rejected')
    expect(cancelled.since!.line).toMatch(new RegExp(`^После выдачи квитанции: решение отменено ${SINCE_DAY}$`))
  })
})
