// The public record under the log (issue 33): what an agreement publishes is recorded in the log with its digest; the
// portal's own role cannot change or remove a published reading or the list of what each file published; what it can
// still write (a limit, an added row) verify names and answers 1 for; an agreed report whose publication gave up is
// told to the Department, shown on the report and reported by verify, and published once the cause is fixed.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { silent, useWorkerScene } from './support/worker-scene.ts'
import { decideOnReport, rebuildProjections, verifyProjections } from '@portal/workflow-domain/commands.server.ts'
import { uploadSpecOf, UPLOADS } from '@portal/workflow-domain/registry.ts'
import { accepted } from '@portal/workflow-domain/views.ts'
import { PUBLISHED_READING_TABLES } from '@portal/migrations/public-record-tables.ts'
import { reportPublicationJob } from '../src/publication/report-publication-job.server.ts'
import { syncReportPublication } from '../src/publication/staged-rows.server.ts'
import { tempFolder, writeCsv } from './support/fixture-files.ts'
import { actorOf, prepareAreaReport, uploadStored, type ReportFixture } from './support/workflow-fixture.ts'
import { reportsOfCompany } from '@portal/workflow-domain/use-cases.server.ts'
import { replayCommand } from '../../workflow-service/test/support/replay-command.ts'

const { t, holderContext, departmentContext, settled } = useWorkerScene()
const SLOW = { timeout: 240_000 }
const folder = tempFolder()
const HEADER = uploadSpecOf('observation_results').columns.map((c) => c.header)

let report: ReportFixture
afterAll(() => folder.remove())
beforeAll(async () => {
  report = await prepareAreaReport(holderContext(), 'observation_results', 2026)
})

const published = (reportId: number) =>
  t.database.db.selectFrom('import_published_rows').select(['row_id', 'file_id']).where('report_id', '=', reportId).orderBy('row_id').execute()

async function agreeAndWait(reportId: number, rows: number) {
  accepted(await decideOnReport(departmentContext(), reportId, { decision: 'agree', comment: '', files: [] }))
  await vi.waitFor(async () => expect((await published(reportId)).length).toBe(rows), { timeout: 90_000, interval: 250 })
  await vi.waitFor(async () => expect(await t.database.db.selectFrom('report_publications').select('status').where('id', '=', reportId).executeTakeFirst()).toMatchObject({ status: 'published' }), { timeout: 30_000, interval: 250 })
}

const findings = async () => (await verifyProjections(t.database.db)).publicRecord!.findings

/** Runs `work` as the owner, whose rights the portal's role lacks (a person with the database's superuser). */
const asOwner = (work: (db: typeof t.database.ownerDb) => Promise<unknown>) => work(t.database.ownerDb)

describe('the tables of published readings', () => {
  it('are the tables the registry\'s uploads publish to', () => {
    expect([...PUBLISHED_READING_TABLES].sort()).toEqual(UPLOADS.map((u) => u.table).sort())
  })
})

describe('the public record under the log', SLOW, () => {
  let fileId: number
  let rowIds: string[]

  it('records what an agreement publishes, and verify finds the catalogue as the log says', async () => {
    const air = report.points.find((p) => p.kind === 'ambient_air')!
    const rows = [
      [air.nomenclature, 2026, '10.03.2026', 'Диоксид азота (NO2)', '0,05', 'мг/м³', '0,2', ''],
      [air.nomenclature, 2026, '11.03.2026', 'Диоксид азота (NO2)', '0,07', 'мг/м³', '0,2', ''],
      [air.nomenclature, 2026, '12.03.2026', 'Диоксид азота (NO2)', '0,09', 'мг/м³', '0,2', ''],
    ]
    fileId = await uploadStored(holderContext(), report.reportId, writeCsv(folder.file('good.csv'), [HEADER, ...rows]), 'good.csv')
    await settled(fileId, 'success', 90_000)
    await agreeAndWait(report.reportId, 3)
    rowIds = (await published(report.reportId)).map((r) => String(r.row_id))
    const publication = await t.database.db.selectFrom('report_publications').selectAll().where('id', '=', report.reportId).executeTakeFirstOrThrow()
    expect(publication).toMatchObject({ status: 'published', rows_public: 3, rows_staged: 3 })
    expect(publication.files).toEqual([expect.objectContaining({ fileId, table: 'measures_point_indications', rows: 3, staged: 3 })])
    const verified = await verifyProjections(t.database.db)
    expect(verified.differences).toEqual([])
    expect(verified.publicRecord).toMatchObject({ files: 1, rows: 3, findings: [] })
    expect(verified.publicRecord!.baseline).toBeGreaterThan(0)
  })

  it('names the source of every public reading: the company, report, file, row and agreement, or the catalogue\'s own data', async () => {
    const answer = await t.app.inject({ url: `/api/v1/measures-point-indications/${rowIds[2]}/source/` })
    expect(answer.statusCode, answer.body).toBe(200)
    const agreement = await t.database.db.selectFrom('report_status_changes').select('id').where('report_id', '=', report.reportId).where('event', '=', 'agreed').orderBy('id', 'desc').executeTakeFirstOrThrow()
    const event = await t.database.db.selectFrom('events').select('hash').where('position', '=', agreement.id).executeTakeFirstOrThrow()
    expect(answer.json()).toMatchObject({
      reading: { id: Number(rowIds[2]), name: 'Диоксид азота (NO2)', value: 0.09, sampled: '2026-03-12' },
      publication: {
        report: { id: report.reportId, year: 2026, area: { id: report.areaId, name: report.areaName } },
        file: { id: fileId, name: 'good.csv' },
        row: 4,
        agreement: { position: Number(agreement.id), fingerprint: event.hash },
      },
      baseline: null,
    })
    const seeded = await t.database.db.selectFrom('measures_point_indications').select('id').orderBy('id').executeTakeFirstOrThrow()
    const own = (await t.app.inject({ url: `/api/v1/measures-point-indications/${seeded.id}/source/` })).json()
    expect(own.publication).toBeNull()
    expect(own.baseline.position).toBeGreaterThan(0)
    expect((await t.app.inject({ url: '/api/v1/measures-point-indications/999999999/source/' })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/api/v1/measures-point-indications/abc/source/' })).statusCode).toBe(400)
  })

  it('refuses the portal\'s role a change or removal of a published reading, a seeded one or an entry of what a file published', async () => {
    const top = await t.database.db.selectFrom('measures_point_indications').select('id').where('mpc', '>', 0).orderBy(sql`value / mpc`, 'desc').executeTakeFirstOrThrow()
    for (const statement of [
      sql`UPDATE measures_point_indications SET value = 0.0001 WHERE id = ${rowIds[0]}`,
      sql`UPDATE measures_point_indications SET value = 0.0001 WHERE id = ${top.id}`,
      sql`DELETE FROM measures_point_indications WHERE id = ${top.id}`,
      sql`DELETE FROM import_published_rows`,
      sql`UPDATE import_published_rows SET file_id = file_id`,
      sql`TRUNCATE greenhouse_gases`,
    ]) {
      await expect(statement.execute(t.database.db)).rejects.toThrow(/permission denied/)
    }
    // Nor may its role withdraw the rows of a file an agreed report holds public.
    await expect(sql`SELECT withdraw_published_file(${fileId})`.execute(t.database.db)).rejects.toThrow(/agreed report/)
    expect(await findings()).toEqual([])
  })

  it('names a limit the portal\'s role changed behind the log, and replay --verify answers 1 until it is put back', async () => {
    const substance = await t.database.db.selectFrom('substances').select(['id', 'name', 'mpc']).where('mpc', 'is not', null).orderBy('id').executeTakeFirstOrThrow()
    await t.database.db.updateTable('substances').set({ mpc: 0.0001 }).where('id', '=', substance.id).execute()
    try {
      expect(await findings()).toEqual([`substances id ${substance.id} (${substance.name}): mpc 0.0001, the log says ${JSON.stringify(substance.mpc)}`])
      const verified = await replayCommand(t.database.url, '--verify')
      expect(verified.code, verified.stdout).toBe(1)
      expect(verified.stdout).toMatch(/public differences: 1/)
    } finally {
      await t.database.db.updateTable('substances').set({ mpc: substance.mpc }).where('id', '=', substance.id).execute()
    }
    expect(await findings()).toEqual([])
  })

  it('names a reading the portal\'s role added behind the log, and one it claimed for a file', async () => {
    const seeded = await t.database.db.selectFrom('measures_point_indications').selectAll().orderBy('id').executeTakeFirstOrThrow()
    const { rows } = await sql<{ id: string }>`
      INSERT INTO measures_point_indications (measures_point_id, year, sampled, name, value, measure, mpc, mpc_max)
      VALUES (${seeded.measures_point_id}, 2031, '2031-01-01', ${seeded.name}, 1, ${seeded.measure}, ${seeded.mpc}, ${seeded.mpc_max}) RETURNING id`.execute(t.database.db)
    const forged = rows[0].id
    await sql`INSERT INTO import_published_rows (target_table, row_id, file_id, report_id) VALUES ('measures_point_indications', ${seeded.id}, ${fileId}, ${report.reportId})`.execute(t.database.db)
    try {
      const found = await findings()
      expect(found).toContain(`  measures_point_indications id ${forged}: a row no publication holds and the baseline did not`)
      expect(found.some((line) => line.startsWith(`report ${report.reportId}, file ${fileId}: the log recorded 3 public rows of measures_point_indications`))).toBe(true)
      expect(found.some((line) => line.startsWith(`  measures_point_indications id ${seeded.id}:`) && line.includes(`a row file ${fileId} never staged`))).toBe(true)
    } finally {
      await asOwner((db) => sql`DELETE FROM import_published_rows WHERE row_id = ${seeded.id} AND file_id = ${fileId}`.execute(db))
      await asOwner((db) => sql`DELETE FROM measures_point_indications WHERE id = ${forged}`.execute(db))
    }
    expect(await findings()).toEqual([])
  })

  it('names a published reading someone with the owner\'s rights changed, with its value as agreed', async () => {
    await asOwner((db) => sql`UPDATE measures_point_indications SET value = 0.0001 WHERE id = ${rowIds[1]}`.execute(db))
    try {
      const found = await findings()
      expect(found).toContain(`  measures_point_indications id ${rowIds[1]}: value 0.0001, as agreed 0.07 (file ${fileId}, row 3)`)
      expect((await replayCommand(t.database.url, '--verify')).code).toBe(1)
      // The rebuild tells it too, and does not rewrite the catalogue: the log holds its digest, not its rows.
      expect((await rebuildProjections(t.database.db)).publicRecord!.findings.length).toBeGreaterThan(0)
    } finally {
      await asOwner((db) => sql`UPDATE measures_point_indications SET value = 0.07 WHERE id = ${rowIds[1]}`.execute(db))
    }
    expect(await findings()).toEqual([])
  })
})

describe('an agreed report whose publication fails', SLOW, () => {
  let failing: ReportFixture
  let failingAgreed = false
  let fileId: number

  it('publishes a value whose multiple of its limit is past any number, instead of failing on every try', async () => {
    failing = await prepareAreaReport(holderContext(), 'observation_results', 2025)
    const air = failing.points.find((p) => p.kind === 'ambient_air')!
    const rows = Array.from({ length: 14 }, (_, i) => [air.nomenclature, 2025, `${String(i + 1).padStart(2, '0')}.05.2025`, 'Диоксид азота (NO2)', '0,05', 'мг/м³', '0,2', ''])
    rows.push([air.nomenclature, 2025, '20.05.2025', 'Диоксид азота (NO2)', '1e308', 'мг/м³', '0,2', ''])
    fileId = await uploadStored(holderContext(), failing.reportId, writeCsv(folder.file('huge.csv'), [HEADER, ...rows]), 'huge.csv')
    // The check ends either way: a plausibility bound (decision 3410) refuses such a value outright, and then there is
    // nothing to publish. (Waiting for 'success' alone waited out its whole timeout on a refusal.)
    const checked = await vi.waitFor(
      async () => {
        const file = await t.database.db.selectFrom('import_files').select('status').where('id', '=', fileId).executeTakeFirstOrThrow()
        if (file.status === 'processing') throw new Error(`file ${fileId} is still being checked`)
        return file
      },
      { timeout: 90_000, interval: 250 },
    )
    if (checked.status !== 'success') return
    await agreeAndWait(failing.reportId, 15)
    failingAgreed = true
    expect(await findings()).toEqual([])
  })

  it('is recorded, told to the Department and shown on the report when its retries run out, reported by verify, and published by the next run', async () => {
    // The report agreed above, or (when the check refused the value outright) the one agreed before.
    const target = failingAgreed ? failing : report
    const job = reportPublicationJob({ db: t.database.db, config: t.app.config, log: silent, queue: t.queue })
    await job.onDeadLetter({ reportId: target.reportId }, 'value out of range: overflow')
    const publication = await t.database.db.selectFrom('report_publications').selectAll().where('id', '=', target.reportId).executeTakeFirstOrThrow()
    expect(publication).toMatchObject({ status: 'failed', reason: 'значение вне допустимого диапазона (value out of range: overflow)' })
    const notices = await t.database.db.selectFrom('notifications').select(['kind', 'body']).where('report_id', '=', target.reportId).where('kind', '=', 'department_publication_failed').execute()
    expect(notices.length).toBeGreaterThan(0)
    const line = `Опубликовано ${publication.rows_public} из ${publication.rows_staged} строк: значение вне допустимого диапазона (value out of range: overflow)`
    expect(notices[0].body).toContain(`: ${line}`)
    expect(await findings()).toContainEqual(`report ${target.reportId} is agreed, but its publication failed: ${line}`)
    // The report's section says the same line, marked as failed.
    const department = await actorOf(t.database.db, 'department')
    const area = await t.database.db.selectFrom('areas').select('company_id').where('id', '=', target.areaId).executeTakeFirstOrThrow()
    const page = accepted(await reportsOfCompany(t.database.db, department, { company: area.company_id!, year: target.year }))
    expect(page.publications[target.reportId]).toEqual({ failed: true, line })

    // The cause fixed (here: nothing was wrong but the job), the next run records the rows public again.
    await syncReportPublication(t.database.db, target.reportId)
    expect(await t.database.db.selectFrom('report_publications').select('status').where('id', '=', target.reportId).executeTakeFirstOrThrow()).toEqual({ status: 'published' })
    expect(await findings()).toEqual([])
  })
})
