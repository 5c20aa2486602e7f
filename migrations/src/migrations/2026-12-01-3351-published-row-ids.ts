// The id each published reading had, by its natural key (issue 33): a report's withdrawal deletes its rows and the
// next agreement publishes them again, and with the same ids, so a link to a reading keeps working. The ids come
// from each table's own sequence when first given, so the sequence stays ahead of every id remembered here.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE published_row_ids (
      target_table text NOT NULL,
      natural_key jsonb NOT NULL,
      row_id bigint NOT NULL,
      PRIMARY KEY (target_table, natural_key)
    )`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE published_row_ids`.execute(db)
}
