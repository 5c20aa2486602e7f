import { describe, expect, it } from 'vitest'
import { loginAs } from '../../../test-support/login.ts'
import { useTestApp } from '../../../test-support/test-app.ts'
import { holder, RESPONSIBLE } from '../../../test-support/workflow-fixtures.ts'

const t = useTestApp()
// Next year: no demo data there, and the last year a report (and its responsible person) can be for.
const NEXT = new Date().getFullYear() + 1

describe('responsible persons API', () => {
  it('saves an area responsible, answers it by area and year, and creates the area reports of that year', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const reportsBefore = await t.database.db.selectFrom('import_reports').select('report_type').where('area_id', '=', h.areaId).where('year', '=', NEXT).execute()
    expect(reportsBefore).toEqual([])

    const saved = await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: NEXT, ...RESPONSIBLE } })
    expect(saved.statusCode).toBe(201)
    expect(saved.json()).toMatchObject({ year: NEXT, area: { id: h.areaId, name: h.areaName }, company: { id: h.companyId }, ...RESPONSIBLE })

    const listed = await t.app.inject({ url: `/api/v1/ecomon-responsibles/?area=${h.areaId}&year=${NEXT}`, headers: h.headers })
    expect(listed.json().results).toEqual([saved.json()])
    const reports = await t.database.db.selectFrom('import_reports').select(['report_type', 'status']).where('area_id', '=', h.areaId).where('year', '=', NEXT).orderBy('report_type').execute()
    expect(reports).toEqual([
      { report_type: 'final_report', status: 'consideration' },
      { report_type: 'program', status: 'consideration' },
    ])
  })

  it('edits the responsible with PUT and keeps the reports it created (none twice)', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const [existing] = (await t.app.inject({ url: `/api/v1/ecomon-responsibles/?area=${h.areaId}&year=${NEXT}`, headers: h.headers })).json().results
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/ecomon-responsibles/${existing.id}/`, headers: h.headers, payload: { area: h.areaId, year: NEXT, ...RESPONSIBLE, fullname: 'Петров Пётр Петрович' } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: existing.id, fullname: 'Петров Пётр Петрович', added: existing.added })
    const count = await t.database.db.selectFrom('import_reports').select((eb) => eb.fn.countAll<number>().as('n')).where('area_id', '=', h.areaId).where('year', '=', NEXT).executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(2)
  })

  it('answers 409 to a second POST for the same area and year', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload: { area: h.areaId, year: NEXT, ...RESPONSIBLE } })
    expect(res.statusCode).toBe(409)
    expect(res.json().detail).toMatch(/уже внесено/)
  })

  it('saves a company responsible and creates the greenhouse-gas report of the year', async () => {
    const h = await holder(t.app, t.database.db, 'holder2')
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/company-responsibles/', headers: h.headers, payload: { company: h.companyId, year: NEXT, ...RESPONSIBLE } })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ company: { id: h.companyId }, year: NEXT })
    const listed = await t.app.inject({ url: `/api/v1/company-responsibles/?company=${h.companyId}&year=${NEXT}`, headers: h.headers })
    expect(listed.json().count).toBe(1)
    const reports = await t.database.db.selectFrom('import_reports').select('report_type').where('company_id', '=', h.companyId).where('area_id', 'is', null).where('year', '=', NEXT).execute()
    expect(reports.map((r) => r.report_type)).toEqual(['greenhouse_gases'])
  })

  it('lets the Department read any responsible but not save one', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    const department = await loginAs(t.app, 'department')
    const read = await t.app.inject({ url: `/api/v1/ecomon-responsibles/?area=${h.areaId}&year=${NEXT}`, headers: department.headers })
    expect(read.statusCode).toBe(200)
    expect(read.json().count).toBe(1)
    const write = await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: department.headers, payload: { area: h.areaId, year: 2031, ...RESPONSIBLE } })
    expect(write.statusCode).toBe(403)
  })

  it("refuses administrators and the public with 403, and answers another company's user as for a missing area", async () => {
    const h1 = await holder(t.app, t.database.db, 'holder1')
    const h2 = await holder(t.app, t.database.db, 'holder2')
    const admin = await loginAs(t.app, 'admin')
    for (const headers of [h2.headers, admin.headers, {}]) {
      const read = await t.app.inject({ url: `/api/v1/ecomon-responsibles/?area=${h1.areaId}`, headers })
      expect(read.statusCode).toBe(403)
    }
    const stream = () => t.database.db.selectFrom('events').select('position').where('stream_id', '=', `ecomon-responsible-${h1.areaId}-${NEXT}`).execute()
    const before = await stream()
    const write = await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h2.headers, payload: { area: h1.areaId, year: NEXT, ...RESPONSIBLE } })
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h2.headers, payload: { area: 2_000_000_000, year: NEXT, ...RESPONSIBLE } })
    expect([write.statusCode, write.json()]).toEqual([400, missing.json()])
    for (const headers of [admin.headers, {}]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers, payload: { area: h1.areaId, year: NEXT, ...RESPONSIBLE } })).statusCode).toBe(403)
    }
    expect(await stream()).toEqual(before)
  })

  it('answers 400 naming the parameter for a bad field, and 404 for a missing responsible', async () => {
    const h = await holder(t.app, t.database.db, 'holder1')
    for (const [payload, parameter] of [
      [{ area: h.areaId, year: NEXT, ...RESPONSIBLE, email: 'нет-почты' }, 'email'],
      // Outside the catalogue's years (1900–2100), the one range of every year parameter.
      [{ area: h.areaId, year: 1899, ...RESPONSIBLE }, 'year'],
      [{ area: h.areaId, year: 2101, ...RESPONSIBLE }, 'year'],
      [{ year: NEXT, ...RESPONSIBLE }, 'area'],
      [{ area: h.areaId, year: NEXT, ...RESPONSIBLE, fullname: '' }, 'fullname'],
      [{ area: 99999, year: NEXT, ...RESPONSIBLE }, 'area'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/ecomon-responsibles/', headers: h.headers, payload })
      expect(res.statusCode, parameter).toBe(400)
      expect(res.json().parameter, JSON.stringify(payload)).toBe(parameter)
    }
    const missing = await t.app.inject({ method: 'PUT', url: '/api/v1/ecomon-responsibles/99999/', headers: h.headers, payload: { ...RESPONSIBLE } })
    expect(missing.statusCode).toBe(404)
  })
})
