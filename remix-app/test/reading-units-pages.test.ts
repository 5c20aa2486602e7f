// Issue 21, item 2, on the public pages: a reading sent in мкг/м³ against a ПДК in мг/м³ goes through the real check
// and publication, and the point's page (its readings table and its chart) and both of its downloads show it in the
// ПДК's unit, 0,045 мг/м³ at 0,45 of the limit on the page as in the files, never 45 or 450 × ПДК (decision 2130).
import type { AppLoadContext } from '@remix-run/node'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterAll, describe, expect, it } from 'vitest'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { decideOnReport } from '@portal/workflow-domain/commands.server.ts'
import { fileCheckJob, syncReportPublication } from '@portal/workers/workers.server.ts'
import { tempFolder, writeCsv } from '../../workers/test/support/fixture-files.ts'
import { actorOf, commandContext, prepareAreaReport, uploadStored } from '../../workers/test/support/workflow-fixture.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { pageContext } from './support/load-context.ts'
import { loader as readingsLoader } from '../app/features/catalogue/routes/point-readings.tsx'
import { ReadingsTable } from '../app/features/catalogue/components/data-table.tsx'
import { ReadingCharts } from '../app/features/charts/components/reading-charts.tsx'
import { xlsxTable } from '../../test-support/export-files.ts'
import { accepted } from '@portal/workflow-domain/views.ts'

const t = useTestApp()
const folder = tempFolder()
afterAll(() => folder.remove())
const silent = { info() {}, warn() {}, error() {} }
const NO2 = 'Диоксид азота (NO2)'

function contextOf(): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, null, { dataDir: '.test-data/reading-units-pages' })
}

describe('the public pages of a reading sent in another unit than its ПДК', () => {
  it('show 45 мкг/м³ of NO2 as 0,045 мг/м³ at 0,45 of its ПДК in the readings table, the chart, the CSV and the XLSX', async () => {
    const holder = commandContext(t.database.db, t.queue, t.app.config.storageDir, await actorOf(t.database.db, 'holder1'))
    const department = commandContext(t.database.db, t.queue, t.app.config.storageDir, await actorOf(t.database.db, 'department'))
    const report = await prepareAreaReport(holder, 'observation_results', 2026)
    const nomenclature = report.points.find((p) => p.kind === 'ambient_air')!.nomenclature
    const point = await t.database.db.selectFrom('measures_points').select('id').where('nomenclature', '=', nomenclature).executeTakeFirstOrThrow()
    const header = uploadSpecOf('observation_results').columns.map((c) => c.header)
    const file = writeCsv(folder.file('no2.csv'), [header, [nomenclature, 2026, '16.07.2026', NO2, 45, 'мкг/м³', '0,1', '0,2']])
    const fileId = await uploadStored(holder, report.reportId, file, 'no2.csv')
    // The queue's jobs, run here in order: the real check in its child process, then the publication of the agreement.
    await fileCheckJob({ db: t.database.db, config: t.app.config, log: silent }).handle({ fileId }, new AbortController().signal)
    expect((await t.database.db.selectFrom('import_files').select('status').where('id', '=', fileId).executeTakeFirstOrThrow()).status).toBe('success')
    accepted(await decideOnReport(department, report.reportId, { decision: 'agree', comment: 'Согласовано', files: [] }))
    await syncReportPublication(t.database.db, report.reportId)

    const page = await readingsLoader({ request: new Request(`http://localhost/monitoring/measures-points/${point.id}/indications?year=2026`), params: { id: String(point.id) }, context: contextOf() })
    const no2 = page.readings.filter((r) => r.name === NO2)
    expect(no2).toHaveLength(1)
    // As the page shows them, in Russian: the value, the ПДК's unit, the ПДК (the standard's daily mean), the maximum
    // and the share.
    expect(no2[0]).toMatchObject({ value: '0,045', measure: 'мг/м³', mpc: '0,1', share: '0,45' })
    const table = renderToString(createElement(ReadingsTable, { readings: no2 }))
    expect(table).toMatch(/>0,045<\/td><td>мг\/м³<\/td><td>0,1<\/td><td>[^<]*<\/td><td>0,45<\/td>/)
    expect(table).not.toContain('мкг')
    const chart = renderToString(createElement(ReadingCharts, { series: page.series.filter((s) => s.name === NO2) }))
    expect(chart).toContain(`${NO2}: показание года с наибольшей кратностью своей ПДК, мг/м³`)
    expect(chart).not.toContain('мкг')

    const csv = await t.app.inject({ url: page.downloads.csv })
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain(`${NO2};0,045;мг/м³;0,1`)
    expect(csv.body).not.toContain('мкг')
    const xlsx = await t.app.inject({ url: page.downloads.xlsx })
    expect(xlsx.statusCode).toBe(200)
    const rows = await xlsxTable(xlsx.rawPayload)
    const row = rows.find((r) => r.includes(NO2))
    expect(row).toEqual(expect.arrayContaining([NO2, 0.045, 'мг/м³', 0.1]))
    expect(JSON.stringify(rows)).not.toContain('мкг')
  }, 120_000)
})
