// Uploads attacked: a file whose content is not what its name says, a retried upload, a decision with several
// attachments each under the limit. Refusals name the file; nothing is registered or left in storage for them.
import { describe, expect, it } from 'vitest'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { holder, type Holder, multipartWithFiles, RESPONSIBLE, uploadedFiles } from '../../../test-support/workflow-fixtures.ts'

// One megabyte per file, so the decision's attachments are tested without writing hundreds of megabytes.
const t = useTestApp({ MAX_UPLOAD_MB: '1' })
const YEAR = new Date().getFullYear() + 1

const storedFiles = () => uploadedFiles(t.app.config.storageDir)

async function reportOf(h: Holder, type = 'final_report', year = YEAR): Promise<number> {
  await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year, ...RESPONSIBLE } })
  const res = await t.app.inject({ url: `/api/v1/import-reports/?year=${year}&area_name=${encodeURIComponent(h.areaName)}&report_type=${type}`, headers: h.headers })
  return res.json().results[0].id as number
}

function upload(h: Holder, reportId: number, filename: string, content: Buffer | string, key?: string) {
  const body = multipartWithFiles({ report: reportId }, [{ field: 'file', filename, content }])
  return t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers, ...(key ? { 'idempotency-key': key } : {}) }, payload: body.payload })
}

const fileCount = async (reportId: number) => (await t.database.db.selectFrom('import_files').select('id').where('report_id', '=', reportId).execute()).length

describe('upload content', () => {
  it('refuses a text file renamed .xlsx, a program named .pdf and an .exe with 400 naming the file, and keeps nothing', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await reportOf(h)
    const before = storedFiles().length
    const cases: Array<[string, Buffer | string, RegExp]> = [
      ['Отчёт.xlsx', 'Показатель;Значение\r\nNO2;0.1\r\n', /^Файл «Отчёт\.xlsx»: содержимое не соответствует расширению \.xlsx\.$/],
      ['Отчёт.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]), /^Файл «Отчёт\.pdf» — исполняемая программа/],
      ['setup.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]), /^Файл «setup\.exe» — исполняемая программа/],
      ['script.sh', '#!/bin/sh\nrm -rf /\n', /^Файл «script\.sh» — исполняемая программа/],
      // The final report's section names its own types (the picker's list), not every type the portal takes.
      ['Отчёт.bin', Buffer.from([1, 2, 0, 3]), /^Файл «Отчёт\.bin»: недопустимый тип файла, ожидается PDF, DOC, DOCX, XLS, XLSX или ZIP\.$/],
    ]
    for (const [name, content, message] of cases) {
      const res = await upload(h, reportId, name, content)
      expect(res.statusCode, name).toBe(400)
      expect(res.json().parameter).toBe('file')
      expect(res.json().detail).toMatch(message)
    }
    expect(await fileCount(reportId)).toBe(0)
    expect(storedFiles()).toHaveLength(before)
  })

  it('accepts a PDF named .pdf and a table named .xls', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await reportOf(h)
    expect((await upload(h, reportId, 'Итоговый.pdf', '%PDF-1.4\n%…')).statusCode).toBe(201)
    const programme = await reportOf(h, 'program')
    expect((await upload(h, programme, 'Программа.xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]))).statusCode).toBe(201)
  })
})

describe('upload types per section', () => {
  // A year of its own: the other tests' files stay out of these reports.
  const year = YEAR - 1
  async function greenhouseReportOf(h: Holder): Promise<number> {
    await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year, ...RESPONSIBLE } })
    const res = await t.app.inject({ url: `/api/v1/import-reports/?year=${year}&company_name=${encodeURIComponent(h.companyName)}&report_type=greenhouse_gases`, headers: h.headers })
    return res.json().results[0].id as number
  }
  const PDF = '%PDF-1.4\n% отчёт\n%%EOF\n'
  const CSV = (n: number) => `Показатель;Значение\r\nCO2;${n}\r\n`

  it('refuses through the API a file of a type its section does not take, naming the field and the picker\'s list, and keeps nothing', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const greenhouse = await greenhouseReportOf(h)
    const final = await reportOf(h, 'final_report', year)
    const before = storedFiles().length
    const cases: Array<[number, string, Buffer | string, string]> = [
      // A real PDF in a data section: the picker offers XLSX and CSV only.
      [greenhouse, 'Выбросы.pdf', PDF, 'Файл «Выбросы.pdf»: недопустимый тип файла, ожидается XLSX или CSV.'],
      // The extension in capitals is the same extension.
      [greenhouse, 'ВЫБРОСЫ.PDF', PDF, 'Файл «ВЫБРОСЫ.PDF»: недопустимый тип файла, ожидается XLSX или CSV.'],
      // A table of a document section's list is still not a CSV: a document report takes no CSV.
      [final, 'Итоговый.csv', CSV(1), 'Файл «Итоговый.csv»: недопустимый тип файла, ожидается PDF, DOC, DOCX, XLS, XLSX или ZIP.'],
      [final, 'ИТОГОВЫЙ.CSV', CSV(2), 'Файл «ИТОГОВЫЙ.CSV»: недопустимый тип файла, ожидается PDF, DOC, DOCX, XLS, XLSX или ZIP.'],
      // A PDF renamed into the section's list: the bytes are not what the name says.
      [greenhouse, 'Выбросы.xlsx', PDF, 'Файл «Выбросы.xlsx»: содержимое не соответствует расширению .xlsx.'],
      [greenhouse, 'Выбросы.csv', PDF, 'Файл «Выбросы.csv»: содержимое не соответствует расширению .csv.'],
      // No extension at all, and a name that is only an extension.
      [greenhouse, 'Выбросы', CSV(3), 'Файл «Выбросы»: недопустимый тип файла, ожидается XLSX или CSV.'],
      [greenhouse, '.csv', CSV(4), 'Файл «.csv»: недопустимый тип файла, ожидается XLSX или CSV.'],
      // A path in the name is dropped (only the last part is a name) and the type is judged on what is left.
      [greenhouse, '../../etc/Выбросы.pdf', PDF, 'Файл «Выбросы.pdf»: недопустимый тип файла, ожидается XLSX или CSV.'],
      [greenhouse, '..\\..\\Выбросы.pdf', PDF, 'Файл «Выбросы.pdf»: недопустимый тип файла, ожидается XLSX или CSV.'],
      // A NUL cannot hide the real extension: it is removed, and what the name then ends with is judged.
      [greenhouse, 'Выбросы.csv\u0000.pdf', PDF, 'Файл «Выбросы.csv.pdf»: недопустимый тип файла, ожидается XLSX или CSV.'],
    ]
    for (const [reportId, name, content, message] of cases) {
      const res = await upload(h, reportId, name, content)
      expect([res.statusCode, res.json().parameter, res.json().detail], name).toEqual([400, 'file', message])
    }
    expect(await fileCount(greenhouse)).toBe(0)
    expect(await fileCount(final)).toBe(0)
    expect(storedFiles()).toHaveLength(before)
  })

  it('takes a file of its section\'s list whatever the case of its extension', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const greenhouse = await greenhouseReportOf(h)
    expect((await upload(h, greenhouse, 'ВЫБРОСЫ.CSV', CSV(5))).statusCode).toBe(201)
    const final = await reportOf(h, 'final_report', year)
    expect((await upload(h, final, 'ИТОГОВЫЙ.PDF', PDF)).statusCode).toBe(201)
    const names = await t.database.db.selectFrom('import_files').select('name').where('report_id', 'in', [greenhouse, final]).orderBy('id').execute()
    expect(names.map((n) => n.name)).toEqual(['ВЫБРОСЫ.CSV', 'ИТОГОВЫЙ.PDF'])
  })
})

describe('upload idempotency', () => {
  it('registers a retried upload with the same key once and answers it the same, keeping one copy of the bytes', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const reportId = await reportOf(h, 'program')
    const before = storedFiles().length
    const first = await upload(h, reportId, 'Программа.pdf', '%PDF-1.4\n1;2\n', 'retry-key-1')
    expect(first.statusCode).toBe(201)
    const retry = await upload(h, reportId, 'Программа.pdf', '%PDF-1.4\n1;2\n', 'retry-key-1')
    expect(retry.statusCode).toBe(201)
    expect(retry.json()).toEqual(first.json())
    expect(await fileCount(reportId)).toBe(1)
    expect(storedFiles()).toHaveLength(before + 1)
    // Another key is another upload (of other bytes: the same bytes again are refused as a duplicate).
    expect((await upload(h, reportId, 'Программа.pdf', '%PDF-1.4\n1;3\n', 'retry-key-2')).json().id).not.toBe(first.json().id)
  })

  it('registers five retries sent at once with one key as one file', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const reportId = await reportOf(h, 'final_report')
    const before = storedFiles().length
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(h, reportId, 'Итоговый.pdf', '%PDF-1.4\n', 'parallel-key')))
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201])
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1)
    expect(await fileCount(reportId)).toBe(1)
    expect(storedFiles()).toHaveLength(before + 1)
  })

  it('refuses a malformed key naming the header', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const reportId = await reportOf(h, 'program')
    const res = await upload(h, reportId, 'Программа.pdf', '%PDF-1.4\n', 'ключ с пробелами')
    expect(res.statusCode).toBe(400)
    expect(res.json().parameter).toBe('Idempotency-Key')
  })
})

describe('decision attachments', () => {
  it('takes three attachments of 0.8 MB each under a 1 MB limit per file, and refuses one of 1.2 MB naming the limit', async () => {
    const department = await loginAs(t.app, 'department')
    const send = (sizes: number[]) => {
      const files = sizes.map((size, i) => ({ field: 'files', filename: `Замечания-${i}.pdf`, content: Buffer.alloc(size, 'a'), contentType: 'application/pdf' }))
      const body = multipartWithFiles({ status: 'consideration', comment: '' }, files)
      return t.app.inject({ method: 'PUT', url: '/api/v1/import-reports/2000000/', headers: { ...department.headers, ...body.headers }, payload: body.payload })
    }
    // The report does not exist: the files were all read (the request was not refused for its total size).
    const three = await send([800_000, 800_000, 800_000])
    expect(three.statusCode).toBe(404)
    const big = await send([1_200_000])
    expect(big.statusCode).toBe(413)
    expect(big.json().detail).toBe('Максимальный размер загружаемого файла 1 Мб')
  })

  it('refuses a program named .pdf, a text file renamed .xlsx and an unknown type with the upload texts, naming files, and keeps nothing', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportId = await reportOf(h)
    expect((await upload(h, reportId, 'Итоговый.pdf', '%PDF-1.4\n')).statusCode).toBe(201)
    const department = await loginAs(t.app, 'department')
    const decline = (filename: string, content: Buffer | string) => {
      const body = multipartWithFiles({ status: 'rejected', comment: 'Исправьте отчёт' }, [{ field: 'files', filename, content, contentType: 'application/pdf' }])
      return t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: { ...department.headers, ...body.headers }, payload: body.payload })
    }
    const before = storedFiles().length
    const cases: Array<[string, Buffer | string, RegExp]> = [
      ['Замечания.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]), /^Файл «Замечания\.pdf» — исполняемая программа, такие файлы не принимаются\.$/],
      ['Замечания.xlsx', 'Показатель;Значение\r\n', /^Файл «Замечания\.xlsx»: содержимое не соответствует расширению \.xlsx\.$/],
      ['Замечания.bin', Buffer.from([1, 2, 0, 3]), /^Файл «Замечания\.bin»: недопустимый тип файла, ожидается CSV, XLSX, XLS, PDF, DOC, DOCX или ZIP\.$/],
    ]
    for (const [name, content, message] of cases) {
      const res = await decline(name, content)
      expect(res.statusCode, name).toBe(400)
      expect(res.json().parameter).toBe('files')
      expect(res.json().detail).toMatch(message)
    }
    expect(storedFiles()).toHaveLength(before)
    const report = await t.app.inject({ url: `/api/v1/import-reports/${reportId}/`, headers: department.headers })
    expect(report.json().status).toBe('consideration')
    // A real PDF is taken.
    expect((await decline('Замечания.pdf', '%PDF-1.4\n%замечания')).statusCode).toBe(200)
  })
})
