// An upload may carry an idempotency key (the Idempotency-Key header): a retry with the same key by the same user
// finds the file the first one registered. The unique index decides between two retries that arrive together.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE import_files ADD COLUMN idempotency_key text`.execute(db)
  await sql`CREATE UNIQUE INDEX import_files_idempotency_idx ON import_files (creator_id, idempotency_key) WHERE idempotency_key IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX import_files_idempotency_idx`.execute(db)
  await sql`ALTER TABLE import_files DROP COLUMN idempotency_key`.execute(db)
}
