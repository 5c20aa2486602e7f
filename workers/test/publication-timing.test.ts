import { createWriteStream } from 'node:fs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useTestApp } from '../../test-support/test-app.ts'
import { decideOnReport } from '@portal/workflow-domain/commands.server.ts'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { startWorkers } from '../src/start-workers.ts'
import { syncReportPublication } from '../src/publication/staged-rows.server.ts'
import { tempFolder } from './support/fixture-files.ts'
import { actorOf, commandContext, prepareAreaReport, uploadStored } from './support/workflow-fixture.ts'
import { accepted, CommandRefused, Refused } from '@portal/workflow-domain/views.ts'

const t = useTestApp()
const folder = tempFolder()
const silent = { info() {}, warn() {}, error() {} }
// Many batches of staging (2 000 rows each) and a check that lasts seconds, so the agreement is tried, and refused, while
// the file is checked. Nothing here depends on the size beyond that: publication is one statement per file, under a
// per-report lock. It was 300 000 rows, from when an agreement could land in the middle of the check.
const ROWS = 20_000
const MARKER = 'Маркер-публикации'

afterAll(() => folder.remove())

async function writeBigCsv(file: string, point: string, year: number): Promise<string> {
  const out = createWriteStream(file)
  let chunk = `${uploadSpecOf('observation_results').columns.map((c) => c.header).join(';')}\r\n`
  for (let i = 0; i < ROWS; i++) {
    // Nine sampling days per substance name: every row a reading of its own (one natural key each, decision 2120).
    chunk += `${point};${year};0${(i % 9) + 1}.08.${year};${MARKER}-${Math.floor(i / 9)};0,0${(i % 90) + 10};мг/дм3;0,05;\r\n`
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()))
      chunk = ''
    }
  }
  out.end(chunk)
  await new Promise<void>((r) => out.once('finish', () => r()))
  return file
}

describe('publication of an agreed report', () => {
  let holder: Awaited<ReturnType<typeof actorOf>>
  let department: Awaited<ReturnType<typeof actorOf>>
  beforeAll(async () => {
    holder = await actorOf(t.database.db, 'holder1')
    department = await actorOf(t.database.db, 'department')
    await startWorkers(t.queue, { db: t.database.db, config: t.app.config, log: silent })
    // The file's substance names, in the reference data the check matches them against (decision 3412).
    await sql`INSERT INTO substances (name, unit_id) SELECT ${MARKER} || '-' || g, u.id FROM generate_series(0, ${Math.ceil(ROWS / 9)}) g, units u WHERE u.name = 'мг/дм³'`.execute(t.database.db)
  })

  const published = async () =>
    Number(
      (await t.database.db.selectFrom('measures_point_indications').select((eb) => eb.fn.countAll<number>().as('n')).where('name', 'like', `${MARKER}-%`).executeTakeFirstOrThrow()).n,
    )
  const status = async (fileId: number) => (await t.database.db.selectFrom('import_files').select('status').where('id', '=', fileId).executeTakeFirstOrThrow()).status

  it('publishes every row of a 20 000-row file, once, when the report is agreed the instant its check ends', async () => {
    const holderContext = () => commandContext(t.database.db, t.queue, t.app.config.storageDir, holder)
    const departmentContext = () => commandContext(t.database.db, t.queue, t.app.config.storageDir, department)
    const report = await prepareAreaReport(holderContext(), 'observation_results')
    const point = report.points.find((p) => p.kind === 'surface_water')!
    const file = await writeBigCsv(folder.file('big.csv'), point.nomenclature, report.year)
    const fileId = await uploadStored(holderContext(), report.reportId, file, 'big.csv')

    // Agree as early as the workflow lets the Department: it refuses while the file is checked, so try every 20 ms and the
    // agreement lands the moment the check ends. The decider's refusal is thrown (to roll back), one found before it is
    // returned: either is a refusal.
    const agree = () =>
      decideOnReport(departmentContext(), report.reportId, { decision: 'agree', comment: 'Согласовано', files: [] }).then(
        (result) => (result instanceof Refused ? result.refusal : null),
        (error) => {
          if (error instanceof CommandRefused) return error.refusal
          throw error
        },
      )
    let refused = 0
    const giveUp = Date.now() + 240_000
    for (let refusal = await agree(); refusal; refusal = await agree()) {
      // Only the file's check may hold the agreement back.
      expect(refusal.reason).toBe('files-being-checked')
      refused++
      if (Date.now() > giveUp) throw new Error(`the file's check did not end in 240 s (${refused} agreements refused)`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // The Department tried while the file was checked: the agreement came the instant the check let it.
    expect(refused).toBeGreaterThan(0)
    await vi.waitFor(async () => expect(await status(fileId)).toBe('success'), { timeout: 240_000, interval: 200 })
    await vi.waitFor(async () => expect(await published()).toBe(ROWS), { timeout: 240_000, interval: 500 })
    // Reconciling again (a retried job, a second worker) adds nothing.
    await syncReportPublication(t.database.db, report.reportId)
    expect(await published()).toBe(ROWS)

    // Cancel, then agree again: the rows leave, and come back exactly once.
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'cancel', comment: 'Отмена решения', files: [] }))
    await vi.waitFor(async () => expect(await published()).toBe(0), { timeout: 120_000, interval: 500 })
    accepted(await decideOnReport(departmentContext(), report.reportId, { decision: 'agree', comment: 'Согласовано снова', files: [] }))
    await vi.waitFor(async () => expect(await published()).toBe(ROWS), { timeout: 240_000, interval: 500 })
    await syncReportPublication(t.database.db, report.reportId)
    const ids = await sql<{ n: number }>`SELECT count(DISTINCT row_id)::integer AS n FROM import_published_rows WHERE file_id = ${fileId}`.execute(t.database.db)
    expect(ids.rows[0].n).toBe(ROWS)
    expect(await published()).toBe(ROWS)
  }, 600_000)
})
