// A command's refusals that need no roll-back (who acts, a target or row that is not there or not theirs) come back as
// values before anything is written; only what its decider refuses inside the transaction, and a lost race, is thrown.
import { beforeAll, describe, expect, it } from 'vitest'
import { refusalAnswer } from '../../domain/src/vocabulary/refusal-answers.ts'
import type { CurrentUser } from '../../domain/src/auth/permissions.ts'
import type { CommandContext } from '../../domain/src/workflow/command-context.server.ts'
import { requestFileDeletion, uploadFile } from '../../domain/src/workflow/files/file-commands.server.ts'
import { Refused } from '../../domain/src/workflow/refusal.ts'
import { createReport, decideOnReport } from '../../domain/src/workflow/reports/report-commands.server.ts'
import { createResponsible, editResponsible } from '../../domain/src/workflow/responsibles/responsible-commands.server.ts'
import { newStorageKey, storeFile, storedFilePath } from '../../domain/src/workflow/storage/file-storage.server.ts'
import { existsSync } from 'node:fs'
import { writeNotices } from '../../domain/src/notifications/notice-writer.server.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear()
const MISSING = 2_000_000_000
const FORBIDDEN = { status: 403, detail: 'У вас недостаточно прав для выполнения данного действия.' }

const department: CurrentUser = { id: 9101, username: 'department', groups: ['Департамент'], companyId: null }
const admin: CurrentUser = { id: 9102, username: 'admin', groups: ['Администратор'], companyId: null }
let holder: CurrentUser
let otherHolder: CurrentUser
let ownArea: number
let otherArea: number
let otherResponsible: number

const as = (actor: CurrentUser | null): CommandContext => ({ db: t.database.db, queue: t.queue, storageDir: t.app.config.storageDir, actor, requestId: 'refusals', clientAddress: '192.0.2.9', now: new Date(), notices: writeNotices })
const eventCount = async () => Number((await t.database.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

/** The answer of a refusal the command returned (a thrown one fails the test), its status and words as the API gives them. */
async function returned(command: Promise<unknown>) {
  const before = await eventCount()
  const answer = await command
  expect(answer).toBeInstanceOf(Refused)
  expect(await eventCount(), 'a refused command records nothing').toBe(before)
  const { status, detail, parameter } = refusalAnswer((answer as Refused).refusal)
  return parameter === undefined ? { status, detail } : { status, detail, parameter }
}

beforeAll(async () => {
  const holders = await t.database.db.selectFrom('users').select(['id', 'username', 'company_id']).where('username', 'in', ['holder1', 'holder2']).orderBy('username').execute()
  ;[holder, otherHolder] = holders.map((h) => ({ id: h.id, username: h.username, groups: ['Недропользователь' as const], companyId: h.company_id }))
  const areaOf = async (companyId: number | null) =>
    (await t.database.db.selectFrom('areas').select('id').where('company_id', '=', companyId).where('kind', '=', 'licence_area').orderBy('id').executeTakeFirstOrThrow()).id
  ownArea = await areaOf(holder.companyId)
  otherArea = await areaOf(otherHolder.companyId)
  const saved = await createResponsible(as(otherHolder), { scope: 'area', targetId: otherArea, year: YEAR, details: { ...RESPONSIBLE, labsName: null, labsContacts: null } })
  if (saved instanceof Refused) throw new Error(`refused: ${saved.refusal.reason}`)
  otherResponsible = saved
})

describe('command refusals returned before any write', () => {
  it('answers who may not act with 403, and another company’s area, file or person as one that is not there', async () => {
    expect(await returned(createReport(as(null), { area: ownArea, year: YEAR, reportType: 'program' }))).toEqual(FORBIDDEN)
    expect(await returned(createReport(as(admin), { area: ownArea, year: YEAR, reportType: 'program' }))).toEqual(FORBIDDEN)
    expect(await returned(createReport(as(holder), { area: otherArea, year: YEAR, reportType: 'program' }))).toEqual({ status: 400, parameter: 'area', detail: 'area: лицензионный участок не найден' })
    expect(await returned(createReport(as(holder), { company: otherHolder.companyId, year: YEAR, reportType: 'greenhouse_gases' }))).toEqual({ status: 400, parameter: 'company', detail: 'company: предприятие не найдено' })
    expect(await returned(decideOnReport(as(holder), MISSING, { decision: 'agree', comment: '', files: [] }))).toEqual(FORBIDDEN)
    expect(await returned(decideOnReport(as(department), MISSING, { decision: 'agree', comment: '', files: [] }))).toEqual({ status: 404, detail: 'Отчёт не найден.' })
    expect(await returned(requestFileDeletion(as(department), MISSING))).toEqual(FORBIDDEN)
    expect(await returned(requestFileDeletion(as(holder), MISSING))).toEqual({ status: 404, detail: 'Файл не найден.' })
    expect(await returned(createResponsible(as(admin), { scope: 'area', targetId: ownArea, year: YEAR, details: { ...RESPONSIBLE, labsName: null, labsContacts: null } }))).toEqual(FORBIDDEN)
    expect(await returned(editResponsible(as(holder), { scope: 'area', id: MISSING, details: RESPONSIBLE }))).toEqual({ status: 404, detail: 'Ответственное лицо не найдено.' })
    expect(await returned(editResponsible(as(holder), { scope: 'area', id: otherResponsible, details: RESPONSIBLE }))).toEqual({ status: 404, detail: 'Ответственное лицо не найдено.' })
    expect(await returned(editResponsible(as(department), { scope: 'area', id: otherResponsible, details: RESPONSIBLE }))).toEqual(FORBIDDEN)
  })

  it('answers a target without an area or company, and an area named with another company, with 400 naming the field', async () => {
    expect(await returned(createReport(as(holder), { year: YEAR, reportType: 'program' }))).toEqual({ status: 400, parameter: 'area', detail: 'area: укажите лицензионный участок (area) или предприятие (company)' })
    expect(await returned(createReport(as(holder), { area: ownArea, company: otherHolder.companyId, year: YEAR, reportType: 'program' }))).toEqual({
      status: 400,
      parameter: 'company',
      detail: 'company: участок принадлежит другому предприятию',
    })
  })

  it('refuses an upload to another company’s section, or by who may not upload, and keeps no report for it', async () => {
    const storageKey = newStorageKey()
    const { size, sha256 } = await storeFile(t.app.config.storageDir, storageKey, Buffer.from('a;b\r\n1;2\r\n'))
    const upload = { storageKey, name: 'Данные.csv', size, sha256, contentType: 'text/csv' }
    const fields = { description: 'Файл', ecomonResponsibleId: null, companyResponsibleId: null, upload }
    const reportsBefore = await t.database.db.selectFrom('import_reports').select('id').execute()
    expect(await returned(uploadFile(as(holder), { section: { area: otherArea, company: null, year: YEAR, reportType: 'observation_results' }, ...fields }))).toEqual({
      status: 400,
      parameter: 'area',
      detail: 'area: лицензионный участок не найден',
    })
    expect(await returned(uploadFile(as(department), { reportId: MISSING, ...fields }))).toEqual(FORBIDDEN)
    expect(await t.database.db.selectFrom('import_reports').select('id').execute()).toEqual(reportsBefore)
    // The command leaves the bytes to its caller: the use-case removes them when it is refused (import-files-api).
    expect(existsSync(storedFilePath(t.app.config.storageDir, storageKey))).toBe(true)
  })
})
