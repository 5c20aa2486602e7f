import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { frozenSnapshot } from '../domain/src/catalogue/registry/generate-migration.ts'
import { migrationFor, sqlTypeOf } from '../domain/src/catalogue/registry/ddl.ts'
import { catalogueTypes, checkRegistry, findType, storedFields } from '../domain/src/catalogue/registry/index.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

const RETIRABLE = new Set(['units', 'point_kinds', 'substances', 'companies', 'areas'])

describe('the catalogue registry', () => {
  it('has no duplicate slugs, tables or fields, and filters only declared columns', () => {
    expect(checkRegistry()).toEqual([])
  })

  it('is fully frozen into migrations: the generator has nothing left to write', () => {
    const { statements } = migrationFor(catalogueTypes, frozenSnapshot())
    expect(statements).toEqual([])
  })

  it('matches the database: every table has exactly the declared columns with the declared types', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; udt_name: string }>`
      SELECT table_name, column_name, data_type, udt_name FROM information_schema.columns WHERE table_schema = 'public'`.execute(t.database.db)
    const columns = new Map<string, Map<string, string>>()
    for (const r of rows) {
      if (!columns.has(r.table_name)) columns.set(r.table_name, new Map())
      columns.get(r.table_name)!.set(r.column_name, r.data_type === 'ARRAY' ? `${r.udt_name.slice(1)}[]` : r.data_type)
    }
    for (const type of catalogueTypes) {
      const actual = columns.get(type.table)
      expect(actual, type.table).toBeDefined()
      // Reference tables the administrator retires entries of carry `retired` beside their declared fields (decision 2686).
      const administrative = RETIRABLE.has(type.table) ? ['retired'] : []
      const expected = ['id', ...administrative, ...storedFields(type).map((f) => f.column)].sort()
      expect([...actual!.keys()].sort(), type.table).toEqual(expected)
      if (administrative.length) expect(actual!.get('retired'), `${type.table}.retired`).toBe('boolean')
      for (const field of storedFields(type)) {
        const want = sqlTypeOf(field)
        const got = actual!.get(field.column)
        // The hand-written core tables keep numeric for some decimals: both are numbers to the API.
        const same = got === want || (want === 'double precision' && got === 'numeric') || (want === 'text' && got === 'text')
        expect(same, `${type.table}.${field.column}: ${got} ≠ ${want}`).toBe(true)
      }
    }
  })

  it('has an index for every filter column', async () => {
    const { rows } = await sql<{ tablename: string; indexdef: string }>`SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public'`.execute(t.database.db)
    for (const type of catalogueTypes) {
      const defs = rows.filter((r) => r.tablename === type.table).map((r) => r.indexdef)
      for (const filter of type.filters) {
        if (filter.through || filter.reverse) continue
        const indexed = defs.some((d) => new RegExp(`\\((lower\\()?"?${filter.column}"?[,) ]`).test(d))
        expect(indexed, `${type.table}.${filter.column} (${filter.name})`).toBe(true)
      }
    }
  })

  it('exposes types by slug with labels, units and value types for templates and file checks', () => {
    const type = findType('ambient-air-reports')!
    expect(type.title).toBe('Атмосферный воздух')
    const no2 = type.fields.find((f) => f.name === 'no2')!
    expect(no2).toMatchObject({ label: 'Диоксид азота (NO2)', unit: 'мг/м³', type: 'number' })
    expect(findType('nothing')).toBeUndefined()
  })
})
