// The same file twice in one report: refused at the upload, naming the earlier file and its day, with nothing stored
// and no event; a retry with the upload's Idempotency-Key still answers the first upload.
import { describe, expect, it } from 'vitest'
import { formatDateTime } from '../../domain/src/text/region-dates.ts'
import { recordFileChecked } from '../../domain/src/use-cases/worker-commands.server.ts'
import { newStorageKey, storeFile } from '../../domain/src/workflow/storage/file-storage.server.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { holder, type Holder, multipartWithFiles, RESPONSIBLE, uploadedFiles } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear()
const BYTES = 'Пункт наблюдения (номенклатура);Год;Показатель\r\nПН-1-01;2026;Диоксид азота (NO2)\r\n'

async function reportOf(h: Holder, type = 'observation_results'): Promise<number> {
  await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { area: h.areaId, year: YEAR, report_type: type } })
  return res.json().id as number
}

function upload(h: Holder, reportId: number, filename: string, content: string, key?: string) {
  const body = multipartWithFiles({ report: reportId }, [{ field: 'file', filename, content }])
  return t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers, ...(key ? { 'idempotency-key': key } : {}) }, payload: body.payload })
}

const filesOf = (reportId: number) => t.database.db.selectFrom('import_files').select(['id', 'name', 'status']).where('report_id', '=', reportId).orderBy('id').execute()
const eventCount = async () => Number((await t.database.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

describe('a file uploaded twice to one report', () => {
  it('refuses the same bytes again, and a copy under another name, with 409 naming the earlier file and its day, storing nothing', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await reportOf(h)
    const first = await upload(h, reportId, 'наблюдения-воздух-2026.csv', BYTES)
    expect(first.statusCode).toBe(201)
    const day = formatDateTime(first.json().created ?? new Date()).slice(0, 10)
    expect(day).toMatch(/^\d{2}\.\d{2}\.\d{4}$/)
    const stored = uploadedFiles(t.app.config.storageDir).length
    const events = await eventCount()
    for (const name of ['наблюдения-воздух-2026.csv', 'копия.csv']) {
      const again = await upload(h, reportId, name, BYTES)
      expect(again.statusCode, name).toBe(409)
      expect(again.json()).toMatchObject({ parameter: 'file', detail: `Этот файл уже загружен ${day} как «наблюдения-воздух-2026.csv».` })
    }
    expect(await filesOf(reportId)).toHaveLength(1)
    expect(uploadedFiles(t.app.config.storageDir)).toHaveLength(stored)
    expect(await eventCount()).toBe(events)
  })

  it('refuses the same bytes in a later round of a declined report', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const reportId = await reportOf(h)
    const content = `${BYTES}ПН-1-02;2026;Фенолы\r\n`
    const first = await upload(h, reportId, 'Раунд-1.csv', content)
    await recordFileChecked(t.database.db, { fileId: first.json().id, ok: true, problems: [] })
    const { headers } = await import('../../../test-support/login.ts').then((m) => m.loginAs(t.app, 'department'))
    const declined = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers, payload: { status: 'rejected', comment: 'Исправьте' } })
    expect(declined.statusCode).toBe(200)
    const again = await upload(h, reportId, 'Раунд-2.csv', content)
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toMatch(/^Этот файл уже загружен \d{2}\.\d{2}\.\d{4} как «Раунд-1\.csv»\.$/)
    // Nothing was resubmitted: the report is still declined.
    const report = await t.app.inject({ url: `/api/v1/import-reports/${reportId}/`, headers })
    expect(report.json().status).toBe('rejected')
  })

  it('answers a retry with the first upload’s Idempotency-Key as the first answer, not as a duplicate', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await reportOf(h, 'program')
    // A programme is a document: its section takes PDF, DOC, DOCX, XLS, XLSX or ZIP (decision 2671).
    const content = '%PDF-1.4\n% Программа 2026\n'
    const first = await upload(h, reportId, 'Программа.pdf', content, 'duplicate-retry-1')
    expect(first.statusCode).toBe(201)
    const retry = await upload(h, reportId, 'Программа.pdf', content, 'duplicate-retry-1')
    expect(retry.statusCode).toBe(201)
    expect(retry.json()).toEqual(first.json())
    // The same bytes with a new key are a second upload of the same file: refused.
    expect((await upload(h, reportId, 'Программа.pdf', content, 'duplicate-retry-2')).statusCode).toBe(409)
    expect(await filesOf(reportId)).toHaveLength(1)
  })

  it('takes the same bytes again once the earlier file failed its check, and in another report', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await reportOf(h, 'final_report')
    const content = '%PDF-1.4\n%итоговый отчёт'
    const first = await upload(h, reportId, 'Итоговый.pdf', content)
    await recordFileChecked(t.database.db, { fileId: first.json().id, ok: false, problems: [{ reason: 'файл не удалось проверить (повторные попытки исчерпаны): загрузите его ещё раз' }] })
    expect((await upload(h, reportId, 'Итоговый.pdf', content)).statusCode).toBe(201)
    const programme = await reportOf(h, 'program')
    expect((await upload(h, programme, 'Итоговый.pdf', content)).statusCode).toBe(201)
  })

  it('refuses one of two uploads of the same bytes sent at once', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const reportId = await reportOf(h, 'program')
    const content = '%PDF-1.4\n% Программа, одновременно\n'
    const answers = await Promise.all([upload(h, reportId, 'А.pdf', content), upload(h, reportId, 'Б.pdf', content)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
    expect(await filesOf(reportId)).toHaveLength(1)
  })

  it('refuses at the use-case an upload that does not say the SHA-256 of its bytes: no door registers a file unchecked for repeats', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const reportId = await reportOf(h, 'final_report')
    const content = '%PDF-1.4\n%без отпечатка'
    expect((await upload(h, reportId, 'Отчёт.pdf', content)).statusCode).toBe(201)
    // The same bytes stored as a page stores them, handed to the use-case without their fingerprint.
    const storageKey = newStorageKey()
    const { size } = await storeFile(t.app.config.storageDir, storageKey, Buffer.from(content))
    const user = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', 'holder2').executeTakeFirstOrThrow()
    const actor = { id: user.id, username: user.username, groups: user.groups as never, companyId: user.company_id }
    const outcome = await t.app.useCases.workflow.uploadToSection({ actor, clientAddress: '127.0.0.1', requestId: 'no-sha256' }, {
      report: reportId,
      description: '',
      ecomonResponsible: null,
      companyResponsible: null,
      upload: { storageKey, name: 'Копия.pdf', size, contentType: 'application/pdf' } as never,
    })
    expect(outcome).toEqual({ ok: false, refusal: { reason: 'invalid-input', parameter: 'upload', detail: 'upload: обязательный параметр' } })
    expect(await filesOf(reportId)).toHaveLength(1)
  })
})
