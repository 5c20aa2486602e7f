import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useTestApp } from '../../test-support/test-app.ts'
import { AGREED_REPORTS_REASON, deleteMeasuresPoint, PENDING_REPORTS_REASON, decideOnReport } from '@portal/workflow-domain/commands.server.ts'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { startWorkers } from '../src/start-workers.ts'
import { tempFolder, writeCsv } from './support/fixture-files.ts'
import { actorOf, addTestSubstances, commandContext, prepareAreaReport, uploadStored } from './support/workflow-fixture.ts'
import { catalogueTables } from '../../test-support/catalogue-tables.ts'
import { accepted } from '@portal/workflow-domain/views.ts'

const t = useTestApp()
const folder = tempFolder()
const silent = { info() {}, warn() {}, error() {} }
afterAll(() => folder.remove())

describe('deleting a measuring point named by reports', () => {
  beforeAll(async () => {
    await startWorkers(t.queue, { db: t.database.db, config: t.app.config, log: silent })
    await addTestSubstances(t.database.db, t.queue, t.app.config.storageDir, ['Маркер-удаления'])
  })

  it('is refused while a checked, agreed or cancelled report names the point, and republication still succeeds', async () => {
    const holder = commandContext(t.database.db, t.queue, t.app.config.storageDir, await actorOf(t.database.db, 'holder1'))
    const department = commandContext(t.database.db, t.queue, t.app.config.storageDir, await actorOf(t.database.db, 'department'))
    const report = await prepareAreaReport(holder, 'observation_results')
    const nomenclature = report.points.find((p) => p.kind === 'surface_water')!.nomenclature
    const point = await t.database.db.selectFrom('measures_points').select('id').where('nomenclature', '=', nomenclature).executeTakeFirstOrThrow()
    // The point's own demo readings would refuse the delete on their own: remove them to see the reports' rule.
    // As the owner: the portal's role may not remove a published reading (decision 3310).
    await t.database.ownerDb.deleteFrom('measures_point_indications').where('measures_point_id', '=', point.id).execute()
    for (const table of ['surface_water_reports', 'ecomon_waters_indicators', 'ecomon_water_legacy_indicators', 'ecomon_waters_control_indicators', 'waters_resource_inspection_results']) {
      await catalogueTables(t.database.db).deleteFrom(table).where('measures_point_id', '=', point.id).execute()
    }

    const header = uploadSpecOf('observation_results').columns.map((c) => c.header)
    const rows = [1, 2, 3].map((i) => [nomenclature, report.year, `0${i}.07.${report.year}`, 'Маркер-удаления', `0,0${i}`, 'мг/дм3', '0,05', ''])
    const fileId = await uploadStored(holder, report.reportId, writeCsv(folder.file('rows.csv'), [header, ...rows]), 'rows.csv')
    const status = async () => (await t.database.db.selectFrom('import_files').select('status').where('id', '=', fileId).executeTakeFirstOrThrow()).status
    const published = async () =>
      (await t.database.db.selectFrom('measures_point_indications').select('id').where('name', '=', 'Маркер-удаления').execute()).length
    await vi.waitFor(async () => expect(await status()).toBe('success'), { timeout: 60_000, interval: 200 })

    expect(await deleteMeasuresPoint(t.database.db, point.id)).toEqual({ status: 'refused', reason: PENDING_REPORTS_REASON })
    accepted(await decideOnReport(department, report.reportId, { decision: 'agree', comment: 'Согласовано', files: [] }))
    await vi.waitFor(async () => expect(await published()).toBe(3), { timeout: 60_000, interval: 200 })
    expect(await deleteMeasuresPoint(t.database.db, point.id)).toEqual({ status: 'refused', reason: AGREED_REPORTS_REASON })

    accepted(await decideOnReport(department, report.reportId, { decision: 'cancel', comment: 'Отмена решения', files: [] }))
    await vi.waitFor(async () => expect(await published()).toBe(0), { timeout: 60_000, interval: 200 })
    expect(await deleteMeasuresPoint(t.database.db, point.id)).toEqual({ status: 'refused', reason: PENDING_REPORTS_REASON })
    accepted(await decideOnReport(department, report.reportId, { decision: 'agree', comment: 'Согласовано снова', files: [] }))
    await vi.waitFor(async () => expect(await published()).toBe(3), { timeout: 60_000, interval: 200 })
    expect(await t.database.db.selectFrom('measures_points').select('id').where('id', '=', point.id).executeTakeFirst()).toEqual({ id: point.id })
  }, 180_000)
})
