// The catalogue's read use-cases the pages call: checked input, the same answers as the API.
import { describe, expect, it } from 'vitest'
import { catalogueUseCases, type UseCaseContext } from '../domain/src/use-cases/catalogue-use-cases.server.ts'
import { refusalAnswer } from '../domain/src/vocabulary/refusal-answers.ts'
import type { Outcome } from '../domain/src/use-cases/use-case.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { catalogueTypes } from '../domain/src/catalogue/registry/index.ts'

const t = useTestApp()
const caller: UseCaseContext = { actor: null, clientAddress: '192.0.2.7', requestId: 'req-1' }

/** The answer a refused read gets at the edge (status and message), or a failure if it was not refused. */
function refusal(outcome: Outcome<unknown>) {
  if (outcome.ok) throw new Error('no refusal')
  return refusalAnswer(outcome.refusal)
}

function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal.reason}`)
  return outcome.value
}

describe('catalogue read use-cases', () => {
  it('answers a list page with the rows and count the API gives', async () => {
    const reads = catalogueUseCases(t.database.db)
    const page = value(await reads.list(caller, { type: 'companies', query: {}, limit: 20, offset: 0 }))
    const api = (await t.app.inject({ method: 'GET', url: '/api/v1/companies/?limit=20&offset=0' })).json() as { count: number; results: { id: number }[] }
    expect(page.count).toBe(api.count)
    expect(page.results.map((r) => r.id)).toEqual(api.results.map((r) => r.id))
  })

  it('refuses a bad input as a value naming the field, before any query (a 400 at the edge)', async () => {
    const reads = catalogueUseCases(t.database.db)
    expect(refusal(await reads.card(caller, { type: 'areas', id: 0 }))).toMatchObject({ status: 400, parameter: 'id', detail: expect.stringMatching(/^id:/) })
    expect(refusal(await reads.years(caller, { type: 'no-such-type', filters: {} }))).toMatchObject({ status: 400, parameter: 'type' })
    expect(refusal(await reads.controlIndicators(caller, { point: 1, year: '1800', limit: 20, offset: 0 })).detail).toMatch(/^year:/)
    expect(refusal(await reads.referenceRows(caller, { type: 'ecomon-state-forecast' })).status).toBe(400)
    expect(refusal(await reads.list(caller, { type: 'areas', query: { ordering: 'no_such_field' }, limit: 20, offset: 0 }))).toMatchObject({ status: 400, parameter: 'ordering' })
  })

  it('answers a missing card as a refusal the API shows as its 404', async () => {
    const reads = catalogueUseCases(t.database.db)
    expect(refusal(await reads.card(caller, { type: 'areas', id: 2_000_000_000 }))).toEqual({ status: 404, detail: expect.stringMatching(/запись 2000000000 не найдена\.$/) })
    expect(refusal(await reads.company(caller, { id: 2_000_000_000 }))).toEqual({ status: 404, detail: 'Предприятие не найдено.' })
    expect(refusal(await reads.deletePoint(caller, { id: 1 }))).toMatchObject({ status: 403 })
  })

  it('finds a record, and the scoped lists of an area that hold data', async () => {
    const reads = catalogueUseCases(t.database.db)
    const area = await t.database.db.selectFrom('areas').select(['id']).where('kind', '=', 'polygon_region_monitoring').orderBy('id').executeTakeFirstOrThrow()
    expect(value(await reads.card(caller, { type: 'areas', id: area.id }))).toMatchObject({ id: area.id })
    const lists = value(await reads.scopedListsWithData(caller, { parent: 'area', id: area.id }))
    expect(lists.length).toBeGreaterThan(0)
    for (const list of lists) expect(list).toEqual({ slug: expect.any(String), suffix: expect.any(String) })
  })
})

describe('the scoped lists of a record that hold data', () => {
  it('names for any record of a parent kind exactly the lists whose filtered list has rows (one statement text, made once)', async () => {
    const reads = catalogueUseCases(t.database.db)
    const db = t.database.db
    const areas = await db.selectFrom('areas').select(['id']).where('kind', '=', 'polygon_region_monitoring').orderBy('id').limit(2).execute()
    const point = await db.selectFrom('measures_points').select(['id']).orderBy('id').executeTakeFirstOrThrow()
    // The second ask of a kind reuses the first's statement: its answer must be the second record's own.
    for (const [parent, id] of [...areas.map((a) => ['area', a.id] as const), ['area', 2_000_000_000] as const, ['measures_point', point.id] as const]) {
      const named = value(await reads.scopedListsWithData(caller, { parent, id })).map((l) => `${l.slug}/${l.suffix}`)
      const expected: string[] = []
      for (const type of catalogueTypes)
        for (const scoped of type.pages?.scoped ?? []) {
          if (scoped.parent !== parent || scoped.suffix === 'reports') continue
          const page = value(await reads.list(caller, { type: type.slug, query: { [scoped.filter]: String(id) }, limit: 1, offset: 0 }))
          if (page.count > 0) expected.push(`${type.slug}/${scoped.suffix}`)
        }
      expect(named, `${parent} ${id}`).toEqual(expected)
    }
  })
})

describe('catalogue refusals', () => {
  const department: UseCaseContext = { ...caller, actor: { id: 1, username: 'department', groups: ['Департамент'], companyId: null } }
  const holder: UseCaseContext = { ...caller, actor: { id: 2, username: 'holder', groups: ['Недропользователь'], companyId: 1 } }

  it('answers a hostile input on every path with its status and the words the API shows', async () => {
    const reads = catalogueUseCases(t.database.db)
    const page = { limit: 20, offset: 0 }
    const cases: Array<[string, Outcome<unknown>, { status: number; parameter?: string; detail: string | RegExp }]> = [
      ['unknown type', await reads.list(caller, { type: '__proto__', query: {}, ...page }), { status: 400, parameter: 'type', detail: 'type: нет такого раздела каталога (__proto__)' }],
      ['unknown type of years', await reads.years(caller, { type: 'constructor', filters: {} }), { status: 400, parameter: 'type', detail: /^type: нет такого раздела каталога/ }],
      ['unknown type of a chart', await reads.yearlyValues(caller, { type: 'no-such', filters: {}, fields: ['x'], aggregate: 'sum' }), { status: 400, parameter: 'type', detail: /^type:/ }],
      ['a filter given twice', await reads.list(caller, { type: 'measures-point-indications', query: { year: ['2020', '2021'] }, ...page }), { status: 400, parameter: 'year', detail: 'year: параметр указан несколько раз' }],
      ['a year out of range in an export', await reads.listExport(caller, { type: 'measures-point-indications', query: { year: '0001' } }), { status: 400, parameter: 'year', detail: /^year: год вне диапазона/ }],
      ['an ordering by what is not a column', await reads.listGeoJson(caller, { type: 'measures-points', query: { ordering: '-password' } }), { status: 400, parameter: 'ordering', detail: /^ordering: нельзя сортировать по «password»/ }],
      ['geojson of a type without coordinates', await reads.listGeoJson(caller, { type: 'companies', query: {} }), { status: 400, parameter: 'format', detail: /^format: у записей раздела «.+» нет координат$/ }],
      ['a card of an unknown kind', await reads.card(caller, { type: 'areas', id: 1, kind: 'x\u0000' }), { status: 400, parameter: 'kind', detail: /^kind: неизвестное значение/ }],
      ['a list that is not a reference', await reads.referenceRows(caller, { type: 'measures-point-indications' }), { status: 400, parameter: 'type', detail: 'type: это не справочник' }],
      ['an unknown kind among kinds', await reads.companies(caller, { kindIn: 'lem,<script>', ...page }), { status: 400, parameter: 'kind__in', detail: 'kind__in: неизвестное значение <script>' }],
      ['a company ordering by a hidden column', await reads.companiesExport(caller, { ordering: 'inn;drop' }), { status: 400, parameter: 'ordering', detail: /^ordering: нельзя сортировать/ }],
      ['the review filter asked by the public', await reads.companies(caller, { reportStatus: 'rejected', ...page }), { status: 403, detail: 'У вас недостаточно прав для выполнения данного действия.' }],
      ['the review filter asked by a holder, with a bad kind too', await reads.companiesExport(holder, { reportStatus: 'rejected', kindIn: 'nope' }), { status: 403, detail: 'У вас недостаточно прав для выполнения данного действия.' }],
      ['a company of another kind', await reads.company(caller, { id: 2_000_000_000, kind: 'lem' }), { status: 404, detail: 'Предприятие не найдено.' }],
      ['control indicators of a year in letters', await reads.controlIndicators(caller, { point: 1, year: 'двадцать', ...page }), { status: 400, parameter: 'year', detail: /^year: ожидается год из четырёх цифр/ }],
      ['control indicators of no point', await reads.controlIndicators(caller, { point: 2_000_000_000, ...page }), { status: 404, detail: 'Пункт наблюдения не найден.' }],
      ['deleting a point that is not there', await reads.deletePoint(department, { id: 2_000_000_000 }), { status: 404, detail: 'Пункт наблюдения не найден.' }],
      ['deleting a point as a holder', await reads.deletePoint(holder, { id: 2_000_000_000 }), { status: 403, detail: 'У вас недостаточно прав для выполнения данного действия.' }],
      ['a search of spaces and one letter', await reads.search(caller, { q: ' \t я ', limit: 10 }), { status: 400, parameter: 'q', detail: 'q: введите не меньше 2 символов' }],
      ['a greenhouse report of a year in letters', await reads.greenhouseCategoryReport(caller, { year: 'MMXX' }), { status: 400, parameter: 'year', detail: /^year: ожидается год из четырёх цифр/ }],
      ['a greenhouse report of a negative company', await reads.greenhouseCategoryReport(caller, { company: '-1' }), { status: 400, parameter: 'company', detail: /^company: ожидается целое положительное число/ }],
    ]
    for (const [path, outcome, expected] of cases) {
      expect(outcome.ok, path).toBe(false)
      const answer = refusal(outcome)
      expect(answer.status, path).toBe(expected.status)
      expect(answer.parameter, path).toBe(expected.parameter)
      if (typeof expected.detail === 'string') expect(answer.detail, path).toBe(expected.detail)
      else expect(answer.detail, path).toMatch(expected.detail)
    }
  })
})
