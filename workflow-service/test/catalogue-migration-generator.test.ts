// The migration generator writes what the registry declares beyond the frozen migrations, and nothing else.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { migrationFor } from '../domain/src/catalogue/registry/ddl.ts'
import { int, num, text, yearField } from '../domain/src/catalogue/registry/fields.ts'
import { frozenSnapshot, writeCatalogueMigration } from '../domain/src/catalogue/registry/generate-migration.ts'
import { catalogueTypes, defineType, findType, type CatalogueType } from '../domain/src/catalogue/registry/index.ts'
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts'

const INDEX = `import type { Migration } from 'kysely'
import * as first from './2026-11-21-0001-first.ts'

export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-first': first,
}
`

/** The registry with one field more on recommendations and one new type. */
function changedRegistry(): CatalogueType[] {
  const recommendations = findType('ecomon-recommendations')!
  const added = defineType({
    slug: 'test-generator-added',
    table: 'test_generator_added',
    title: 'Проверка генератора',
    itemTitle: '{name}',
    origin: 'generated',
    fields: [yearField(), text('name', 'Наименование', { required: true }), num('share', 'Доля', '%')],
    filters: [{ name: 'year', kind: 'year', column: 'year' }],
    order: [['year', 'desc']],
  })
  return [
    ...catalogueTypes.map((t) => (t === recommendations ? { ...t, fields: [...t.fields, int('priority', 'Очерёдность')] } : t)),
    added,
  ]
}

describe('the catalogue migration generator', () => {
  let folder: string
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.destroy()
  })
  afterEach(() => {
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  // Inside the project (ignored by git), so the written migration resolves 'kysely' when it is imported.
  const parent = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-data')
  const newFolder = () => {
    mkdirSync(parent, { recursive: true })
    folder = mkdtempSync(path.join(parent, 'migrations-'))
    writeFileSync(path.join(folder, 'index.ts'), INDEX)
    return folder
  }

  it('writes nothing when the registry declares nothing the migrations do not create', () => {
    const at = newFolder()
    expect(writeCatalogueMigration('2026-11-24-0001-nothing', { folder: at })).toEqual([])
    expect(readdirSync(at)).toEqual(['index.ts'])
    expect(readFileSync(path.join(at, 'index.ts'), 'utf8')).toBe(INDEX)
  })

  it('writes only the new column of a changed type and the new table, and lists the migration', () => {
    const at = newFolder()
    const statements = writeCatalogueMigration('2026-11-24-0002-priority', { folder: at, types: changedRegistry() })
    expect(statements).toEqual([
      'ALTER TABLE "ecomon_recommendations" ADD COLUMN "priority" integer',
      expect.stringMatching(/^CREATE TABLE "test_generator_added" \(\n {2}id serial PRIMARY KEY,\n {2}"year" integer NOT NULL,/),
      'CREATE INDEX "test_generator_added_year_idx" ON "test_generator_added" ("year")',
      expect.stringContaining('CREATE TRIGGER public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "test_generator_added"'),
    ])
    // No other table is touched.
    for (const s of statements) expect(s).toMatch(/"(ecomon_recommendations|test_generator_added)"/)
    const index = readFileSync(path.join(at, 'index.ts'), 'utf8')
    expect(index).toContain("import * as m0002Priority from './2026-11-24-0002-priority.ts'")
    expect(index).toContain("  '2026-11-24-0002-priority': m0002Priority,\n}")
  })

  it('writes a migration that applies, freezes the new snapshot so the next run has nothing to write, and reverts', async () => {
    const at = newFolder()
    const types = changedRegistry()
    writeCatalogueMigration('2026-11-24-0003-apply', { folder: at, types })
    const migration = (await import(pathToFileURL(path.join(at, '2026-11-24-0003-apply.ts')).href)) as {
      catalogueSnapshot: Record<string, string[]>
      up(db: unknown): Promise<void>
      down(db: unknown): Promise<void>
    }
    // It records only what it creates; with the earlier migrations' records the generator has nothing left to write.
    expect(migration.catalogueSnapshot).toEqual({ ecomon_recommendations: ['priority'], test_generator_added: ['id', 'year', 'name', 'share'] })
    const frozen = frozenSnapshot()
    const union = { ...frozen, ecomon_recommendations: [...frozen.ecomon_recommendations, 'priority'], test_generator_added: migration.catalogueSnapshot.test_generator_added }
    expect(migrationFor(types, union).statements).toEqual([])
    expect(migrationFor(types, frozen).statements.length).toBeGreaterThan(0)

    await migration.up(database.ownerDb)
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE (table_name = 'ecomon_recommendations' AND column_name = 'priority') OR table_name = 'test_generator_added'
      ORDER BY table_name, ordinal_position`.execute(database.ownerDb)
    expect(rows.map((r) => `${r.table_name}.${r.column_name}`)).toEqual([
      'ecomon_recommendations.priority',
      'test_generator_added.id',
      'test_generator_added.year',
      'test_generator_added.name',
      'test_generator_added.share',
    ])
    const { rows: triggers } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE c.relname = 'test_generator_added' AND t.tgname = 'public_changed'`.execute(database.ownerDb)
    expect(triggers[0].n).toBe(1)
    // Rows that exist keep their values: the new column is added empty.
    const { rows: counts } = await sql<{ n: number; empty: number }>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE priority IS NULL)::int AS empty FROM ecomon_recommendations`.execute(database.ownerDb)
    expect(counts[0].n).toBeGreaterThan(0)
    expect(counts[0].empty).toBe(counts[0].n)

    await migration.down(database.ownerDb)
    const { rows: after } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.columns
      WHERE (table_name = 'ecomon_recommendations' AND column_name = 'priority') OR table_name = 'test_generator_added'`.execute(database.ownerDb)
    expect(after[0].n).toBe(0)
  })

  it('refuses a badly named migration and a registry with problems, writing nothing', () => {
    const at = newFolder()
    expect(() => writeCatalogueMigration('priority', { folder: at, types: changedRegistry() })).toThrow(/2026-11-21-0102/)
    const broken = [...catalogueTypes, { ...findType('ecomon-recommendations')! }]
    expect(() => writeCatalogueMigration('2026-11-24-0004-broken', { folder: at, types: broken })).toThrow(/duplicate slug/)
    expect(readdirSync(at)).toEqual(['index.ts'])
  })
})
