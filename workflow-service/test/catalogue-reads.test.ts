// The catalogue's read use-cases the pages call: checked input, the same answers as the API.
import { describe, expect, it } from 'vitest'
import { catalogueReads, type UseCaseContext } from '../src/catalogue/catalogue-reads.server.ts'
import { HttpError } from '../src/plugins/errors.server.ts'
import { useTestApp } from './support/test-app.ts'

const t = useTestApp()
const caller: UseCaseContext = { actor: null, clientAddress: '192.0.2.7', requestId: 'req-1' }

async function refusal(work: () => Promise<unknown>): Promise<HttpError> {
  try {
    await work()
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  throw new Error('no refusal')
}

describe('catalogue read use-cases', () => {
  it('answers a list page with the rows and count the API gives', async () => {
    const reads = catalogueReads(t.database.db)
    const page = await reads.listRecords(caller, { type: 'companies', filters: {}, limit: 20, offset: 0 })
    const api = (await t.app.inject({ method: 'GET', url: '/api/v1/companies/?limit=20&offset=0' })).json() as { count: number; results: { id: number }[] }
    expect(page.count).toBe(api.count)
    expect(page.results.map((r) => r.id)).toEqual(api.results.map((r) => r.id))
  })

  it('refuses a bad input with a 400 naming the field, before any query', async () => {
    const reads = catalogueReads(t.database.db)
    expect((await refusal(() => reads.findRecord(caller, { type: 'areas', id: 0 }))).statusCode).toBe(400)
    expect((await refusal(() => reads.findRecord(caller, { type: 'areas', id: 0 }))).message).toMatch(/^id:/)
    expect((await refusal(() => reads.years(caller, { type: 'no-such-type', filters: {} }))).message).toMatch(/^type:/)
    expect((await refusal(() => reads.controlIndicators(caller, { point: 1, year: 1800, limit: 20, offset: 0 }))).message).toMatch(/^year:/)
    expect((await refusal(() => reads.referenceRows(caller, { type: 'ecomon-state-forecast' }))).statusCode).toBe(400)
  })

  it('finds a record or answers null, and the scoped lists of an area that hold data', async () => {
    const reads = catalogueReads(t.database.db)
    const area = await t.database.db.selectFrom('areas').select(['id']).where('kind', '=', 'polygon_region_monitoring').orderBy('id').executeTakeFirstOrThrow()
    expect(await reads.findRecord(caller, { type: 'areas', id: area.id })).toMatchObject({ id: area.id })
    expect(await reads.findRecord(caller, { type: 'areas', id: 2_000_000_000 })).toBeNull()
    const lists = await reads.scopedListsWithData(caller, { parent: 'area', id: area.id })
    expect(lists.length).toBeGreaterThan(0)
    for (const list of lists) expect(list).toEqual({ slug: expect.any(String), suffix: expect.any(String) })
  })
})
