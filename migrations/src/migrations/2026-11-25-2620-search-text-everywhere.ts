// Every list's `search` folds ё into е as the header's search does: the searched names are indexed over search_text()
// (the one normalisation, migration 2026-11-23-1910) instead of lower(), so `search_text(name) LIKE '%…%'` keeps a
// trigram index. The header's search also finds a company by its ИНН, an area by its licence number and a point by its
// code (trigram indexes over those), and a name by another form of its words (Russian stems: a full-text index).
import { type Kysely, sql } from 'kysely'

/** The tables whose `name` a list searches (the registry's search filters when this was written). */
const SEARCHED = ['water_resources', 'report_templates', 'scientific_researches', 'ecomon_water_indicators', 'water_systems'] as const
/** The header's search tables, whose search_text(name) indexes exist already under a shorter name. */
const SITE = ['companies', 'areas', 'measures_points'] as const
/** What the header's search matches besides the name. */
const NUMBERS = [
  ['companies', 'inn'],
  ['areas', 'license'],
  ['measures_points', 'nomenclature'],
] as const
/** Names the header's search also matches by their words' Russian stems. */
const STEMMED = [...SITE, 'water_resources'] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of SEARCHED) {
    await sql.raw(`DROP INDEX IF EXISTS ${table}_name_trgm_idx`).execute(db)
    await sql.raw(`CREATE INDEX ${table}_name_search_text_idx ON ${table} USING gin (search_text(name) gin_trgm_ops)`).execute(db)
  }
  for (const table of SITE) {
    await sql.raw(`DROP INDEX IF EXISTS ${table}_name_trgm_idx`).execute(db)
    await sql.raw(`ALTER INDEX ${table}_search_text_idx RENAME TO ${table}_name_search_text_idx`).execute(db)
  }
  for (const [table, column] of NUMBERS) {
    await sql.raw(`CREATE INDEX ${table}_${column}_search_text_idx ON ${table} USING gin (search_text(${column}) gin_trgm_ops)`).execute(db)
  }
  for (const table of STEMMED) {
    await sql.raw(`CREATE INDEX ${table}_name_stems_idx ON ${table} USING gin (to_tsvector('russian', search_text(name)))`).execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of STEMMED) await sql.raw(`DROP INDEX IF EXISTS ${table}_name_stems_idx`).execute(db)
  for (const [table, column] of NUMBERS) await sql.raw(`DROP INDEX IF EXISTS ${table}_${column}_search_text_idx`).execute(db)
  for (const table of SITE) {
    await sql.raw(`ALTER INDEX ${table}_name_search_text_idx RENAME TO ${table}_search_text_idx`).execute(db)
    await sql.raw(`CREATE INDEX ${table}_name_trgm_idx ON ${table} USING gin (lower(name) gin_trgm_ops)`).execute(db)
  }
  for (const table of SEARCHED) {
    await sql.raw(`DROP INDEX IF EXISTS ${table}_name_search_text_idx`).execute(db)
    await sql.raw(`CREATE INDEX ${table}_name_trgm_idx ON ${table} USING gin (lower(name) gin_trgm_ops)`).execute(db)
  }
}
