// A card's independent reads leave together (decision 3810): the point and area cards and the companies page send
// their statements in as few socket writes as their dependencies allow, and answer as before, 404 and 400 included.
import type { AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { pageContext } from './support/load-context.ts'
import { useTestApp } from '../../test-support/test-app.ts'
import { countRoundTrips } from '../../test-support/round-trips.ts'
import { loader as pointLoader } from '../app/features/catalogue/routes/point-card.tsx'
import { loader as areaLoader } from '../app/features/catalogue/routes/area-card.tsx'
import { loader as companiesLoader } from '../app/features/catalogue/routes/company-list.tsx'
import { isNotFound } from '../app/features/catalogue/server/not-found.ts'

const t = useTestApp()

function contextOf(): AppLoadContext {
  return pageContext({ db: t.database.db, queue: t.queue }, null, { dataDir: '.test-data/page-reads-together' })
}

function call(loader: (args: LoaderFunctionArgs) => Promise<unknown>, path: string, params: Record<string, string> = {}) {
  return loader({ request: new Request(`http://localhost/monitoring${path}`), params, context: contextOf() } as LoaderFunctionArgs)
}

/** A point with readings that carry a sampling moment (so its limits are read too), and one of its years. */
async function pointWithReadings(): Promise<{ id: number; year: number }> {
  const { rows } = await sql<{ id: number; year: number }>`
    SELECT measures_point_id AS id, max(year) AS year FROM measures_point_indications WHERE sampled IS NOT NULL GROUP BY 1 ORDER BY 1 LIMIT 1`.execute(t.database.db)
  if (!rows[0]) throw new Error('the demo data has no sampled readings')
  return rows[0]
}

/** Twice first: a text is named on its second use, so the counted call sends what every later miss sends. */
async function counted(work: () => Promise<unknown>) {
  await work()
  await work()
  return countRoundTrips(work)
}

describe('a card\'s reads', () => {
  it('of a point for its latest year: the point, its tabs and its years in one write, then its readings, then their limits', async () => {
    const point = await pointWithReadings()
    const { writes, statements, result } = await counted(() => call(pointLoader, `/measures-points/${point.id}/`, { id: String(point.id) }))
    expect({ writes, statements }).toEqual({ writes: 3, statements: 7 })
    expect(result).toMatchObject({ year: point.year, readings: expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]) })
  })

  it('of a point for a year the address names: the readings go out with the point, its tabs and its years', async () => {
    const point = await pointWithReadings()
    const { writes, statements, result } = await counted(() => call(pointLoader, `/measures-points/${point.id}/?year=${point.year}`, { id: String(point.id) }))
    expect({ writes, statements }).toEqual({ writes: 2, statements: 7 })
    expect(result).toMatchObject({ year: point.year })
  })

  it('of an area: the area and its tabs in one write', async () => {
    const { rows } = await sql<{ id: number }>`SELECT id FROM areas ORDER BY id LIMIT 1`.execute(t.database.db)
    const { writes, statements } = await counted(() => call(areaLoader, `/areas/${rows[0].id}/`, { id: String(rows[0].id) }))
    expect({ writes, statements }).toEqual({ writes: 1, statements: 2 })
  })

  it('of the companies page: its rows and its kept total in one write', async () => {
    const { writes, statements } = await counted(() => call(companiesLoader, '/companies/'))
    expect({ writes, statements }).toEqual({ writes: 1, statements: 2 })
  })
})

describe('a card whose reads go out together', () => {
  it('is still the 404 for a point that is not there, with a year that does not parse as well', async () => {
    const missing = 999_999_999
    for (const query of ['', '?year=2022', '?year=abc']) {
      const answer = await call(pointLoader, `/measures-points/${missing}/${query}`, { id: String(missing) }).catch((error: unknown) => error)
      expect(isNotFound(answer), query).toBe(true)
    }
  })

  it('is the 400 naming the period for a point that is there and a year that does not parse', async () => {
    const point = await pointWithReadings()
    const answer = (await call(pointLoader, `/measures-points/${point.id}/?year=2147483648`, { id: String(point.id) }).catch((error: unknown) => error)) as { init?: { status?: number } }
    expect(answer?.init?.status).toBe(400)
  })
})
