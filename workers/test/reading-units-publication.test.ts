import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useWorkerScene } from './support/worker-scene.ts'
import { loginAs } from '../../test-support/login.ts'
import { decideOnReport } from '@portal/workflow-domain/commands.server.ts'
import { readingSeries } from '@portal/workflow-domain/use-cases.server.ts'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { countStagedRows } from './support/staged-rows.ts'
import { tempFolder, writeCsv } from './support/fixture-files.ts'
import { prepareAreaReport, uploadStored, type ReportFixture } from './support/workflow-fixture.ts'
import { accepted } from '@portal/workflow-domain/views.ts'

const { t, holderContext, departmentContext, settled } = useWorkerScene()
// Each data file is checked in a process of its own: on a busy machine its start alone takes seconds.
const SLOW = { timeout: 120_000 }
const folder = tempFolder()
const HEADER = uploadSpecOf('observation_results').columns.map((c) => c.header)

let report: ReportFixture
/** A report of another year, open for uploads after the first one is agreed. */
let open: ReportFixture


beforeAll(async () => {
  report = await prepareAreaReport(holderContext(), 'observation_results', 2026)
  open = await prepareAreaReport(holderContext(), 'observation_results', 2025)
})
afterAll(() => folder.remove())


describe('a reading in another unit than its ПДК, through the real check and publication', SLOW, () => {
  it('publishes 45 мкг/м³ of NO2 as 0,045 мг/м³ beside its ПДК 0,1 мг/м³: the file, the point, its chart and its export agree', async () => {
    const point = report.points.find((p) => p.kind === 'ambient_air')!
    const pointId = (await t.database.db.selectFrom('measures_points').select('id').where('nomenclature', '=', point.nomenclature).executeTakeFirstOrThrow()).id
    const rows = [[point.nomenclature, 2026, '15.07.2026', 'Диоксид азота (NO2)', 45, 'мкг/м³', '0,1', '0,2']]
    const fileId = await uploadStored(holderContext(), report.reportId, writeCsv(folder.file('no2.csv'), [HEADER, ...rows]), 'no2.csv')
    const checked = await settled(fileId, 'success')
    // The template's ПДК 0,1 is read in the row's unit, мкг/м³: the reference's 0,1 мг/м³ (daily mean) is taken, and the file is told.
    expect(checked.problems).toEqual(expect.arrayContaining([
      { column: 'Значение', reason: 'Значения в мкг/м³ пересчитаны в мг/м³ (единица ПДК)', level: 'warning' },
      expect.objectContaining({ row: 2, column: 'ПДК', reason: 'ПДК в файле 0,1 мкг/м³ (0,0001 мг/м³) не совпадает с ПДК справочника 0,1 мг/м³ для вещества «Диоксид азота (NO2)»: принята ПДК справочника' }),
    ]))

    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'agree', comment: 'Согласовано', files: [] }))
    const mine = () =>
      sql<{ id: number; value: number; measure: string; mpc: number }>`
        SELECT i.id, i.value::float8 AS value, i.measure, i.mpc::float8 AS mpc FROM measures_point_indications i
        JOIN import_published_rows p ON p.target_table = 'measures_point_indications' AND p.row_id = i.id
        WHERE p.file_id = ${fileId}`.execute(t.database.db)
    await vi.waitFor(async () => expect((await mine()).rows).toHaveLength(1), { timeout: 30_000, interval: 200 })
    const [published] = (await mine()).rows
    expect(published).toMatchObject({ value: 0.045, measure: 'мг/м³', mpc: 0.1 })

    // The public list and its export show the ПДК's unit and a share of 0,45, never 450 × ПДК.
    const list = await t.app.inject({ url: `/api/v1/measures-point-indications/${published.id}/` })
    expect(list.statusCode).toBe(200)
    expect(list.json()).toMatchObject({ value: 0.045, measure: 'мг/м³', mpc: 0.1, share: 0.45 })
    const csv = await t.app.inject({ url: `/api/v1/measures-point-indications/?measures_point=${pointId}&year=2026&format=csv` })
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain('Диоксид азота (NO2);0,045;мг/м³;0,1')
    expect(csv.body).not.toContain('мкг/м³')
    // The chart draws one NO2 series, in мг/м³, against its ПДК line.
    const series = (await readingSeries(t.database.db, pointId)).filter((s) => s.name === 'Диоксид азота (NO2)')
    expect(series.map((s) => s.measure)).toEqual(['мг/м³'])
    expect(series[0].years.find((y) => y.year === 2026)).toMatchObject({ value: 0.045, mpc: 0.1, share: 0.45 })
  })

  it('leaves a file with a unit that does not convert to the ПДК unit in «Ошибка», nothing staged, its findings downloadable', async () => {
    const point = open.points.find((p) => p.kind === 'surface_water')!
    const rows = [[point.nomenclature, 2025, '01.08.2025', 'Нефтепродукты', 7, '°C', '0,05', '']]
    const fileId = await uploadStored(holderContext(), open.reportId, writeCsv(folder.file('wrong-unit.csv'), [HEADER, ...rows]), 'wrong-unit.csv')
    const failed = await settled(fileId, 'error')
    const reason = 'единица «°C» не пересчитывается в единицу ПДК «мг/дм³»: для вещества «Нефтепродукты» допустимы мг/дм³, мг/л, мкг/дм³, мкг/л'
    expect(failed.problems).toEqual([{ row: 2, column: 'Единица измерения', value: '°C', reason }])
    expect(await countStagedRows(t.database.db, fileId)).toBe(0)
    const { headers } = await loginAs(t.app, 'holder1')
    const download = await t.app.inject({ url: `/api/v1/import-files/${fileId}/problems/?format=csv`, headers })
    expect(download.statusCode).toBe(200)
    expect(download.body).toContain(reason)
  })
})
