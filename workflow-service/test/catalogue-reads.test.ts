// The catalogue's read use-cases the pages call: checked input, the same answers as the API.
import { describe, expect, it } from 'vitest'
import { catalogueUseCases, type UseCaseContext } from '../src/use-cases/catalogue-use-cases.server.ts'
import { refusalAnswer } from '../src/http/refusal-answers.ts'
import type { Outcome } from '../src/use-cases/use-case.ts'
import { useTestApp } from '../../test-support/test-app.ts'

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
