import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { silent, useWorkerScene } from './support/worker-scene.ts'
import { loginAs } from '../../test-support/login.ts'
import { decideOnReport } from '@portal/workflow-domain/commands.server.ts'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { reportPublicationJob } from '../src/publication/report-publication-job.server.ts'
import { syncReportPublication } from '../src/publication/staged-rows.server.ts'
import { tempFolder, writeCsv } from './support/fixture-files.ts'
import { prepareAreaReport, uploadStored, type ReportFixture } from './support/workflow-fixture.ts'
import { accepted } from '@portal/workflow-domain/views.ts'

const { t, holderContext, departmentContext, settled } = useWorkerScene()
// Each data file is checked in a process of its own: on a busy machine its start alone takes seconds.
const SLOW = { timeout: 180_000 }
const folder = tempFolder()
const HEADER = uploadSpecOf('observation_results').columns.map((c) => c.header)

let report: ReportFixture
/** A report whose readings are all below their limits. */
let clean: ReportFixture


beforeAll(async () => {
  report = await prepareAreaReport(holderContext(), 'observation_results', 2026)
  clean = await prepareAreaReport(holderContext(), 'observation_results', 2025)
})
afterAll(() => folder.remove())


/** Every notification of a report, oldest first, with who got it. */
function noticesOf(reportId: number) {
  return t.database.db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'u.username', 'n.kind', 'n.topic', 'n.title', 'n.body', 'n.link', 'n.read_at', 'n.events', 'n.event_position'])
    .where('n.report_id', '=', reportId)
    .orderBy('n.id')
    .execute()
}
const exceedanceNotices = async (reportId: number) => (await noticesOf(reportId)).filter((n) => n.kind === 'department_exceedances')

/**
 * Takes a file's public rows away behind the workflow, as someone with the owner's rights could: the portal's role may
 * not withdraw the rows of an agreed report (decision 3310).
 */
async function removePublishedRowsAsOwner(fileId: number) {
  await t.database.ownerDb.transaction().execute(async (trx) => {
    await sql`DELETE FROM measures_point_indications WHERE id IN (SELECT row_id FROM import_published_rows WHERE file_id = ${fileId})`.execute(trx)
    await sql`DELETE FROM import_published_rows WHERE file_id = ${fileId}`.execute(trx)
  })
}

async function publishedCount(reportId: number) {
  const row = await t.database.db.selectFrom('import_published_rows').select((eb) => eb.fn.countAll<number>().as('n')).where('report_id', '=', reportId).executeTakeFirstOrThrow()
  return Number(row.n)
}

async function agreeAndWait(reportId: number, rows: number) {
  accepted(await decideOnReport(departmentContext(), reportId, { decision: 'agree', comment: 'Согласовано', files: [] }))
  await vi.waitFor(async () => expect(await publishedCount(reportId)).toBe(rows), { timeout: 60_000, interval: 200 })
}

describe('the Department hears of the readings above their ПДК that an agreement publishes', SLOW, () => {
  let fileId: number

  it('tells every Department user once, with the count, the worst multiple and a link to the exceedances filtered for the report; the review item stays beside it', async () => {
    const [air, water] = [report.points.find((p) => p.kind === 'ambient_air')!, report.points.find((p) => p.kind === 'surface_water')!]
    const rows = [
      [air.nomenclature, 2026, '15.07.2026', 'Диоксид азота (NO2)', '0,25', 'мг/м³', '0,1', '0,2'],
      [air.nomenclature, 2026, '16.07.2026', 'Диоксид азота (NO2)', '0,1', 'мг/м³', '0,1', '0,2'],
      [water.nomenclature, 2026, '01.08.2026', 'Нефтепродукты', '0,6', 'мг/дм³', '0,1', ''],
    ]
    fileId = await uploadStored(holderContext(), report.reportId, writeCsv(folder.file('above.csv'), [HEADER, ...rows]), 'above.csv')
    await settled(fileId, 'success')
    // The check told the Department of the file: an unread review item of this report.
    expect((await noticesOf(report.reportId)).filter((n) => n.username === 'department').map((n) => n.kind)).toEqual(['department_file_checked'])

    await agreeAndWait(report.reportId, 3)
    const told = await exceedanceNotices(report.reportId)
    const departmentUsers = await t.database.db.selectFrom('users').select('username').where('is_active', '=', true).where(({ eb, val }) => eb(val('Департамент'), '=', eb.fn.any('groups'))).execute()
    expect(told.map((n) => n.username).sort()).toEqual(departmentUsers.map((u) => u.username).sort())
    const area = await t.database.db.selectFrom('areas').select('company_id').where('id', '=', report.areaId).executeTakeFirstOrThrow()
    for (const notice of told) {
      expect(notice).toMatchObject({
        topic: 'exceedances',
        title: 'Превышения ПДК: 2 показания',
        link: `/monitoring/exceedances?year=2026&company=${area.company_id}&area=${report.areaId}`,
        read_at: null,
        events: 1,
      })
      expect(notice.body).toContain(`: Результаты наблюдений за 2026 год (${report.areaName}): опубликовано 2 показания выше ПДК`)
      expect(notice.body).toContain('наибольшее — Нефтепродукты, в 6 раз выше ПДК')
    }
    // Both unread items of the report stand side by side: the exceedances do not take the review item's place.
    const mine = (await noticesOf(report.reportId)).filter((n) => n.username === 'department')
    expect(mine.map((n) => [n.kind, n.read_at])).toEqual([
      ['department_file_checked', null],
      ['department_exceedances', null],
    ])
    // Holders hear of the agreement, not of the Department's exceedances.
    expect(told.some((n) => n.username.startsWith('holder'))).toBe(false)

    // The link opens the same readings in the API the page reads.
    const listed = await t.app.inject({ url: `/api/v1/exceedances/${told[0].link!.slice(told[0].link!.indexOf('?'))}` })
    expect(listed.json()).toMatchObject({ count: 2, results: [{ substance: 'Нефтепродукты', multiple: 6 }, { substance: 'Диоксид азота (NO2)', multiple: 2.5 }] })
  })

  it('tells nobody twice when the publication job runs again, even when the run publishes rows again under the same agreement', async () => {
    const before = await exceedanceNotices(report.reportId)
    await reportPublicationJob({ db: t.database.db, config: t.app.config, log: silent } as never).handle({ reportId: report.reportId })
    // A run that finds rows missing (withdrawn under it) publishes them again: still the same agreement, no new item.
    await removePublishedRowsAsOwner(fileId)
    expect(await syncReportPublication(t.database.db, report.reportId)).toEqual({ published: 3, withdrawn: 0 })
    expect(await exceedanceNotices(report.reportId)).toEqual(before)
    // Read since, the item is not made again by another run of the same agreement.
    await t.database.db.updateTable('notifications').set({ read_at: new Date() }).where('report_id', '=', report.reportId).where('kind', '=', 'department_exceedances').execute()
    await removePublishedRowsAsOwner(fileId)
    await syncReportPublication(t.database.db, report.reportId)
    expect((await exceedanceNotices(report.reportId)).map((n) => n.id)).toEqual(before.map((n) => n.id))
  })

  it('tells again when the agreement is cancelled and the report agreed and published again', async () => {
    const { headers } = await loginAs(t.app, 'department')
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read/', headers, payload: {} })).statusCode).toBe(200)

    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'cancel', comment: 'Отмена', files: [] }))
    await vi.waitFor(async () => expect(await publishedCount(report.reportId)).toBe(0), { timeout: 60_000, interval: 200 })
    // Withdrawing tells nothing.
    expect((await exceedanceNotices(report.reportId)).filter((n) => n.username === 'department')).toHaveLength(1)

    await agreeAndWait(report.reportId, 3)
    const mine = (await exceedanceNotices(report.reportId)).filter((n) => n.username === 'department')
    expect(mine).toHaveLength(2)
    expect(mine[1]).toMatchObject({ title: 'Превышения ПДК: 2 показания', read_at: null, events: 1 })
    expect(mine[1].event_position).toBeGreaterThan(mine[0].event_position)
    const list = await t.app.inject({ url: '/api/v1/notifications/', headers })
    expect(list.json().results[0]).toMatchObject({ kind: 'department_exceedances', title: 'Превышения ПДК: 2 показания' })
  })

  it('tells nothing when every published reading is within its ПДК', async () => {
    const air = clean.points.find((p) => p.kind === 'ambient_air')!
    const rows = [[air.nomenclature, 2025, '15.07.2025', 'Диоксид азота (NO2)', '0,1', 'мг/м³', '0,1', '0,2']]
    const id = await uploadStored(holderContext(), clean.reportId, writeCsv(folder.file('within.csv'), [HEADER, ...rows]), 'within.csv')
    await settled(id, 'success')
    await agreeAndWait(clean.reportId, 1)
    expect(await exceedanceNotices(clean.reportId)).toEqual([])
  })
})
