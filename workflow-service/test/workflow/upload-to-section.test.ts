// An upload to a section that has no report yet: the report is made in the upload's own transaction, so two first
// uploads at once make one report, a refused or failed upload leaves no empty report, and a retry registers once.
import { describe, expect, it } from 'vitest'
import { sweepStorage } from '../../domain/src/workflow/storage/storage-sweeper.server.ts'
import { uploadStorage } from '../../domain/src/use-cases/upload-storage.server.ts'
import { Readable } from 'node:stream'
import { useTestApp } from '../../../test-support/test-app.ts'
import { holder, type Holder, multipartWithFiles, RESPONSIBLE, uploadedFiles } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear()

// A greenhouse report is data: its section takes XLSX or CSV (decision 2671).
const csv = (text: string) => `Показатель;Значение\r\n${text};1\r\n`

/** The company's greenhouse report of a year (the company's own section), as the read model holds it. */
const reportsOf = (h: Holder, year: number) =>
  t.database.db.selectFrom('import_reports').select(['id']).where('company_id', '=', h.companyId).where('area_id', 'is', null).where('year', '=', year).where('report_type', '=', 'greenhouse_gases').execute()

const filesOf = (h: Holder, year: number) =>
  t.database.db
    .selectFrom('import_files as f')
    .innerJoin('import_reports as r', 'r.id', 'f.report_id')
    .select(['f.id', 'f.name'])
    .where('r.company_id', '=', h.companyId)
    .where('r.area_id', 'is', null)
    .where('r.year', '=', year)
    .orderBy('f.id')
    .execute()

async function responsibleFor(h: Holder, year: number): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year, ...RESPONSIBLE } })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as number
}

/** The browser's upload: the section's fields (no report id) and the file. */
function uploadToSection(h: Holder, year: number, fields: Record<string, string | number>, name: string, content: string, key?: string) {
  const body = multipartWithFiles({ company: h.companyId, year, report_type: 'greenhouse_gases', ...fields }, [{ field: 'file', filename: name, content, contentType: 'text/csv' }])
  return t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers, ...(key ? { 'idempotency-key': key } : {}) }, payload: body.payload })
}

describe('upload to a section', () => {
  it('makes one report for two first uploads sent at once, and registers both files', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const year = YEAR - 6
    expect(await reportsOf(h, year)).toEqual([])
    const responsible = await responsibleFor(h, year)
    const [a, b] = await Promise.all([
      uploadToSection(h, year, { company_responsible: responsible }, 'первый.csv', csv('первый')),
      uploadToSection(h, year, { company_responsible: responsible }, 'второй.csv', csv('второй')),
    ])
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([201, 201])
    const reports = await reportsOf(h, year)
    expect(reports).toHaveLength(1)
    expect(a.json().report.id).toBe(reports[0].id)
    expect(b.json().report.id).toBe(reports[0].id)
    expect((await filesOf(h, year)).map((f) => f.name).sort()).toEqual(['второй.csv', 'первый.csv'])
  })

  it('leaves no empty report and no stored bytes when the first upload is refused', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const year = YEAR - 5
    expect(await reportsOf(h, year)).toEqual([])
    const stored = uploadedFiles(t.app.config.storageDir).length
    // No responsible person for the section yet: the upload is refused after its report was made in the same
    // transaction, so the report goes with it.
    const refused = await uploadToSection(h, year, {}, 'отчёт.csv', csv('без ответственного'))
    expect(refused.statusCode).toBe(400)
    expect(await reportsOf(h, year)).toEqual([])
    expect(uploadedFiles(t.app.config.storageDir)).toHaveLength(stored)
  })

  it('refuses a section of another company as missing, and a section without its year by name', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const other = await holder(t.app, t.database.db, 'holder2')
    const year = YEAR - 5
    const foreign = await uploadToSection(h, year, { company: other.companyId }, 'чужой.csv', csv('чужой'))
    // Answered as a company that does not exist, so a holder cannot learn which ids do.
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ parameter: 'company', detail: 'company: предприятие не найдено' })
    expect(await reportsOf(other, year)).toEqual([])
    const body = multipartWithFiles({ company: h.companyId, report_type: 'greenhouse_gases' }, [{ field: 'file', filename: 'без года.csv', content: csv('без года') }])
    const noYear = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })
    expect(noYear.statusCode).toBe(400)
    expect(noYear.json().parameter).toBe('year')
    const bare = multipartWithFiles({}, [{ field: 'file', filename: 'ничей.csv', content: csv('ничей') }])
    const nothing = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...bare.headers }, payload: bare.payload })
    expect(nothing.statusCode).toBe(400)
    expect(nothing.json().parameter).toBe('report')
  })

  it('registers a retried request once, whether the retry comes after the first or beside it', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const year = YEAR - 4
    const responsible = await responsibleFor(h, year)
    const first = await uploadToSection(h, year, { company_responsible: responsible }, 'выбросы.csv', csv('выбросы'), 'section-retry-1')
    expect(first.statusCode, first.body).toBe(201)
    const again = await uploadToSection(h, year, { company_responsible: responsible }, 'выбросы.csv', csv('выбросы'), 'section-retry-1')
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    const [x, y] = await Promise.all([
      uploadToSection(h, YEAR - 3, {}, 'a.csv', csv('a'), 'section-retry-2'),
      uploadToSection(h, YEAR - 3, {}, 'a.csv', csv('a'), 'section-retry-2'),
    ])
    // No responsible person in that year: both refused alike, nothing made.
    expect([x.statusCode, y.statusCode]).toEqual([400, 400])
    expect(await reportsOf(h, YEAR - 3)).toEqual([])
    expect(await reportsOf(h, year)).toHaveLength(1)
    expect(await filesOf(h, year)).toHaveLength(1)
  })

  it('shows nothing of an upload whose process died between storing its bytes and recording it, and the sweep removes the bytes', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const year = YEAR - 2
    const storage = uploadStorage(t.app.config.storageDir)
    // The bytes reach storage (the page's way in); the command never runs, as if the process stopped here.
    const upload = await storage.store('оборвано.csv', 'text/csv', Readable.from([Buffer.from(csv('оборвано'))]))
    expect(uploadedFiles(t.app.config.storageDir).some((f) => f.includes(upload.storageKey))).toBe(true)
    expect(await reportsOf(h, year)).toEqual([])
    const removed = await sweepStorage(t.database.db, t.app.config.storageDir, { graceMs: 0, now: new Date(Date.now() + 1000) })
    expect(removed).toContain(upload.storageKey)
    expect(uploadedFiles(t.app.config.storageDir).some((f) => f.includes(upload.storageKey))).toBe(false)
  })
})
