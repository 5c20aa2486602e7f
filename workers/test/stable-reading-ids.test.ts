// A published reading keeps its id across agree → cancel → agree (issue 33): the withdrawal deletes its row and the
// next agreement publishes it again under the same id, so `/api/v1/measures-point-indications/N/` keeps answering;
// a reading never published before takes the table's next id, and the sequence stays ahead of every id given.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { decideOnReport, recordFileChecked } from '@portal/workflow-domain/commands.server.ts'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'
import { accepted } from '@portal/workflow-domain/views.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { stageRows, syncReportPublication } from '../src/publication/staged-rows.server.ts'
import { tempFolder, writeCsv } from './support/fixture-files.ts'
import { actorOf, commandContext, prepareAreaReport, uploadStored } from './support/workflow-fixture.ts'

const t = useTestApp()
const spec = uploadSpecOf('observation_results')
const folder = tempFolder()

async function contexts() {
  const ctx = async (username: string) => commandContext(t.database.db, t.queue, t.app.config.storageDir, await actorOf(t.database.db, username))
  return { holder: await ctx('holder1'), department: await ctx('department') }
}

/** A report with one passed file whose staged rows are these readings, by name, of the area's first point. */
async function reportWith(names: string[], year: number) {
  const { holder, department } = await contexts()
  const report = await prepareAreaReport(holder, 'observation_results', year)
  const point = await t.database.db.selectFrom('measures_points').select('id').where('area_id', '=', report.areaId).orderBy('id').executeTakeFirstOrThrow()
  const fileId = await uploadStored(holder, report.reportId, writeCsv(folder.file(`${names[0]}.csv`), [['x'], [names.join(',')]]), `${names[0]}.csv`)
  await recordFileChecked(t.database.db, { fileId, ok: true, problems: [] })
  await stageRows(
    t.database.db,
    { fileId, reportId: report.reportId, spec, fixed: {} },
    names.map((name, i) => ({
      number: i + 2,
      values: {
        measures_point_id: point.id,
        year,
        sampled: `${year}-08-${String(i + 1).padStart(2, '0')}`,
        name,
        value: 0.01,
        measure: 'мг/дм³',
        mpc: null,
        mpc_max: null,
      },
    })),
  )
  const decide = async (decision: 'agree' | 'cancel') => {
    accepted(await decideOnReport(department, report.reportId, { decision, comment: '', files: [] }))
    await syncReportPublication(t.database.db, report.reportId)
  }
  return { report, decide }
}

const idsOf = async (names: string[]) =>
  (await t.database.db.selectFrom('measures_point_indications').select(['id', 'name']).where('name', 'in', names).orderBy('name').execute()).map((r) => [
    r.name,
    r.id,
  ])

describe('ids of published readings', () => {
  it('gives a reading the same id when its report is agreed, cancelled and agreed again, and its link answers again', async () => {
    const names = ['Стабильный-1', 'Стабильный-2', 'Стабильный-3']
    const { decide } = await reportWith(names, 2025)
    await decide('agree')
    const first = await idsOf(names)
    expect(first).toHaveLength(3)
    const link = `/api/v1/measures-point-indications/${first[0][1]}/`
    expect((await t.app.inject({ url: link })).statusCode).toBe(200)

    await decide('cancel')
    expect(await idsOf(names)).toEqual([])
    expect((await t.app.inject({ url: link })).statusCode).toBe(404)

    await decide('agree')
    expect(await idsOf(names)).toEqual(first)
    const again = await t.app.inject({ url: link })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ id: first[0][1], name: 'Стабильный-1' })

    await decide('cancel')
    await decide('agree')
    expect(await idsOf(names)).toEqual(first)
  })

  it('keeps the table’s sequence ahead: a reading added afterwards takes an id above every id given', async () => {
    const { decide } = await reportWith(['Последовательность-1'], 2024)
    await decide('agree')
    await decide('cancel')
    await decide('agree')
    const max = await sql<{ max: number }>`SELECT max(id)::integer AS max FROM measures_point_indications`.execute(t.database.db)
    const point = await t.database.db.selectFrom('measures_points').select('id').orderBy('id').executeTakeFirstOrThrow()
    const added = await t.database.db
      .insertInto('measures_point_indications')
      .values({ measures_point_id: point.id, year: 2031, name: 'После всех', value: 1, measure: 'мг/дм³' } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(added.id).toBeGreaterThan(max.rows[0].max)
  })
})
