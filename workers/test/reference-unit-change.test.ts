// Issue 34, reproduction 4: a substance's unit changed in the reference data. While its readings are public in the old
// unit the change is refused (their values would stay in it and the point page would split the substance in two);
// a substance with none gets its limits converted by a recorded event, and the readings filed after it are stored,
// judged and charted in the new unit, a limit of an earlier day in the new unit too. Verify agrees throughout.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useWorkerScene } from './support/worker-scene.ts'
import { addReferenceEntry, changeReferenceEntry, decideOnReport, verifyProjections } from '@portal/workflow-service/commands.server.ts'
import { readingSeries } from '@portal/workflow-service/use-cases.server.ts'
import { uploadSpecOf } from '@portal/workflow-service/registry.ts'
import { accepted } from '@portal/workflow-service/views.ts'
import { replayCommand } from '../../workflow-service/test/support/replay-command.ts'
import { tempFolder, writeCsv } from './support/fixture-files.ts'
import { actorOf, commandContext, prepareAreaReport, uploadStored, type ReportFixture } from './support/workflow-fixture.ts'
import { refusalOf } from '../../test-support/refusal-of.ts'

const { t, holderContext, departmentContext, settled } = useWorkerScene()
const SLOW = { timeout: 240_000 }
const folder = tempFolder()
const HEADER = uploadSpecOf('observation_results').columns.map((c) => c.header)
const NO2 = 'Диоксид азота (NO2)'
const H2S = 'Сероводород (проверка единицы)'

let report: ReportFixture
let later: ReportFixture
let adminContext: () => ReturnType<typeof commandContext>

beforeAll(async () => {
  report = await prepareAreaReport(holderContext(), 'observation_results', 2026)
  later = await prepareAreaReport(holderContext(), 'observation_results', 2025)
  const admin = await actorOf(t.database.db, 'admin')
  adminContext = () => commandContext(t.database.db, t.queue, t.app.config.storageDir, admin)
})
afterAll(() => folder.remove())


/** The unit's id, added to the reference data the way an administrator adds it when it is not there yet. */
async function unitId(name: string): Promise<number> {
  const found = await t.database.db.selectFrom('units').select('id').where('name', '=', name).executeTakeFirst()
  return found ? found.id : accepted(await addReferenceEntry(adminContext(), { kind: 'unit', values: { name } })).id
}
const substanceOf = (name: string, unit: string) =>
  t.database.db.selectFrom('substances').innerJoin('units', 'units.id', 'substances.unit_id').select(['substances.id', 'substances.mpc', 'substances.mpc_max'])
    .where('substances.name', '=', name).where('units.name', '=', unit).executeTakeFirstOrThrow()

const publishedOf = (reportId: number) =>
  sql<{ id: number; name: string; value: number; measure: string; mpc: number | null }>`
    SELECT i.id, i.name, i.value::float8 AS value, i.measure, i.mpc::float8 AS mpc FROM measures_point_indications i
    JOIN import_published_rows p ON p.target_table = 'measures_point_indications' AND p.row_id = i.id
    WHERE p.report_id = ${reportId} ORDER BY i.sampled`.execute(t.database.db).then((r) => r.rows)

async function publish(fixture: ReportFixture, name: string, rows: Array<Array<string | number>>, count: number) {
  const fileId = await uploadStored(holderContext(), fixture.reportId, writeCsv(folder.file(name), [HEADER, ...rows]), name)
  await settled(fileId, 'success', 120_000)
  accepted(await decideOnReport(departmentContext(), fixture.reportId, { decision: 'agree', comment: 'Согласовано', files: [] }))
  await vi.waitFor(async () => expect(await publishedOf(fixture.reportId)).toHaveLength(count), { timeout: 60_000, interval: 250 })
  return fileId
}

describe('a unit change of a substance in the reference data', SLOW, () => {
  it('refuses moving NO2 to мкг/м³ while its readings are public in мг/м³, naming how many: one chart, one unit, verify agrees', async () => {
    const air = report.points.find((p) => p.kind === 'ambient_air')!
    await publish(report, 'no2.csv', [[air.nomenclature, 2026, '10.03.2026', NO2, '0,05', 'мг/м³', '0,1', '0,2']], 1)
    const no2 = await substanceOf(NO2, 'мг/м³')
    const no2Unit = await unitId('мг/м³')
    const published = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM measures_point_indications WHERE name = ${NO2} AND measure = 'мг/м³'`.execute(t.database.db)).rows[0].n)
    expect(published).toBeGreaterThan(0)

    const change = changeReferenceEntry(adminContext(), { kind: 'substance', id: no2.id, values: { name: NO2, unit_id: String(await unitId('мкг/м³')), mpc: '40', mpc_max: '200' } })
    expect(await refusalOf(change)).toEqual({
      status: 409,
      parameter: 'unit_id',
      detail: `Нельзя изменить единицу измерения вещества «${NO2}»: в «мг/м³» опубликованы его показания (${published}). Опубликованные значения в другую единицу не пересчитываются: оставьте «мг/м³», чтобы у вещества была одна единица на всех страницах.`,
    })
    // Nothing changed: the reference, and the point page's one NO2 chart in мг/м³ at 0,5 of its limit (the standard's
    // daily mean, 0,1 мг/м³).
    expect(await substanceOf(NO2, 'мг/м³')).toEqual(no2)
    const pointId = (await t.database.db.selectFrom('measures_points').select('id').where('nomenclature', '=', air.nomenclature).executeTakeFirstOrThrow()).id
    const series = (await readingSeries(t.database.db, pointId)).filter((s) => s.name === NO2)
    expect(series.map((s) => s.measure)).toEqual(['мг/м³'])
    expect(series[0].years.find((y) => y.year === 2026)).toMatchObject({ value: 0.05, mpc: 0.1, share: 0.5 })
    expect((await verifyProjections(t.database.db)).publicRecord!.findings).toEqual([])
    // Nor may it be renamed: its readings hold the name as their key's part.
    const renamed = changeReferenceEntry(adminContext(), { kind: 'substance', id: no2.id, values: { name: 'Азота диоксид', unit_id: String(no2Unit), mpc: String(no2.mpc).replace('.', ','), mpc_max: no2.mpc_max === null ? '' : String(no2.mpc_max).replace('.', ',') } })
    expect(await refusalOf(renamed)).toEqual({
      status: 409,
      parameter: 'name',
      detail: `Нельзя переименовать вещество «${NO2}»: под этим наименованием опубликованы его показания (${published}). Показания хранят наименование вещества, и новое разделило бы их надвое: оставьте «${NO2}».`,
    })
  })

  it('converts the limits of a substance with no readings by a recorded event; a later file is stored, judged and charted in the new unit, never «250×»', async () => {
    const { id } = accepted(await addReferenceEntry(adminContext(), { kind: 'substance', values: { name: H2S, unit_id: String(await unitId('мг/м³')), mpc: '0,008', mpc_max: '0,008' } }))
    const changed = accepted(await changeReferenceEntry(adminContext(), { kind: 'substance', id, values: { name: H2S, unit_id: String(await unitId('мкг/м³')), mpc: '0,008', mpc_max: '0,008' } }))
    expect(changed.values).toMatchObject({ mpc: 8, mpc_max: 8 })
    const event = await t.database.db.selectFrom('events').select('data').where('stream_id', '=', `reference-substance-${id}`).where('type', '=', 'ReferenceEntryChanged').executeTakeFirstOrThrow()
    expect(event.data).toMatchObject({ conversion: { from: 'мг/м³', to: 'мкг/м³', factor: 1000 } })
    expect(event.data).toMatchObject({ changes: expect.arrayContaining([{ field: 'mpc', from: 0.008, to: 8 }, { field: 'mpc_max', from: 0.008, to: 8 }]) })

    // The holder files in мг/м³ with the template's old ПДК, as every year before: 5 мкг/м³ against 8, 0,625 of it.
    // A sample of a day before the change gets the limit that stood then, in today's unit: 0,008 мг/м³ is 8 мкг/м³.
    const air = later.points.find((p) => p.kind === 'ambient_air')!
    await publish(later, 'h2s.csv', [
      [air.nomenclature, 2025, '10.03.2025', H2S, '0,005', 'мг/м³', '0,008', ''],
      [air.nomenclature, 2025, '11.03.2025', H2S, '0,02', 'мг/м³', '0,008', ''],
    ], 2)
    expect((await publishedOf(later.reportId)).map((r) => ({ value: r.value, measure: r.measure, mpc: r.mpc }))).toEqual([
      { value: 5, measure: 'мкг/м³', mpc: 8 },
      { value: 20, measure: 'мкг/м³', mpc: 8 },
    ])
    const exceedances = (await t.app.inject({ url: `/api/v1/exceedances/?year=2025&area=${later.areaId}` })).json() as { results: Array<{ substance: string; multiple: number }> }
    expect(exceedances.results.filter((e) => e.substance === H2S).map((e) => e.multiple)).toEqual([2.5])
    const pointId = (await t.database.db.selectFrom('measures_points').select('id').where('nomenclature', '=', air.nomenclature).executeTakeFirstOrThrow()).id
    const series = (await readingSeries(t.database.db, pointId)).filter((s) => s.name === H2S)
    expect(series.map((s) => s.measure)).toEqual(['мкг/м³'])

    // The unit of H2S can no longer change: its readings are public in мкг/м³.
    expect(await refusalOf(changeReferenceEntry(adminContext(), { kind: 'substance', id, values: { name: H2S, unit_id: String(await unitId('мг/м³')), mpc: '8', mpc_max: '8' } }))).toMatchObject({ status: 409, parameter: 'unit_id' })
    const verified = await replayCommand(t.database.url, '--verify')
    expect(verified.code, verified.stdout).toBe(0)
  })

  it('refuses a unit of another family while the substance has a limit, naming the limit and the units it converts to', async () => {
    const { id } = accepted(await addReferenceEntry(adminContext(), { kind: 'substance', values: { name: 'Свинец (проверка единицы)', unit_id: String(await unitId('мг/кг')), mpc: '32', mpc_max: '' } }))
    expect(await refusalOf(changeReferenceEntry(adminContext(), { kind: 'substance', id, values: { name: 'Свинец (проверка единицы)', unit_id: String(await unitId('мг/м³')), mpc: '32', mpc_max: '' } }))).toEqual({
      status: 400,
      parameter: 'unit_id',
      detail: 'Единица измерения: «мг/м³» не пересчитывается из «мг/кг»: ПДК 32 мг/кг в ней не выразить; допустимы мг/кг, г/кг — или сначала измените ПДК',
    })
    expect(Number((await substanceOf('Свинец (проверка единицы)', 'мг/кг')).mpc)).toBe(32)
  })
})
