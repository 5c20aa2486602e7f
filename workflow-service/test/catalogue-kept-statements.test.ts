// The list, count and years statements whose text is kept per shape (decision 3811) answer what the statements built
// and compiled afresh answer, for every type and filter kind, asked again with other values, and with values that
// look like SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { listRecords, listStatements, shapeRow, whereClause, yearsOf } from '../domain/src/catalogue/query.server.ts'
import { catalogueTypes, storedFields } from '../domain/src/catalogue/registry/index.ts'
import type { AppliedFilters } from '../domain/src/catalogue/filters.ts'
import type { CatalogueType, FilterDef } from '../domain/src/catalogue/registry/types.ts'
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.destroy())

/** Two values of a filter's kind that match some rows or none; the shape is the same for both. */
function valuesOf(filter: FilterDef): unknown[] {
  switch (filter.kind) {
    case 'id':
      return [1, 2]
    case 'id-list':
      return [[1, 2], [3]]
    case 'year':
      return [2022, 2023]
    case 'enum':
      return filter.options?.length ? [filter.options[0], filter.options.at(-1)] : []
    case 'enum-list':
      return filter.options?.length ? [[filter.options[0]], [...filter.options]] : []
    case 'search':
    case 'text':
      return ['а', "' OR 1=1 --"]
    case 'boolean':
      return [true, false]
    case 'isnull':
      return [true, false]
    case 'date-gte':
      return ['2020-01-01', '2024-06-30']
    case 'date-lte':
      return ['2030-01-01', '2021-01-01']
    case 'bbox':
      return [[60, 60, 80, 70], [0, 0, 1, 1]]
  }
}

async function fresh(type: CatalogueType, filters: AppliedFilters) {
  const statements = listStatements(type, filters, 5, 0)
  const [rows, count] = await Promise.all([statements.rows.execute(database.db), statements.count.execute(database.db)])
  return { count: Number(count.rows[0]?.count ?? 0), results: rows.rows.map((r) => shapeRow(type, r)) }
}

describe('a list statement kept per shape', () => {
  it('answers every type, under each of its filters and two values of it, as the statement compiled afresh', async () => {
    let compared = 0
    for (const type of catalogueTypes) {
      const cases: AppliedFilters[] = [{}]
      for (const filter of type.filters) for (const value of valuesOf(filter)) cases.push({ [filter.name]: value } as AppliedFilters)
      for (const filters of cases) {
        // Asked twice: the first compiles and keeps the text, the second binds new values to it.
        for (let i = 0; i < 2; i++) {
          const answer = await listRecords(database.db, type, filters, 5, 0)
          expect({ type: type.slug, filters, answer }).toEqual({ type: type.slug, filters, answer: await fresh(type, filters) })
        }
        compared++
      }
    }
    expect(compared).toBeGreaterThan(catalogueTypes.length)
  })

  it('keeps an isnull filter\'s two texts apart: the rows with the value and those without are not one shape', async () => {
    const type = catalogueTypes.find((t) => t.filters.some((f) => f.kind === 'isnull'))
    if (!type) return
    const filter = type.filters.find((f) => f.kind === 'isnull')!
    const withNull = await listRecords(database.db, type, { [filter.name]: true } as AppliedFilters, 5, 0)
    const without = await listRecords(database.db, type, { [filter.name]: false } as AppliedFilters, 5, 0)
    const all = await listRecords(database.db, type, {}, 5, 0)
    expect(withNull.count + without.count).toBe(all.count)
  })

  it('answers the years of a scope as the statement compiled afresh, scope after scope', async () => {
    for (const type of catalogueTypes.filter((t) => t.filters.some((f) => f.kind === 'year') && storedFields(t).some((f) => f.column === 'year'))) {
      for (const filter of type.filters.filter((f) => f.kind === 'id')) {
        for (const id of [1, 2, 3]) {
          const filters = { [filter.name]: id } as AppliedFilters
          const { rows } = await sql<{ year: number }>`SELECT DISTINCT t.year FROM ${sql.table(type.table)} AS t ${whereClause(type, filters)} ORDER BY t.year DESC`.execute(database.db)
          expect(await yearsOf(database.db, type, filters)).toEqual(rows.map((r) => r.year))
        }
      }
    }
  })
})
