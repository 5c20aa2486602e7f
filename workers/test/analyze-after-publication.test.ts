// A publication of a large file runs ANALYZE of the readings table after it, outside its transaction (decision 3505):
// the planner counts the new rows at once instead of when autovacuum gets to them. A small one does not.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createKysely } from '@portal/workflow-server/service.server.ts'
import { decideOnReport, recordFileChecked } from '@portal/workflow-domain/commands.server.ts'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { accepted } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { stageRows } from '../src/publication/staged-rows.server.ts'
import { reportPublicationJob } from '../src/publication/report-publication-job.server.ts'
import { tempFolder, writeCsv } from './support/fixture-files.ts'
import { actorOf, commandContext, prepareAreaReport, uploadStored } from './support/workflow-fixture.ts'

const t = useTestApp()
const spec = uploadSpecOf('observation_results')
const folder = tempFolder()

/** An agreed report with one passed file of `rows` staged readings, its publication not run yet. */
async function agreedReportOf(rows: number, year: number): Promise<number> {
  const ctx = async (username: string) => commandContext(t.database.db, t.queue, t.app.config.storageDir, await actorOf(t.database.db, username))
  const holder = await ctx('holder1')
  const report = await prepareAreaReport(holder, 'observation_results', year)
  const point = await t.database.db.selectFrom('measures_points').select('id').where('area_id', '=', report.areaId).orderBy('id').executeTakeFirstOrThrow()
  const fileId = await uploadStored(holder, report.reportId, writeCsv(folder.file(`analyze-${year}.csv`), [['x'], ['y']]), `analyze-${year}.csv`)
  await recordFileChecked(t.database.db, { fileId, ok: true, problems: [] })
  await stageRows(
    t.database.db,
    { fileId, reportId: report.reportId, spec, fixed: {} },
    Array.from({ length: rows }, (_, i) => ({
      number: i + 2,
      values: { measures_point_id: point.id, year, sampled: `${year}-08-01`, name: `Анализ-${i}`, value: 0.01, measure: 'мг/дм³', mpc: null, mpc_max: null },
    })),
  )
  accepted(await decideOnReport(await ctx('department'), report.reportId, { decision: 'agree', comment: '', files: [] }))
  return report.reportId
}

/** How many times the readings table was analyzed by hand (autovacuum's own count is apart). */
const manualAnalyses = async () =>
  (await sql<{ n: number }>`SELECT analyze_count::int AS n FROM pg_stat_user_tables WHERE relname = 'measures_point_indications'`.execute(t.database.ownerDb)).rows[0].n

/**
 * Runs the publication job on a connection of its own, closed after it: a backend hands its statistics over when it
 * ends, so what the job did is counted by the time this answers.
 */
async function publishWith(reportId: number, analyzeAfterRows: number) {
  const db = createKysely(t.database.url, 1)
  const warnings: string[] = []
  const log = { info: () => {}, warn: (_: object, message: string) => void warnings.push(message), error: () => {} }
  try {
    await reportPublicationJob({ db, config: { ...t.app.config, analyzeAfterRows }, log }).handle({ reportId })
  } finally {
    await db.destroy()
  }
  return warnings
}

async function countedAfter(before: number): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const now = await manualAnalyses()
    if (now !== before) return now
    await new Promise((r) => setTimeout(r, 100))
  }
  return manualAnalyses()
}

describe('ANALYZE after a large publication', () => {
  it('analyzes the readings table after a publication of at least ANALYZE_AFTER_ROWS rows, and not after a smaller one', async () => {
    const small = await agreedReportOf(5, 2024)
    const before = await manualAnalyses()
    expect(await publishWith(small, 6)).toEqual([])
    expect(await t.database.db.selectFrom('measures_point_indications').where('name', 'like', 'Анализ-%').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual({ n: 5 })

    const large = await agreedReportOf(6, 2025)
    expect(await publishWith(large, 6)).toEqual([])
    // One ANALYZE: the large publication's, none of the small one.
    expect(await countedAfter(before)).toBe(before + 1)
    const { rows } = await sql<{ analyzed: Date | null }>`SELECT last_analyze AS analyzed FROM pg_stat_user_tables WHERE relname = 'measures_point_indications'`.execute(t.database.ownerDb)
    expect(rows[0].analyzed).not.toBeNull()
  })
})
