// What a declined round of an observation-results report held (issue 37, decision 3714): per point, substance and
// unit the sum, count and extremes of the round's checked readings, written in the decline's transaction. The holder
// then deletes or replaces the declined file, whose staged rows go with it (decision 0402); this summary is what the
// next round is compared with. Like the staged rows it comes from the files, not from the log: a rebuild leaves it.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE report_round_readings (
      report_id integer NOT NULL,
      round integer NOT NULL,
      measures_point_id integer NOT NULL,
      name text NOT NULL,
      measure text NOT NULL,
      sum double precision NOT NULL,
      count integer NOT NULL,
      low double precision,
      high double precision,
      PRIMARY KEY (report_id, round, measures_point_id, name, measure)
    )`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS report_round_readings`.execute(db)
}
