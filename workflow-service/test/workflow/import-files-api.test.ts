import { JOBS } from '../../domain/src/ports/jobs.ts'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { recordFileChecked, recordFileDeleted } from '../../domain/src/use-cases/worker-commands.server.ts'
import { storedFilePath } from '../../domain/src/workflow/storage/file-storage.server.ts'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE, type Holder, uploadedFiles } from '../../../test-support/workflow-fixtures.ts'

// A small limit, so the refusal of a too-large upload is tested without writing hundreds of megabytes.
const t = useTestApp({ MAX_UPLOAD_MB: '1' })
const YEAR = new Date().getFullYear() + 1

const storedFiles = () => uploadedFiles(t.app.config.storageDir)

/** The area's observation results of the year: a data report, whose section takes the CSV files these tests send. */
async function setUp(h: Holder, year = YEAR) {
  await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year, ...RESPONSIBLE } })
  // Answers the report if it exists already.
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { area: h.areaId, year, report_type: 'observation_results' } })
  return created.json().id as number
}

let uploads = 0
// Bytes of their own for each upload unless a test gives them: the same bytes twice in one report are refused.
async function upload(headers: Record<string, string>, fields: Record<string, string | number>, filename = 'Программа мониторинга 2032.csv', content: string | Buffer = `Показатель;Значение\r\nNO2;0.1\r\n${'\r\n'.repeat(uploads++)}`) {
  const body = multipartWithFiles(fields, [{ field: 'file', filename, content }])
  return t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...headers, ...body.headers }, payload: body.payload })
}

async function jobs(name: string, fileId: number) {
  const { rows } = await sql<{ singleton_key: string }>`SELECT singleton_key FROM pgboss.job WHERE name = ${name} AND (data->>'fileId')::int = ${fileId}`.execute(t.database.db)
  return rows
}

describe('import files API', () => {
  it('stores an upload under an id, in processing, with its check job, and sends the original name back on download', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await setUp(h)
    const res = await upload(h.headers, { report: reportId, description: 'Программа' }, undefined, 'Показатель;Значение\r\nNO2;0.1\r\n')
    expect(res.statusCode).toBe(201)
    const file = res.json()
    expect(file).toMatchObject({ status: 'processing', name: 'Программа мониторинга 2032.csv', description: 'Программа', report: { id: reportId }, error: null })
    expect(await jobs(JOBS.fileCheck, file.id)).toEqual([{ singleton_key: `${JOBS.fileCheck}:${file.id}` }])

    const row = await t.database.db.selectFrom('import_files').select('storage_key').where('id', '=', file.id).executeTakeFirst()
    const stored = row ? storedFilePath(t.app.config.storageDir, row.storage_key) : null
    expect(stored && path.basename(stored)).toMatch(/^[0-9a-f-]{36}$/)
    expect(readFileSync(stored!, 'utf8')).toBe('Показатель;Значение\r\nNO2;0.1\r\n')

    const download = await t.app.inject({ url: file.file, headers: h.headers })
    expect(download.statusCode).toBe(200)
    expect(download.body).toBe('Показатель;Значение\r\nNO2;0.1\r\n')
    const disposition = String(download.headers['content-disposition'])
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+ 2032\.csv"; /)
    expect(disposition.endsWith(`filename*=UTF-8''${encodeURIComponent('Программа мониторинга 2032.csv')}`)).toBe(true)
  })

  it('never lets a sent file name reach the storage path', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await setUp(h)
    const before = storedFiles().length
    const res = await upload(h.headers, { report: reportId }, '../../../../etc/passwd.csv', 'x')
    expect(res.statusCode).toBe(201)
    expect(res.json().name).toBe('passwd.csv')
    const after = storedFiles()
    expect(after.length).toBe(before + 1)
    expect(after.every((f) => f.startsWith(t.app.config.storageDir) && /[0-9a-f-]{36}$/.test(f))).toBe(true)
  })

  it('refuses a file over the limit with 413 and the size message, leaving nothing behind', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await setUp(h)
    const before = storedFiles().length
    const events = await t.database.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const res = await upload(h.headers, { report: reportId }, 'big.csv', Buffer.alloc(1024 * 1024 + 10, 'a'))
    expect(res.statusCode).toBe(413)
    expect(res.json().detail).toBe('Максимальный размер загружаемого файла 1 Мб')
    expect(storedFiles().length).toBe(before)
    const eventsAfter = await t.database.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(eventsAfter.n).toBe(events.n)
  })

  it('refuses an upload, a check and a decision with files by who may read no reports with 403 before reading their bytes', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await setUp(h)
    const admin = await loginAs(t.app, 'admin')
    const before = storedFiles().length
    // Over the upload limit: a route that read the bytes first would answer 413, not 403.
    const sent = (url: string, method: 'POST' | 'PUT', fields: Record<string, string | number>, field: string) => {
      const body = multipartWithFiles(fields, [{ field, filename: 'Данные.csv', content: Buffer.alloc(1024 * 1024 + 10, 'a') }])
      return t.app.inject({ method, url, headers: { ...admin.headers, ...body.headers }, payload: body.payload })
    }
    for (const res of [
      await sent('/api/v1/import-files/', 'POST', { report: reportId }, 'file'),
      await sent('/api/v1/import-files/precheck/', 'POST', { area: h.areaId, year: YEAR, report_type: 'observation_results' }, 'file'),
      await sent(`/api/v1/import-reports/${reportId}/`, 'PUT', { status: 'agreed' }, 'files'),
    ]) {
      expect([res.statusCode, res.json().detail]).toEqual([403, 'У вас недостаточно прав для выполнения данного действия.'])
    }
    expect(storedFiles().length).toBe(before)
  })

  it('refuses an upload without a responsible person with the spec message', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { company: h.companyId, year: YEAR, report_type: 'greenhouse_gases' } })
    const before = storedFiles().length
    const res = await upload(h.headers, { report: created.json().id })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ detail: 'Внесите данные ответственного лица', parameter: 'company_responsible' })
    expect(storedFiles().length).toBe(before)
  })

  it('answers 400 naming the parameter for a missing report or file', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    expect((await upload(h.headers, {})).json().parameter).toBe('report')
    expect((await upload(h.headers, { report: 'abc' })).json().parameter).toBe('report')
    expect((await upload(h.headers, { report: 999999 })).json().parameter).toBe('report')
    const noFile = multipartWithFiles({ report: 1 })
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...noFile.headers }, payload: noFile.payload })
    expect(res.json().parameter).toBe('file')
  })

  it('moves a file on through the worker commands, once each, with its problems kept', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await setUp(h)
    const file = (await upload(h.headers, { report: reportId })).json()
    const problems = [
      { row: 2, column: 'Значение', value: 'abc', reason: 'значение не является числом' },
      { row: 3, column: 'Значение', value: '', reason: 'обязательное поле' },
    ]
    expect(await recordFileChecked(t.database.db, { fileId: file.id, ok: false, problems })).toBe(true)
    expect(await recordFileChecked(t.database.db, { fileId: file.id, ok: true, problems: [] })).toBe(false)
    const listed = await t.app.inject({ url: `/api/v1/import-files/?year=${YEAR}&area_name=${encodeURIComponent(h.areaName)}&limit=100`, headers: h.headers })
    expect(listed.json().results.find((f: { id: number }) => f.id === file.id)).toMatchObject({ status: 'error', error: 'значение не является числом', problems_count: 2 })
    const all = await t.app.inject({ url: `/api/v1/import-files/${file.id}/problems/`, headers: h.headers })
    expect(all.json()).toEqual({ id: file.id, status: 'error', count: 2, results: problems.map((p) => ({ ...p, level: 'error' })) })
    const events = await t.database.db.selectFrom('events').select('type').where('stream_id', '=', `file-${file.id}`).orderBy('stream_version').execute()
    expect(events.map((e) => e.type)).toEqual(['FileUploaded', 'FileCheckFailed'])
  })

  it('keeps the warnings of a good file beside it and lists them after the errors of a bad one, each with its level', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await setUp(h)
    const good = (await upload(h.headers, { report: reportId }, 'good.csv')).json()
    const bad = (await upload(h.headers, { report: reportId }, 'bad.csv')).json()
    const warning = { row: 4, column: 'Единица измерения', value: 'мг/м3', reason: 'единица «мг/м3» принята как «мг/м³»' }
    const error = { row: 2, column: 'Значение', value: 'abc', reason: 'ожидается число' }
    await recordFileChecked(t.database.db, { fileId: good.id, ok: true, problems: [], warnings: [warning] })
    await recordFileChecked(t.database.db, { fileId: bad.id, ok: false, problems: [error], warnings: [warning] })
    const goodAnswer = (await t.app.inject({ url: `/api/v1/import-files/${good.id}/`, headers: h.headers })).json()
    // A warning is no error: the good file is success, with no error to show, and its finding counted.
    expect(goodAnswer).toMatchObject({ status: 'success', error: null, problems_count: 1 })
    expect((await t.app.inject({ url: `/api/v1/import-files/${good.id}/problems/`, headers: h.headers })).json().results).toEqual([{ ...warning, level: 'warning' }])
    expect((await t.app.inject({ url: `/api/v1/import-files/${bad.id}/problems/`, headers: h.headers })).json().results).toEqual([
      { ...error, level: 'error' },
      { ...warning, level: 'warning' },
    ])
  })

  it('downloads every finding as an error report in CSV and XLSX: row, column, value, level, message', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await setUp(h)
    const file = (await upload(h.headers, { report: reportId }, 'Замеры 2032.csv')).json()
    const errors = [
      { row: 2, column: 'Значение', value: '=1+2', reason: 'ожидается число' },
      { row: 3, column: 'Значение', value: '-4', reason: 'значение не может быть меньше нуля' },
      { reason: 'и ещё ошибок: 3' },
    ]
    const warnings = [{ row: 5, column: 'Значение', value: '90', reason: 'значение выше ПДК в 18 раз: проверьте единицу измерения и разделитель дробной части' }]
    await recordFileChecked(t.database.db, { fileId: file.id, ok: false, problems: errors, warnings })
    const csv = await t.app.inject({ url: `/api/v1/import-files/${file.id}/problems/?format=csv`, headers: h.headers })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(decodeURIComponent(String(csv.headers['content-disposition']))).toContain('Замечания — Замеры 2032.csv')
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Строка;Столбец;Значение;Уровень;Сообщение',
      // A value a spreadsheet would run as a formula is written as text; a signed number as it was written.
      "2;Значение;'=1+2;ошибка;ожидается число",
      '3;Значение;-4;ошибка;значение не может быть меньше нуля',
      ';;;ошибка;и ещё ошибок: 3',
      '5;Значение;90;предупреждение;значение выше ПДК в 18 раз: проверьте единицу измерения и разделитель дробной части',
      '',
    ])
    const xlsx = await t.app.inject({ url: `/api/v1/import-files/${file.id}/problems/?format=xlsx`, headers: h.headers })
    expect(xlsx.headers['content-type']).toContain('spreadsheetml')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    const rows = workbook.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1))
    expect(rows[0]).toEqual(['Строка', 'Столбец', 'Значение', 'Уровень', 'Сообщение'])
    // An XLSX cell is a text by its type, never a formula: no apostrophe, no '-4.
    expect(rows[1]).toEqual([2, 'Значение', '=1+2', 'ошибка', 'ожидается число'])
    expect(rows[2]).toEqual([3, 'Значение', '-4', 'ошибка', 'значение не может быть меньше нуля'])
    expect(rows[4]).toEqual([5, 'Значение', '90', 'предупреждение', warnings[0].reason])
  })

  it('gives the error report only to those who may read the file, and refuses an unknown format', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await setUp(h)
    const file = (await upload(h.headers, { report: reportId })).json()
    await recordFileChecked(t.database.db, { fileId: file.id, ok: false, problems: [{ reason: 'файл пуст (0 байт)' }] })
    expect((await t.app.inject({ url: `/api/v1/import-files/${file.id}/problems/?format=csv` })).statusCode).toBe(403)
    const other = await holder(t.app, t.database.db, 'holder2')
    expect((await t.app.inject({ url: `/api/v1/import-files/${file.id}/problems/?format=csv`, headers: other.headers })).statusCode).toBe(403)
    const pdf = await t.app.inject({ url: `/api/v1/import-files/${file.id}/problems/?format=pdf`, headers: h.headers })
    expect(pdf.statusCode).toBe(400)
    expect(pdf.json().parameter).toBe('format')
    expect((await t.app.inject({ url: '/api/v1/import-files/999999/problems/?format=csv', headers: h.headers })).statusCode).toBe(404)
  })

  it('refuses to delete a file that is processing, then deletes it after its check with the deletion job', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await setUp(h)
    const file = (await upload(h.headers, { report: reportId })).json()
    const early = await t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${file.id}`, headers: h.headers })
    expect(early.statusCode).toBe(400)
    await recordFileChecked(t.database.db, { fileId: file.id, ok: true, problems: [] })
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${file.id}`, headers: h.headers })
    expect(res.statusCode).toBe(204)
    expect(await jobs(JOBS.fileDelete, file.id)).toEqual([{ singleton_key: `${JOBS.fileDelete}:${file.id}` }])
    expect((await t.app.inject({ url: `/api/v1/import-files/${file.id}/`, headers: h.headers })).json().status).toBe('deletion')
    const twice = await t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${file.id}`, headers: h.headers })
    expect(twice.statusCode).toBe(409)
    expect(await recordFileDeleted(t.database.db, { fileId: file.id })).toBe(true)
    expect(await recordFileDeleted(t.database.db, { fileId: file.id })).toBe(false)
    const listed = await t.app.inject({ url: `/api/v1/import-files/?year=${YEAR}&area_name=${encodeURIComponent(h.areaName)}&limit=100`, headers: h.headers })
    expect(listed.json().results.map((f: { id: number }) => f.id)).not.toContain(file.id)
    expect((await t.app.inject({ url: `/api/v1/import-files/${file.id}/`, headers: h.headers })).statusCode).toBe(404)
  })

  it('refuses to delete a file of an agreed report with 400 and the spec message, and uploads to it', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const reportId = await setUp(h)
    const file = (await upload(h.headers, { report: reportId })).json()
    // The earlier tests' files of this report are checked too: a report is agreed only when no file is being checked.
    const processing = await t.database.db.selectFrom('import_files').select('id').where('report_id', '=', reportId).where('status', '=', 'processing').execute()
    for (const { id } of processing) await recordFileChecked(t.database.db, { fileId: id, ok: true, problems: [] })
    const agreed = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: department.headers, payload: { status: 'agreed', comment: 'ok' } })
    expect(agreed.statusCode).toBe(200)
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${file.id}`, headers: h.headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBe('имеются согласованные отчёты')
    const late = await upload(h.headers, { report: reportId })
    expect(late.statusCode).toBe(400)
    await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: department.headers, payload: { status: 'cancel' } })
  })

  it('lets a deletion and an agreement of the same report at once end consistently, never half done', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    // A year of its own: the other tests' files of the same report are no part of the race.
    const reportId = await setUp(h, YEAR - 1)
    // A checked file that stays, so the report always has something to agree whichever request wins.
    const kept = (await upload(h.headers, { report: reportId })).json()
    await recordFileChecked(t.database.db, { fileId: kept.id, ok: true, problems: [] })
    for (let round = 0; round < 3; round++) {
      const file = (await upload(h.headers, { report: reportId })).json()
      await recordFileChecked(t.database.db, { fileId: file.id, ok: true, problems: [] })
      const [deletion, agreement] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${file.id}`, headers: h.headers }),
        t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: department.headers, payload: { status: 'agreed', comment: 'ok' } }),
      ])
      expect(agreement.statusCode).toBe(200)
      const status = (await t.database.db.selectFrom('import_files').select('status').where('id', '=', file.id).executeTakeFirstOrThrow()).status
      if (deletion.statusCode === 204) {
        expect(status).toBe('deletion')
        // The agreement was taken on the files still in the report: the one on its way out is not among them.
        const entry = await t.database.db.selectFrom('report_history').select('import_files').where('report_id', '=', reportId).where('event', '=', 'agreed').orderBy('id', 'desc').executeTakeFirstOrThrow()
        expect(entry.import_files.map((f) => f.id)).not.toContain(file.id)
      } else {
        expect(deletion.statusCode).toBe(400)
        expect(deletion.json().detail).toBe('имеются согласованные отчёты')
        expect(status).toBe('success')
      }
      await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: department.headers, payload: { status: 'cancel' } })
    }
  })

  it('streams a ZIP of the files of an area and year', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const res = await t.app.inject({ url: `/api/v1/import-files/zip/?year=${YEAR}&area=${h.areaId}`, headers: h.headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    const zip = res.rawPayload
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004')
    const listed = await t.app.inject({ url: `/api/v1/import-files/?year=${YEAR}&area=${h.areaId}&limit=100`, headers: h.headers })
    for (const f of listed.json().results as Array<{ id: number; name: string; report_type: string; status: string }>) {
      if (f.status === 'deletion') continue
      expect(zip.includes(Buffer.from(`${f.report_type}/${f.id}-${f.name}`))).toBe(true)
    }
    const programs = await t.app.inject({ url: `/api/v1/import-files/?year=${YEAR}&area=${h.areaId}&report_type=program&limit=100`, headers: h.headers })
    const byCompany = await t.app.inject({ url: `/api/v1/import-files/?report_type=program&company=${h.companyId}&limit=100`, headers: h.headers })
    expect(byCompany.json().count).toBeGreaterThanOrEqual(programs.json().count)
  })

  it("refuses another company's files (as if missing), the public and administrators, and lets the Department read them", async () => {
    const h1 = await holder(t.app, t.database.db, 'holder1')
    const h2 = await holder(t.app, t.database.db, 'holder2')
    const admin = await loginAs(t.app, 'admin')
    const department = await loginAs(t.app, 'department')
    const reportId = await setUp(h1)
    const file = (await upload(h1.headers, { report: reportId })).json()
    for (const headers of [h2.headers, admin.headers, {}]) {
      expect((await t.app.inject({ url: file.file, headers })).statusCode).toBe(403)
      expect((await t.app.inject({ url: `/api/v1/import-files/?year=${YEAR}&area=${h1.areaId}`, headers })).statusCode).toBe(403)
      expect((await t.app.inject({ url: `/api/v1/import-files/zip/?year=${YEAR}&area=${h1.areaId}`, headers })).statusCode).toBe(403)
    }
    // Another company's report and file are answered exactly as missing ones: nothing tells that they exist.
    const foreignUpload = await upload(h2.headers, { report: reportId })
    const missingUpload = await upload(h2.headers, { report: 2_000_000_000 })
    expect([foreignUpload.statusCode, foreignUpload.json()]).toEqual([400, missingUpload.json()])
    await recordFileChecked(t.database.db, { fileId: file.id, ok: true, problems: [] })
    const foreignDelete = await t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${file.id}`, headers: h2.headers })
    const missingDelete = await t.app.inject({ method: 'DELETE', url: '/api/v1/import-files/2000000000', headers: h2.headers })
    expect([foreignDelete.statusCode, foreignDelete.json()]).toEqual([404, missingDelete.json()])
    expect((await t.app.inject({ url: file.file, headers: department.headers })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/api/v1/import-files/999999/download/', headers: department.headers })).statusCode).toBe(404)
  })
})
