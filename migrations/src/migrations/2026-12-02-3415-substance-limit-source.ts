// Each limit of the reference names the document it comes from (issue 34, decision 3415): a hygienist reading
// «ПДК 0,1» sees whose 0,1 it is. Empty for the entries no one has given a source yet.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE substances ADD COLUMN source text`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE substances DROP COLUMN source`.execute(db)
}
