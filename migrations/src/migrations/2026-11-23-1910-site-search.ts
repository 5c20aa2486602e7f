// The site search: one normalisation of names (lower case, ё as е) and trigram indexes over it, so '%…%' searches of
// companies, areas and measuring points use an index; a plain index on the readings' names lets the distinct
// substances be read by skipping through it rather than scanning every reading.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION search_text(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT lower(translate(value, 'Ёё', 'Ее')) $$`.execute(db)
  await sql`CREATE INDEX companies_search_text_idx ON companies USING gin (search_text(name) gin_trgm_ops)`.execute(db)
  await sql`CREATE INDEX areas_search_text_idx ON areas USING gin (search_text(name) gin_trgm_ops)`.execute(db)
  await sql`CREATE INDEX measures_points_search_text_idx ON measures_points USING gin (search_text(name) gin_trgm_ops)`.execute(db)
  await sql`CREATE INDEX measures_point_indications_name_idx ON measures_point_indications (name)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS measures_point_indications_name_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS measures_points_search_text_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS areas_search_text_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS companies_search_text_idx`.execute(db)
  await sql`DROP FUNCTION IF EXISTS search_text(text)`.execute(db)
}
