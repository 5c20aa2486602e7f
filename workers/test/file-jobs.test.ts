import { existsSync, writeFileSync } from 'node:fs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useWorkerScene } from './support/worker-scene.ts'
import { decideOnReport, requestFileDeletion, storedFilePath } from '@portal/workflow-domain/commands.server.ts'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { JOBS } from '@portal/workflow-domain/ports.ts'
import { countStagedRows } from './support/staged-rows.ts'
import { tempFolder, writeCsv, writeZipBomb } from './support/fixture-files.ts'
import { addTestSubstances, prepareAreaReport, prepareCompanyReport, uploadStored, type ReportFixture } from './support/workflow-fixture.ts'
import { accepted } from '@portal/workflow-domain/views.ts'

const { t, holderContext, departmentContext, fileRow, settled } = useWorkerScene()
// Each data file is checked in a process of its own: on a busy machine its start alone takes seconds.
const SLOW = { timeout: 120_000 }
const folder = tempFolder()
const HEADER = uploadSpecOf('observation_results').columns.map((c) => c.header)

let report: ReportFixture


beforeAll(async () => {
  report = await prepareAreaReport(holderContext(), 'observation_results')
  await addTestSubstances(t.database.db, t.queue, t.app.config.storageDir, ['Маркер-1', 'Маркер-2', 'Маркер-3', 'Маркер-4'])
})
afterAll(() => folder.remove())

/** A marker substance name per test, so catalogue rows of one test are told from the demo data and other tests. */
function readings(marker: string, count: number): Array<Array<string | number>> {
  const point = report.points.find((p) => p.kind === 'surface_water')!
  // One sampling day per row: a point, substance and day twice would be the same reading (decision 2120).
  return Array.from({ length: count }, (_, i) => [point.nomenclature, report.year, `${String(i + 1).padStart(2, '0')}.08.${report.year}`, marker, `0,0${i + 1}`, 'мг/дм3', '0,05', ''])
}



async function published(marker: string): Promise<number> {
  const row = await t.database.db.selectFrom('measures_point_indications').select((eb) => eb.fn.countAll<number>().as('n')).where('name', '=', marker).executeTakeFirstOrThrow()
  return Number(row.n)
}

describe('file jobs on the real workflow and queue', SLOW, () => {
  it('checks a good file to success with its rows staged, and a wrong header to error naming the columns', async () => {
    const good = await uploadStored(holderContext(), report.reportId, writeCsv(folder.file('good.csv'), [HEADER, ...readings('Маркер-1', 25)]), 'good.csv')
    const wrong = await uploadStored(
      holderContext(),
      report.reportId,
      writeCsv(folder.file('wrong.csv'), [['Пункт', ...HEADER.slice(1)], ...readings('Маркер-1', 3)]),
      'wrong.csv',
    )
    // The readings write мг/дм3: accepted, and the warning is kept with the good file (through the child process), said
    // once for the column at the first row that writes it, not on each of the 25 rows.
    const checked = await settled(good, 'success')
    expect(checked.problems).toHaveLength(1)
    expect(new Set(checked.problems.map((p) => `${p.level}: ${p.reason}`))).toEqual(new Set(['warning: единица «мг/дм3» принята как «мг/дм³»']))
    expect(checked.problems[0]).toMatchObject({ row: 2, value: 'мг/дм3' })
    expect(await countStagedRows(t.database.db, good)).toBe(25)
    const failed = await settled(wrong, 'error')
    expect(failed.problems[0]).toEqual({
      row: 1,
      reason: 'несоответствие полей: нет столбцов «Пункт наблюдения (номенклатура)»; неизвестные столбцы «Пункт»',
    })
    expect(await countStagedRows(t.database.db, wrong)).toBe(0)
    // Staged rows are not in the catalogue before the Department agrees the report.
    expect(await published('Маркер-1')).toBe(0)
  })

  it('publishes the rows when the report is agreed and withdraws them when the decision is cancelled', async () => {
    const fileId = await uploadStored(holderContext(), report.reportId, writeCsv(folder.file('agree.csv'), [HEADER, ...readings('Маркер-2', 12)]), 'agree.csv')
    await settled(fileId, 'success')
    // Agreeing enqueues the publication job in the decision's transaction.
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'agree', comment: 'Согласовано', files: [] }))
    await vi.waitFor(async () => expect(await published('Маркер-2')).toBe(12), { timeout: 30_000, interval: 200 })
    const row = await t.database.db.selectFrom('measures_point_indications').selectAll().where('name', '=', 'Маркер-2').orderBy('id').executeTakeFirstOrThrow()
    expect(row).toMatchObject({ year: report.year, value: 0.01, measure: 'мг/дм³', mpc: 0.05, mpc_max: null })
    // The job reconciles: running it again publishes nothing twice.
    await t.queue.send(JOBS.reportPublication, { reportId: report.reportId }, { key: 'again' })
    await vi.waitFor(async () => {
      const jobs = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE singleton_key = 'again'`.execute(t.database.db)
      expect(jobs.rows).toEqual([{ state: 'completed' }])
    }, { timeout: 30_000, interval: 200 })
    expect(await published('Маркер-2')).toBe(12)
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'cancel', comment: 'Отмена решения', files: [] }))
    await vi.waitFor(async () => expect(await published('Маркер-2')).toBe(0), { timeout: 30_000, interval: 200 })
    expect(await countStagedRows(t.database.db, fileId)).toBe(12)
  })

  it('publishes a greenhouse-gas file under the report company, its categories looked up by name', async () => {
    const ghg = await prepareCompanyReport(holderContext(), 'greenhouse_gases')
    const categories = await sql<{ id: number; name: string }>`SELECT id, name FROM greenhouse_categories ORDER BY id LIMIT 2`.execute(t.database.db)
    const header = uploadSpecOf('greenhouse_gases').columns.map((c) => c.header)
    // «Всего» is the gases times their potentials (AR4: CH₄ 25, N₂O 298), as the check holds it (decision 3410).
    const rows = categories.rows.map((c, i) => [ghg.year, c.name, 1000.5 + i, 2, 0.1, 0, 0, 0, 0, 1080.3 + i])
    const fileId = await uploadStored(holderContext(), ghg.reportId, writeCsv(folder.file('ghg.csv'), [header, ...rows]), 'ghg.csv')
    await settled(fileId, 'success')
    accepted(await decideOnReport(departmentContext(), ghg.reportId, { decision: 'agree', comment: 'Согласовано', files: [] }))
    const mine = () =>
      sql<{ company_id: number; greenhouse_category_id: number; co2: number; total: number }>`
        SELECT g.company_id, g.greenhouse_category_id, g.co2, g.total FROM greenhouse_gases g
        JOIN import_published_rows p ON p.target_table = 'greenhouse_gases' AND p.row_id = g.id
        WHERE p.file_id = ${fileId} ORDER BY g.id`.execute(t.database.db)
    await vi.waitFor(async () => expect((await mine()).rows).toHaveLength(2), { timeout: 30_000, interval: 200 })
    expect((await mine()).rows).toEqual(
      categories.rows.map((c, i) => ({ company_id: ghg.companyId, greenhouse_category_id: c.id, co2: 1000.5 + i, total: 1080.3 + i })),
    )
  })

  it('deletes a file: its bytes and staged rows go, then it is recorded as deleted', async () => {
    const fileId = await uploadStored(holderContext(), report.reportId, writeCsv(folder.file('delete.csv'), [HEADER, ...readings('Маркер-3', 5)]), 'delete.csv')
    const { storage_key } = await settled(fileId, 'success')
    const stored = storedFilePath(t.app.config.storageDir, storage_key)
    expect(existsSync(stored)).toBe(true)
    accepted(await requestFileDeletion(holderContext(), fileId))
    expect((await fileRow(fileId)).status).toBe('deletion')
    await settled(fileId, 'deleted')
    expect(existsSync(stored)).toBe(false)
    expect(await countStagedRows(t.database.db, fileId)).toBe(0)
    const events = await sql<{ type: string }>`SELECT type FROM events WHERE stream_id = ${`file-${fileId}`} ORDER BY stream_version`.execute(t.database.db)
    expect(events.rows.map((e) => e.type)).toEqual(['FileUploaded', 'FileCheckPassed', 'FileDeletionRequested', 'FileDeleted'])
  })

  it('ends a ZIP bomb and an empty file as errors with a reason, and goes on checking the next file', async () => {
    const bomb = await uploadStored(holderContext(), report.reportId, writeZipBomb(folder.file('bomb.xlsx'), 64), 'bomb.xlsx')
    writeFileSync(folder.file('empty.csv'), '')
    const empty = await uploadStored(holderContext(), report.reportId, folder.file('empty.csv'), 'empty.csv')
    const next = await uploadStored(holderContext(), report.reportId, writeCsv(folder.file('next.csv'), [HEADER, ...readings('Маркер-4', 2)]), 'next.csv')
    expect((await settled(bomb, 'error')).problems[0].reason).toMatch(/ZIP-бомба/)
    expect((await settled(empty, 'error')).problems).toEqual([{ reason: 'файл пуст (0 байт)' }])
    await settled(next, 'success')
  })

  it('checks a programme file by its real type: a PDF passes, an executable named .pdf is refused before any job', async () => {
    const programme = await prepareAreaReport(holderContext(), 'program')
    const pdf = folder.file('programme.pdf')
    const exe = folder.file('setup.pdf')
    writeFileSync(pdf, '%PDF-1.7\n1 0 obj\n')
    writeFileSync(exe, Buffer.from('MZ\x90\x00\x03\x00\x00\x00'))
    const ok = await uploadStored(holderContext(), programme.reportId, pdf, 'Программа.pdf')
    await settled(ok, 'success')
    // The upload reads the first bytes itself (the worker's check stays behind it): a program never reaches the queue.
    await expect(uploadStored(holderContext(), programme.reportId, exe, 'Программа.pdf')).rejects.toThrow(/refused: invalid-input/)
  })
})
