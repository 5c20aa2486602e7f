// An index in the order of the readings list, so a page of one year's readings (no point filter) stops after its rows.
import { type Kysely, sql } from 'kysely'

// The list is ordered `year DESC NULLS LAST, name, id` (catalogue/query.server.ts): with this index PostgreSQL reads
// the first rows of the year in order instead of sorting every reading of the year. Not generated: the registry
// derives one index per filter, and this one serves the order of a list rather than a filter.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX measures_point_indications_year_name_idx ON measures_point_indications (year DESC NULLS LAST, name, id)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS measures_point_indications_year_name_idx`.execute(db)
}
