// One reading is published once (decision 2120): the file check refuses a row whose natural key already stands (in
// the same file, in another file of the report, among the published readings), naming both places; publication is
// idempotent on that key whatever the order of agreements, cancellations and rounds.
import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useWorkerScene } from './support/worker-scene.ts'
import { decideOnReport, uploadFile, newStorageKey, storeFile } from '@portal/workflow-domain/commands.server.ts'
import { UPLOADS, uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { stageRows, syncReportPublication } from '../src/publication/staged-rows.server.ts'
import { duplicateRowsQuery } from '../src/files/duplicate-rows.server.ts'
import { countStagedRows } from './support/staged-rows.ts'
import { tempFolder, writeCsv } from './support/fixture-files.ts'
import { addTestSubstances, prepareAreaReport, uploadStored, type ReportFixture } from './support/workflow-fixture.ts'
import { accepted } from '@portal/workflow-domain/views.ts'

const { t, holderContext, departmentContext, fileRow, settled } = useWorkerScene()
// Each data file is checked in a process of its own: on a busy machine its start alone takes seconds.
const SLOW = { timeout: 120_000 }
const folder = tempFolder()
const spec = uploadSpecOf('observation_results')
const HEADER = spec.columns.map((c) => c.header)
const SAME = 'совпадают «Пункт наблюдения (номенклатура)», «Год», «Показатель» и «Дата отбора»'

let report: ReportFixture
let point: string


beforeAll(async () => {
  report = await prepareAreaReport(holderContext(), 'observation_results')
  point = report.points.find((p) => p.kind === 'surface_water')!.nomenclature
  await addTestSubstances(t.database.db, t.queue, t.app.config.storageDir, ['Ключ-1', 'Ключ-2', 'Ключ-2-свой', 'Повтор-1', 'Повтор-2', 'Повтор-байтов'])
})
afterAll(() => folder.remove())

const row = (marker: string, day: number, value = '0,01') => [point, report.year, `${String(day).padStart(2, '0')}.08.${report.year}`, marker, value, 'мг/дм³', '0,05', '']

async function upload(name: string, rows: unknown[][]): Promise<number> {
  return uploadStored(holderContext(), report.reportId, writeCsv(folder.file(name), [HEADER, ...(rows as Array<Array<string | number>>)]), name)
}
async function published(marker: string): Promise<number> {
  const found = await t.database.db.selectFrom('measures_point_indications').select((eb) => eb.fn.countAll<number>().as('n')).where('name', '=', marker).executeTakeFirstOrThrow()
  return Number(found.n)
}
const reportStatus = async () => (await t.database.db.selectFrom('import_reports').select('status').where('id', '=', report.reportId).executeTakeFirstOrThrow()).status

describe('rows whose natural key already stands', SLOW, () => {
  it('refuses a row that repeats an earlier row of the same file, naming both rows, and stages nothing', async () => {
    const fileId = await upload('сам-себя.csv', [row('Повтор-1', 1), row('Повтор-1', 2), row('Повтор-1', 1, '0,02')])
    const checked = await settled(fileId, 'error')
    expect(checked.problems).toEqual([{ row: 4, reason: `повторяет строку 2 этого файла: ${SAME}`, kind: 'duplicate' }])
    expect(await countStagedRows(t.database.db, fileId)).toBe(0)
  })

  it('refuses rows another file of the report already holds, naming that file and its row, and keeps the earlier file as it was', async () => {
    const first = await upload('наблюдения-воздух-2026.csv', [row('Повтор-2', 1), row('Повтор-2', 2), row('Повтор-2', 3)])
    await settled(first, 'success')
    // Another name, other values, one new day: the days already in the first file are the same readings.
    const copy = await upload('копия.csv', [row('Повтор-2', 3, '0,03'), row('Повтор-2', 4), row('Повтор-2', 2, '0,04')])
    const checked = await settled(copy, 'error')
    expect(checked.problems).toEqual([
      { row: 2, reason: `повторяет строку 4 файла «наблюдения-воздух-2026.csv» этого отчёта: ${SAME}`, kind: 'duplicate' },
      { row: 4, reason: `повторяет строку 3 файла «наблюдения-воздух-2026.csv» этого отчёта: ${SAME}`, kind: 'duplicate' },
    ])
    expect(await countStagedRows(t.database.db, copy)).toBe(0)
    expect((await fileRow(first)).status).toBe('success')
    expect(await countStagedRows(t.database.db, first)).toBe(3)
  })

  it('refuses the same bytes of a passed file at the upload, under any name, and the earlier file keeps its status, findings and staged rows', async () => {
    // Sent as the upload route sends them: stored with the SHA-256 of their bytes (uploadStored records none).
    const bytes = readFileSync(writeCsv(folder.file('вода.csv'), [HEADER, row('Повтор-байтов', 1), row('Повтор-байтов', 2)]))
    const send = async (name: string) => {
      const storageKey = newStorageKey()
      const { size, sha256 } = await storeFile(t.app.config.storageDir, storageKey, bytes)
      const { fileId } = accepted(await uploadFile(holderContext(), { reportId: report.reportId, description: name, ecomonResponsibleId: null, companyResponsibleId: null, upload: { storageKey, name, size, sha256, contentType: 'text/csv' } }))
      return fileId
    }
    const first = await send('наблюдения-вода-2026.csv')
    const before = await settled(first, 'success')
    const files = () => t.database.db.selectFrom('import_files').select('id').where('report_id', '=', report.reportId).execute()
    const filesBefore = await files()
    for (const name of ['наблюдения-вода-2026.csv', 'копия-воды.csv']) {
      await expect(send(name)).rejects.toMatchObject({ refusal: { reason: 'duplicate-file', name: 'наблюдения-вода-2026.csv' } })
    }
    expect(await files()).toEqual(filesBefore)
    expect(await fileRow(first)).toEqual(before)
    expect(await countStagedRows(t.database.db, first)).toBe(2)
  })

  it('refuses a row equal to a published reading of that year, naming the record', async () => {
    const seeded = await sql<{ id: number; name: string; sampled: string }>`
      SELECT i.id, i.name, to_char(i.sampled, 'DD.MM.YYYY') AS sampled FROM measures_point_indications i
      JOIN measures_points p ON p.id = i.measures_point_id
      WHERE p.nomenclature = ${point} AND i.year = ${report.year} AND i.sampled IS NOT NULL ORDER BY i.id LIMIT 1`.execute(t.database.db)
    const reading = seeded.rows[0]
    expect(reading).toBeDefined()
    const fileId = await upload('опубликованное.csv', [[point, report.year, reading.sampled, reading.name, '0,01', 'мг/дм³', '', '']])
    const checked = await settled(fileId, 'error')
    // The errors only: a warning the row may draw of its own (its value against last year's average) is another rule.
    const errors = checked.problems.filter((p: { level?: string }) => p.level !== 'warning')
    expect(errors).toEqual([{ row: 2, reason: `уже есть в опубликованных данных (запись ${reading.id}): ${SAME}`, kind: 'duplicate' }])
  })

  // A plan, not a timing: with every key column matched NULL-safe (an OR each), the only plan was a nested loop over
  // every pair of the file's rows and the table's, and a 100 000-row file against 100 000 published readings never
  // ended. A nested loop that reaches the published table is that plan.
  it('compares a file with the published rows by a join on the key, never a nested loop over every pair of rows', async () => {
    for (const upload of UPLOADS) {
      const plan = await t.database.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_nestloop = off`.execute(trx)
        const query = duplicateRowsQuery({ fileId: 1, reportId: report.reportId, spec: upload }, 100)
        return (await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) ${query}`.execute(trx)).rows[0]['QUERY PLAN']
      })
      expect(loopsOver(plan, upload.table), upload.table).toEqual([])
    }
  })
})

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  Plans?: PlanNode[]
}

/** The nested loops of an EXPLAIN (FORMAT JSON) plan that scan `table` under them. */
function loopsOver(explained: unknown, table: string): string[] {
  const found: string[] = []
  const scans = (node: PlanNode): boolean => node['Relation Name'] === table || (node.Plans ?? []).some(scans)
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Nested Loop' && scans(node)) found.push(`Nested Loop over ${table}`)
    for (const child of node.Plans ?? []) walk(child)
  }
  for (const root of explained as Array<{ Plan: PlanNode }>) walk(root.Plan)
  return found
}

describe('publication idempotent on the natural key', SLOW, () => {
  it('finds a unique index, NULLs equal, on the declared natural key of every table uploads publish to', async () => {
    for (const upload of UPLOADS) {
      const { rows } = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE tablename = ${upload.table} AND indexdef LIKE 'CREATE UNIQUE INDEX%'`.execute(t.database.db)
      const columns = upload.key.map((k) => k.column).join(', ')
      expect(rows.map((r) => r.indexdef).filter((d) => d.endsWith(`(${columns}) NULLS NOT DISTINCT`)), upload.table).toHaveLength(1)
    }
  })

  it('agreeing, cancelling and agreeing again, and a second round, leave one public row per key', async () => {
    const first = await upload('раунд-1.csv', [row('Ключ-1', 10), row('Ключ-1', 11)])
    await settled(first, 'success')
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'agree', comment: 'Согласовано', files: [] }))
    await vi.waitFor(async () => expect(await published('Ключ-1')).toBe(2), { timeout: 30_000, interval: 200 })
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'cancel', comment: 'Отмена', files: [] }))
    await vi.waitFor(async () => expect(await published('Ключ-1')).toBe(0), { timeout: 30_000, interval: 200 })
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'agree', comment: 'Согласовано снова', files: [] }))
    await syncReportPublication(t.database.db, report.reportId)
    await vi.waitFor(async () => expect(await published('Ключ-1')).toBe(2), { timeout: 30_000, interval: 200 })
    // A second round: declined, a corrected file with one new reading and the old ones again is refused for those.
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'cancel', comment: 'Отмена', files: [] }))
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'decline', comment: 'Добавьте 12 августа', files: [] }))
    const second = await upload('раунд-2.csv', [row('Ключ-1', 12)])
    await settled(second, 'success')
    expect(await reportStatus()).toBe('consideration')
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'agree', comment: 'Согласовано', files: [] }))
    await syncReportPublication(t.database.db, report.reportId)
    await syncReportPublication(t.database.db, report.reportId)
    await vi.waitFor(async () => expect(await published('Ключ-1')).toBe(3), { timeout: 30_000, interval: 200 })
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'cancel', comment: 'Отмена', files: [] }))
    await vi.waitFor(async () => expect(await published('Ключ-1')).toBe(0), { timeout: 30_000, interval: 200 })
  })

  it('publishes a key held by two passed files once, and a cancellation removes only what its report published', async () => {
    // Two files that passed with the same key (as two checks running at once could have let through before): the
    // unique index and the skip keep one public row; the demo reading of the same key stays whatever happens.
    const other = await prepareAreaReport(holderContext(), 'observation_results', 2024)
    const seeded = await sql<{ id: number; measures_point_id: number; name: string; sampled: string }>`
      SELECT i.id, i.measures_point_id, i.name, to_char(i.sampled, 'YYYY-MM-DD') AS sampled FROM measures_point_indications i
      JOIN measures_points p ON p.id = i.measures_point_id
      WHERE p.area_id = ${other.areaId} AND i.year = 2024 AND i.sampled IS NOT NULL ORDER BY i.id LIMIT 1`.execute(t.database.db)
    const demo = seeded.rows[0]
    const ids: number[] = []
    for (const [i, name] of ['а.csv', 'б.csv'].entries()) {
      const own = [point, 2024, `0${i + 1}.09.2024`, 'Ключ-2-свой', '0,01', 'мг/дм³', '', '']
      const fileId = await uploadStored(holderContext(), other.reportId, writeCsv(folder.file(name), [HEADER, own]), name)
      await settled(fileId, 'success')
      ids.push(fileId)
    }
    // Both files then hold the same keys, staged by hand (the check itself would have refused the second file).
    const values = (marker: string) => ({ measures_point_id: demo.measures_point_id, year: 2024, sampled: '2024-08-20', name: marker, value: 1, measure: 'мг/дм³', mpc: null, mpc_max: null })
    for (const fileId of ids) {
      await stageRows(t.database.db, { fileId, reportId: other.reportId, spec, fixed: {} }, [
        { number: 3, values: values('Ключ-2') },
        { number: 4, values: { ...values(demo.name), sampled: demo.sampled } },
      ])
    }
    accepted(await decideOnReport(departmentContext(), other.reportId, { decision: 'agree', comment: 'Согласовано', files: [] }))
    await syncReportPublication(t.database.db, other.reportId)
    await syncReportPublication(t.database.db, other.reportId)
    expect(await published('Ключ-2')).toBe(1)
    expect(await published('Ключ-2-свой')).toBe(2)
    const demoKey = () =>
      t.database.db.selectFrom('measures_point_indications').select('id').where('measures_point_id', '=', demo.measures_point_id).where('name', '=', demo.name).where('sampled', '=', demo.sampled as never).execute()
    expect(await demoKey()).toEqual([{ id: demo.id }])
    accepted(await decideOnReport(departmentContext(), other.reportId, { decision: 'cancel', comment: 'Отмена', files: [] }))
    await syncReportPublication(t.database.db, other.reportId)
    expect(await published('Ключ-2')).toBe(0)
    expect(await demoKey()).toEqual([{ id: demo.id }])
  })
})
