// What changed in a resubmitted observation-results report (decision 3714), through the API and the page on a real database: the
// declined round is kept at the decline and survives the file's deletion, the new round is compared with it and
// with last year's published readings, the largest change first with its mark; the file holds the same rows; only
// the Department and the report's company see any of it; bad input is a 400 or a 404 naming what is wrong.
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import type { CurrentUser, Group } from '@portal/workflow-domain/views.ts'
import { recordFileChecked, recordFileDeleted } from '@portal/workflow-domain/commands.server.ts'
import { ReportChangesTable } from '../app/features/reports/components/report-changes-table.tsx'
import { callPage } from './support/call-page.ts'
import { pageContext } from './support/load-context.ts'
import { loginAs } from '../../test-support/login.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { holder, multipartWithFiles, RESPONSIBLE, sectionFile, type Holder } from '../../test-support/workflow-fixtures.ts'

const t = useTestApp()
const YEAR = new Date().getFullYear() + 1
let h: Holder
let other: Holder
let department: { headers: Record<string, string> }
let reportId: number
let programId: number
let points: { id: number; nomenclature: string }[]

async function upload(reportIdToUse: number): Promise<number> {
  const body = multipartWithFiles({ report: reportIdToUse }, [await sectionFile(t.database.db, reportIdToUse, 'Результаты')])
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...h.headers, ...body.headers }, payload: body.payload })
  expect(res.statusCode).toBe(201)
  return res.json().id as number
}

/** A file checked as the worker would record it, its good rows staged as the check stages them. */
async function checkedWith(rows: Array<[point: number, name: string, value: number, unit: string]>): Promise<number> {
  const fileId = await upload(reportId)
  const data = rows.map(([point, name, value, unit], i) => ({ measures_point_id: point, year: YEAR, sampled: `${YEAR}-07-${String(i + 1).padStart(2, '0')}`, name, value, measure: unit, mpc: null, mpc_max: null }))
  await t.database.db
    .insertInto('import_staged_rows')
    .values(data.map((d, i) => ({ file_id: fileId, report_id: reportId, target_table: 'measures_point_indications', row_number: i + 2, data: JSON.stringify(d) })))
    .execute()
  await recordFileChecked(t.database.db, { fileId, ok: true, problems: [] })
  return fileId
}

async function decide(status: string, comment = '') {
  const body = multipartWithFiles({ status, comment })
  const res = await t.app.inject({ method: 'PUT', url: `/api/v1/import-reports/${reportId}/`, headers: { ...department.headers, ...body.headers }, payload: body.payload })
  expect(res.statusCode).toBe(200)
}

const changes = (query = '', headers: Record<string, string> = department.headers, id: number | string = reportId) => t.app.inject({ url: `/api/v1/import-reports/${id}/changes/${query}`, headers })

beforeAll(async () => {
  h = await holder(t.app, t.database.db, 'holder1')
  other = await holder(t.app, t.database.db, 'holder2')
  department = await loginAs(t.app, 'department')
  await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: YEAR, ...RESPONSIBLE } })
  const create = async (reportType: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/import-reports/', headers: h.headers, payload: { area: h.areaId, year: YEAR, report_type: reportType } })
    expect(res.statusCode, res.body).toBeLessThan(300)
    return res.json().id as number
  }
  reportId = await create('observation_results')
  programId = await create('program')
  points = (await t.database.db.selectFrom('measures_points').select(['id', 'nomenclature']).where('area_id', '=', h.areaId).orderBy('id').limit(2).execute()) as typeof points
  expect(points).toHaveLength(2)
  // Last year's published readings: iron at the first point in мкг/дм³ (before readings were kept in the limit's
  // unit), copper at the second.
  await t.database.db
    .insertInto('measures_point_indications')
    .values([
      { measures_point_id: points[0].id, year: YEAR - 1, sampled: `${YEAR - 1}-07-01`, name: 'Железо общее', value: 100, measure: 'мкг/дм³', mpc: null, mpc_max: null },
      { measures_point_id: points[1].id, year: YEAR - 1, sampled: `${YEAR - 1}-07-01`, name: 'Медь', value: 0.002, measure: 'мг/дм³', mpc: null, mpc_max: null },
    ])
    .execute()

  // Round 1, declined; the holder deletes the file (its staged rows go, as the delete job removes them) and sends a new one.
  const first = await checkedWith([
    [points[0].id, 'Железо общее', 0.12, 'мг/дм³'],
    [points[1].id, 'Медь', 0.003, 'мг/дм³'],
    [points[1].id, 'Свинец', 0.004, 'мг/дм³'],
  ])
  await decide('rejected', 'Проверьте медь')
  expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/import-files/${first}`, headers: h.headers })).statusCode).toBe(204)
  await sql`DELETE FROM import_staged_rows WHERE file_id = ${first}`.execute(t.database.db)
  await recordFileDeleted(t.database.db, { fileId: first })
  // Round 2: copper forty times last year's (a decimal separator gone wrong), iron as before, lead no longer measured, zinc new.
  await checkedWith([
    [points[0].id, 'Железо общее', 0.11, 'мг/дм³'],
    [points[1].id, 'Медь', 0.08, 'мг/дм³'],
    [points[1].id, 'Цинк', 0.01, 'мг/дм³'],
  ])
})

describe('what changed in a resubmitted report', () => {
  it('shows the Department this round against the declined round and last year, the largest change first with the plausibility mark', async () => {
    const res = await changes()
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ report: { id: reportId, round: 2, status: 'consideration' }, previousRound: 1, lastYear: YEAR - 1, factor: 10, count: 4, marked: 1 })
    const [top, ...rest] = body.results
    expect(top).toMatchObject({ substance: 'Медь', unit: 'мг/дм³', current: 0.08, previous: 0.003, lastYear: 0.002, roundJump: true })
    expect(top.plausibility).toMatchObject({ value: 0.08, times: 40, direction: 'up' })
    // Last year's iron was published in мкг/дм³: compared in this round's unit, 100 мкг/дм³ is 0,1 мг/дм³.
    const iron = rest.find((r: { substance: string }) => r.substance === 'Железо общее')
    expect(iron.lastYear).toBeCloseTo(0.1)
    expect(iron.fromLastYear.kind).toBe('relative')
    expect(iron.fromLastYear.relative).toBeCloseTo(0.1)
    expect(rest.find((r: { substance: string }) => r.substance === 'Свинец')).toMatchObject({ current: null, fromPrevious: { kind: 'only-before' } })
    expect(rest.find((r: { substance: string }) => r.substance === 'Цинк')).toMatchObject({ previous: null, fromPrevious: { kind: 'only-now' } })
  })

  it('shows the report’s own holder the same, and pages it', async () => {
    const res = await changes('?limit=1&offset=1', h.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ count: 4, results: [{}] })
    expect(res.json().next).toContain('offset=2')
  })

  it('gives the same rows as a CSV file, in Russian numbers, within the export row budget', async () => {
    const res = await changes('?format=csv')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/)
    expect(lines).toHaveLength(5)
    expect(lines[0]).toContain('Изменение к прошлому раунду')
    expect(lines[1]).toContain('Медь')
    expect(lines[1]).toContain('в 40 раз выше среднего за прошлый год')
    expect(res.body).not.toMatch(/Infinity|NaN/)
    const xlsx = await changes('?format=xlsx')
    expect(xlsx.statusCode).toBe(200)
    expect(xlsx.headers['content-type']).toContain('spreadsheetml')
  })

  it('answers the public 403 and another company 404, on the page of rows and on the file', async () => {
    for (const query of ['', '?format=csv']) {
      expect((await changes(query, {})).statusCode).toBe(403)
      const stranger = await changes(query, other.headers)
      expect(stranger.statusCode).toBe(404)
      expect(stranger.body).not.toContain('Медь')
    }
  })

  it('refuses an id that is not a number, a report of another type, an unknown report and a page past the end, naming what is wrong', async () => {
    expect((await changes('', department.headers, 'abc')).statusCode).toBe(400)
    const program = await changes('', department.headers, programId)
    expect(program.statusCode).toBe(400)
    expect(program.body).toContain('результатах наблюдений')
    expect((await changes('', department.headers, 2_000_000)).statusCode).toBe(404)
    const past = await changes('?offset=10')
    expect(past.statusCode).toBe(400)
    expect(past.body).toContain('offset')
    expect((await changes('?format=pdf')).statusCode).toBe(400)
  })

  it('is a page the Department and the holder open, the biggest change first with its mark in words', async () => {
    for (const username of ['department', 'holder1']) {
      const page = await pageAs(username, `/reports/${reportId}/changes`)
      expect(page.status).toBe(200)
      expect(page.data.title).toBe(`Что изменилось: результаты наблюдений за ${YEAR} год`)
      const html = renderToString(createElement(ReportChangesTable, { rows: page.data.results, factor: page.data.factor, caption: 'Строки' }))
      expect(html.indexOf('Медь')).toBeLessThan(html.indexOf('Железо общее'))
      expect(html).toContain('значение 0,08 в 40 раз выше среднего за прошлый год')
      expect(html).toContain('+2567 %')
      expect(html).not.toMatch(/Infinity|NaN/)
    }
  })

  it('sends the public to log in and answers another company, a wrong id or a report of another type with the 404 page', async () => {
    const anonymous = await pageAs(null, `/reports/${reportId}/changes`)
    expect(anonymous.status).toBe(302)
    expect(anonymous.location).toContain('/login')
    expect((await pageAs('holder2', `/reports/${reportId}/changes`)).status).toBe(404)
    for (const path of [`/reports/abc/changes`, `/reports/${programId}/changes`, `/reports/${reportId}/changes?offset=x`, `/reports/${reportId}/changes?offset=500`]) {
      expect((await pageAs('department', path)).status, path).toBe(404)
    }
  })
})

async function pageAs(username: string | null, path: string) {
  let user: CurrentUser | null = null
  if (username) {
    const row = await t.database.db.selectFrom('users').select(['id', 'username', 'groups', 'company_id']).where('username', '=', username).executeTakeFirstOrThrow()
    user = { id: row.id, username: row.username, groups: row.groups as Group[], companyId: row.company_id }
  }
  return callPage(path, pageContext({ db: t.database.db, queue: t.queue }, user, { dataDir: '.test-data/report-changes-page' }))
}
