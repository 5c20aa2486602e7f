// Indexes for the SensorThings API's reads: a Datastream is a point × substance × unit that has readings (found by
// the first index, which also serves a Datastream's Observations), and `$filter=result gt …` reads the values' index.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX measures_point_indications_point_name_measure_idx ON measures_point_indications (measures_point_id, name, measure)`.execute(db)
  await sql`CREATE INDEX measures_point_indications_value_idx ON measures_point_indications (value)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS measures_point_indications_value_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS measures_point_indications_point_name_measure_idx`.execute(db)
}
