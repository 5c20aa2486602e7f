// Issue 34, reproduction 4: a substance's unit changed in the reference data. Within its unit family the change
// converts its limits and its readings, public, seeded and staged, by the recorded event (decision 3416), so the point
// page keeps one chart of the substance and every multiple stays what it was; a conversion behind the log is found by
// verify; one that cannot give a plausible number is refused whole. The readings filed after it are stored, judged and
// charted in the new unit, a limit of an earlier day in the new unit too. Verify agrees throughout.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useWorkerScene } from './support/worker-scene.ts'
import { addReferenceEntry, changeReferenceEntry, decideOnReport, verifyProjections } from '@portal/workflow-domain/commands.server.ts'
import { readingSeries } from '@portal/workflow-domain/use-cases.server.ts'
import { convertUnit, uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { accepted, formatNumber, multipleOf } from '@portal/workflow-domain/views.ts'
import { stagedInAStaleUnit, stageRows, syncReportPublication } from '../src/publication/staged-rows.server.ts'
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
let staging: ReportFixture
let adminContext: () => ReturnType<typeof commandContext>

beforeAll(async () => {
  report = await prepareAreaReport(holderContext(), 'observation_results', 2026)
  later = await prepareAreaReport(holderContext(), 'observation_results', 2025)
  staging = await prepareAreaReport(holderContext(), 'observation_results', 2022)
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

/** Every reading of a substance, public or seeded, by id. */
const readingsOf = (name: string) =>
  sql<{ id: string; value: number; measure: string; mpc: number | null }>`
    SELECT id, value::float8 AS value, measure, mpc::float8 AS mpc FROM measures_point_indications WHERE name = ${name} ORDER BY id`.execute(t.database.db).then((r) => r.rows)

const eventsOf = async (stream: string) => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE stream_id = ${stream}`.execute(t.database.db)).rows[0].n)

/** The file a finding of verify names («report 3, file 12: …»). */
const fileOf = (found: string[]) => Number(/file (\d+):/.exec(found.find((l) => /^report \d+, file \d+:/.test(l)) ?? '')?.[1])

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
  it('converts NO2\'s published, seeded and staged readings to мкг/м³ by the recorded event: one chart, the same multiples, verify agrees', async () => {
    const air = report.points.find((p) => p.kind === 'ambient_air')!
    const fileId = await publish(report, 'no2.csv', [
      [air.nomenclature, 2026, '10.03.2026', NO2, '0,05', 'мг/м³', '0,1', '0,2'],
      [air.nomenclature, 2026, '11.03.2026', NO2, '0,25', 'мг/м³', '0,1', '0,2'],
    ], 2)
    // A checked file of a report not yet agreed: its staged row must be published in the new unit later.
    const stagingAir = staging.points.find((p) => p.kind === 'ambient_air')!
    const stagedFile = await uploadStored(holderContext(), staging.reportId, writeCsv(folder.file('no2-staging.csv'), [HEADER, [stagingAir.nomenclature, 2022, '12.03.2022', NO2, '0,07', 'мг/м³', '', '']]), 'no2-staging.csv')
    await settled(stagedFile, 'success', 120_000)
    const no2 = await substanceOf(NO2, 'мг/м³')
    const before = await readingsOf(NO2)
    const published = before.filter((r) => r.measure === 'мг/м³').length
    expect(published).toBeGreaterThan(2)
    const pointId = (await t.database.db.selectFrom('measures_points').select('id').where('nomenclature', '=', air.nomenclature).executeTakeFirstOrThrow()).id
    const exceedancesOf = async (year: number, areaId: number) =>
      ((await t.app.inject({ url: `/api/v1/exceedances/?year=${year}&area=${areaId}` })).json() as { results: Array<{ substance: string; multiple: number }> }).results.filter((e) => e.substance === NO2).map((e) => e.multiple)
    const exceedancesBefore = await exceedancesOf(2026, report.areaId)
    expect(exceedancesBefore).toEqual([2.5])

    const values = { name: NO2, unit_id: String(await unitId('мкг/м³')), mpc: String(no2.mpc).replace('.', ','), mpc_max: no2.mpc_max === null ? '' : String(no2.mpc_max).replace('.', ',') }
    const changed = accepted(await changeReferenceEntry(adminContext(), { kind: 'substance', id: no2.id, values }))
    expect(changed.values).toMatchObject({ mpc: Number(no2.mpc) * 1000 })
    const stream = `reference-substance-${no2.id}`
    const event = await t.database.db.selectFrom('events').select('data').where('stream_id', '=', stream).where('type', '=', 'ReferenceEntryChanged').orderBy('position', 'desc').executeTakeFirstOrThrow()
    expect(event.data).toMatchObject({ conversion: { from: 'мг/м³', to: 'мкг/м³', factor: 1000, readings: published, staged: 1 } })

    // Every reading of NO2 is in мкг/м³ now, its value and limits a thousand times what they were, its multiple the same.
    const after = await readingsOf(NO2)
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id))
    expect(new Set(after.map((r) => r.measure))).toEqual(new Set(['мкг/м³']))
    for (const [i, r] of after.entries()) {
      expect(r.value).toBe(convertUnit(before[i].value, 'мг/м³', 'мкг/м³'))
      expect(r.mpc).toBe(before[i].mpc === null ? null : convertUnit(before[i].mpc!, 'мг/м³', 'мкг/м³'))
      expect(multipleOf(r.value, r.mpc)).toBe(multipleOf(before[i].value, before[i].mpc))
    }
    expect((await publishedOf(report.reportId)).map((r) => [r.value, r.measure, r.mpc])).toEqual([[50, 'мкг/м³', 100], [250, 'мкг/м³', 100]])
    const staged = await t.database.db.selectFrom('import_staged_rows').select('data').where('file_id', '=', stagedFile).executeTakeFirstOrThrow()
    expect(staged.data).toMatchObject({ value: 70, measure: 'мкг/м³' })
    const series = (await readingSeries(t.database.db, pointId)).filter((s) => s.name === NO2)
    expect(series.map((s) => s.measure)).toEqual(['мкг/м³'])
    expect(series[0].years.find((y) => y.year === 2026)).toMatchObject({ value: 250, mpc: 100, share: 2.5 })
    expect(await exceedancesOf(2026, report.areaId)).toEqual(exceedancesBefore)
    expect((await verifyProjections(t.database.db)).publicRecord!.findings).toEqual([])
    expect((await replayCommand(t.database.url, '--verify')).code).toBe(0)

    // The same change again (a retry, a second tab) records nothing and converts nothing.
    const events = await eventsOf(stream)
    expect(accepted(await changeReferenceEntry(adminContext(), { kind: 'substance', id: no2.id, values: { ...values, mpc: '100', mpc_max: values.mpc_max && String(Number(no2.mpc_max) * 1000) } })).changed).toBe(false)
    expect(await eventsOf(stream)).toBe(events)
    expect((await readingsOf(NO2)).map((r) => r.value)).toEqual(after.map((r) => r.value))

    // The staged file is published in the new unit; a cancellation withdraws the report's rows, a new agreement brings
    // them back with their ids, and verify holds throughout.
    accepted(await decideOnReport(departmentContext(), staging.reportId, { decision: 'agree', comment: 'Согласовано', files: [] }))
    await vi.waitFor(async () => expect((await publishedOf(staging.reportId)).map((r) => [r.value, r.measure])).toEqual([[70, 'мкг/м³']]), { timeout: 60_000, interval: 250 })
    const ids = (await publishedOf(report.reportId)).map((r) => r.id)
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'cancel', comment: 'Отмена', files: [] }))
    await vi.waitFor(async () => expect(await publishedOf(report.reportId)).toEqual([]), { timeout: 60_000, interval: 250 })
    expect((await replayCommand(t.database.url, '--verify')).code).toBe(0)
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'agree', comment: 'Согласовано снова', files: [] }))
    await vi.waitFor(async () => expect((await publishedOf(report.reportId)).map((r) => [r.id, r.value, r.measure])).toEqual([[ids[0], 50, 'мкг/м³'], [ids[1], 250, 'мкг/м³']]), { timeout: 60_000, interval: 250 })
    const verified = await replayCommand(t.database.url, '--verify')
    expect(verified.code, verified.stdout).toBe(0)
    expect(fileId).toBeGreaterThan(0)
  })

  it('finds a conversion made behind the log: the owner\'s function called without the event, or one reading multiplied by another factor', async () => {
    // The portal's role still cannot change a published reading itself.
    await expect(sql`UPDATE measures_point_indications SET value = value * 1000 WHERE name = ${NO2}`.execute(t.database.db)).rejects.toThrow(/permission denied/)
    await sql`SELECT convert_published_readings(${NO2}, 'мкг/м³', 'мг/м³', -3)`.execute(t.database.db)
    try {
      const found = (await verifyProjections(t.database.db)).publicRecord!.findings
      expect(found.some((line) => line.includes(`report ${report.reportId}, file`))).toBe(true)
      expect(found.some((line) => line.startsWith('measures_point_indications: the baseline recorded'))).toBe(true)
      expect((await replayCommand(t.database.url, '--verify')).code).toBe(1)
    } finally {
      await sql`SELECT convert_published_readings(${NO2}, 'мг/м³', 'мкг/м³', 3)`.execute(t.database.db)
    }
    expect((await verifyProjections(t.database.db)).publicRecord!.findings).toEqual([])
    const [first] = await publishedOf(report.reportId)
    await t.database.ownerDb.updateTable('measures_point_indications').set({ value: first.value * 100 }).where('id', '=', String(first.id)).execute()
    try {
      const found = (await verifyProjections(t.database.db)).publicRecord!.findings
      expect(found).toContain(`  measures_point_indications id ${first.id}: value ${first.value * 100}, as agreed ${first.value} (file ${found.length > 0 ? fileOf(found) : ''}, row 2)`)
    } finally {
      await t.database.ownerDb.updateTable('measures_point_indications').set({ value: first.value }).where('id', '=', String(first.id)).execute()
    }
    expect((await verifyProjections(t.database.db)).publicRecord!.findings).toEqual([])
  })

  it('refuses a unit change that would leave a reading beyond the plausible bound of the new unit, naming it, and changes nothing', async () => {
    const name = 'Сероводород (граница)'
    const { id } = accepted(await addReferenceEntry(adminContext(), { kind: 'substance', values: { name, unit_id: String(await unitId('мкг/м³')), mpc: '8', mpc_max: '' } }))
    const point = (await t.database.db.selectFrom('measures_points').select('id').where('nomenclature', '=', report.points[0].nomenclature).executeTakeFirstOrThrow()).id
    // Only someone with the owner's rights can put such a value there (the check refuses it): 2·10⁷ мкг/м³ is 20 000 мг/м³.
    const planted = await t.database.ownerDb.insertInto('measures_point_indications').values({ measures_point_id: point, year: 2020, sampled: '2020-01-01', name, value: 2e10, measure: 'мкг/м³', mpc: 8, mpc_max: null }).returning('id').executeTakeFirstOrThrow()
    try {
      const refusal = await refusalOf(changeReferenceEntry(adminContext(), { kind: 'substance', id, values: { name, unit_id: String(await unitId('мг/м³')), mpc: '8', mpc_max: '' } }))
      expect(refusal).toEqual({
        status: 409,
        parameter: 'unit_id',
        detail: `Нельзя изменить единицу измерения вещества «${name}»: показание № ${planted.id}, ${formatNumber(2e10)} мкг/м³, в «мг/м³» превысило бы правдоподобную границу ${formatNumber(10_000)} мг/м³. Ничего не изменено: исправьте это показание или оставьте «мкг/м³».`,
      })
      expect((await t.database.db.selectFrom('measures_point_indications').select(['value', 'measure']).where('id', '=', planted.id).executeTakeFirstOrThrow())).toEqual({ value: 2e10, measure: 'мкг/м³' })
      expect(Number((await substanceOf(name, 'мкг/м³')).mpc)).toBe(8)
    } finally {
      await t.database.ownerDb.deleteFrom('measures_point_indications').where('id', '=', planted.id).execute()
    }
  })

  it('publishes a substance\'s rows in the one unit it ends in when its unit change and the publication run at once', async () => {
    for (const [i, first] of (['publication', 'change'] as const).entries()) {
      const name = `Сероводород (гонка ${i + 1})`
      const { id } = accepted(await addReferenceEntry(adminContext(), { kind: 'substance', values: { name, unit_id: String(await unitId('мг/м³')), mpc: '0,008', mpc_max: '' } }))
      const race = await prepareAreaReport(holderContext(), 'observation_results', 2024 - i)
      const point = race.points.find((p) => p.kind === 'ambient_air')!
      const rows = Array.from({ length: 40 }, (_, d) => [point.nomenclature, 2024 - i, `${String(d % 28 + 1).padStart(2, '0')}.${String(Math.floor(d / 28) + 1).padStart(2, '0')}.${2024 - i}`, name, '0,004', 'мг/м³', '', ''])
      const file = await uploadStored(holderContext(), race.reportId, writeCsv(folder.file(`race-${i}.csv`), [HEADER, ...rows]), `race-${i}.csv`)
      await settled(file, 'success', 120_000)
      accepted(await decideOnReport(departmentContext(), race.reportId, { decision: 'agree', comment: 'Согласовано', files: [] }))
      const micro = String(await unitId('мкг/м³'))
      const change = () => changeReferenceEntry(adminContext(), { kind: 'substance', id, values: { name, unit_id: micro, mpc: '0,008', mpc_max: '' } })
      const publication = () => syncReportPublication(t.database.db, race.reportId)
      if (first === 'change') await Promise.all([change(), publication()])
      else {
        // The publication held between its insert and its commit: a transaction of the owner's holds one of the rows'
        // keys, so the publication's INSERT waits on it with the rest of its rows written and not committed. The change
        // comes meanwhile; only then is the key let go. Without the shared lock the conversion would commit first, miss
        // the rows it could not see, and the publication commit them in мг/м³.
        let release!: () => void
        const released = new Promise<void>((resolve) => { release = resolve })
        let holding!: () => void
        const held = new Promise<void>((resolve) => { holding = resolve })
        const blocker = t.database.ownerDb.transaction().execute(async (trx) => {
          await sql`INSERT INTO measures_point_indications (measures_point_id, year, sampled, name, value, measure, mpc, mpc_max)
            SELECT r.measures_point_id, r.year, r.sampled, r.name, r.value, r.measure, r.mpc, r.mpc_max
            FROM import_staged_rows s CROSS JOIN LATERAL jsonb_populate_record(NULL::measures_point_indications, s.data) r
            WHERE s.file_id = ${file} ORDER BY s.row_number DESC LIMIT 1`.execute(trx)
          holding()
          await released
          throw new Error('rolled back')
        }).catch(() => {})
        await held
        const waiting = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`.execute(t.database.ownerDb)).rows[0].n)
        const published = publication()
        await vi.waitFor(async () => expect(await waiting()).toBeGreaterThan(0), { timeout: 30_000, interval: 50 })
        let changed = false
        const changing = change().then((answer) => { changed = true; return answer })
        const before = await waiting()
        await vi.waitFor(async () => expect(changed || (await waiting()) > before).toBe(true), { timeout: 30_000, interval: 50 })
        release()
        await Promise.all([blocker, published, changing])
      }
      await vi.waitFor(async () => expect(await publishedOf(race.reportId)).toHaveLength(40), { timeout: 60_000, interval: 250 })
      const units = await sql<{ measure: string; value: number; n: number }>`
        SELECT measure, value, count(*)::int AS n FROM measures_point_indications WHERE name = ${name} GROUP BY measure, value`.execute(t.database.db)
      expect(units.rows).toEqual([{ measure: 'мкг/м³', value: 4, n: 40 }])
    }
    const verified = await replayCommand(t.database.url, '--verify')
    expect(verified.code, verified.stdout).toBe(0)
  })

  it('finds the rows a check staged in the old unit after a conversion had run, so the check runs again', async () => {
    const name = 'Сероводород (проверка во время пересчёта)'
    const { id } = accepted(await addReferenceEntry(adminContext(), { kind: 'substance', values: { name, unit_id: String(await unitId('мг/м³')), mpc: '0,008', mpc_max: '' } }))
    const fixture = await prepareAreaReport(holderContext(), 'observation_results', 2021)
    const point = fixture.points.find((p) => p.kind === 'ambient_air')!
    const fileId = await uploadStored(holderContext(), fixture.reportId, writeCsv(folder.file('during.csv'), [HEADER, [point.nomenclature, 2021, '10.03.2021', name, '0,004', 'мг/м³', '', '']]), 'during.csv')
    await settled(fileId, 'success', 120_000)
    const target = { fileId, reportId: fixture.reportId, spec: uploadSpecOf('observation_results'), fixed: {} }
    const staged = (await t.database.db.selectFrom('import_staged_rows').select('data').where('file_id', '=', fileId).executeTakeFirstOrThrow()).data as Record<string, string | number | null>
    expect(await stagedInAStaleUnit(t.database.db, fileId)).toBeNull()
    // The conversion converts what is staged; a batch the check stages after it, read with the old unit, is stale.
    accepted(await changeReferenceEntry(adminContext(), { kind: 'substance', id, values: { name, unit_id: String(await unitId('мкг/м³')), mpc: '0,008', mpc_max: '' } }))
    expect(await stagedInAStaleUnit(t.database.db, fileId)).toBeNull()
    await stageRows(t.database.db, target, [{ number: 3, values: { ...staged, sampled: '2021-03-11', value: 0.005, measure: 'мг/м³' } }])
    expect(await stagedInAStaleUnit(t.database.db, fileId)).toEqual({ row: 3, measure: 'мг/м³', unit: 'мкг/м³' })
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

    // Into another family its readings do not convert: refused, naming the units they would.
    expect(await refusalOf(changeReferenceEntry(adminContext(), { kind: 'substance', id, values: { name: H2S, unit_id: String(await unitId('Бк/кг')), mpc: '8', mpc_max: '8' } }))).toEqual({
      status: 409,
      parameter: 'unit_id',
      detail: `Нельзя изменить единицу измерения вещества «${H2S}»: в «мкг/м³» опубликованы его показания (2), а в «Бк/кг» они не пересчитываются. Допустимы мкг/м³, мг/м³: показания будут пересчитаны, и у вещества останется одна единица на всех страницах.`,
    })
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
