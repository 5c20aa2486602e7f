// A person behind each account: the full name the pages show instead of the login (history, status, audit,
// receipts), and an e-mail address the Department's notices may go to once confirmed (decisions 2670, 2685).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN full_name text NOT NULL DEFAULT '' CHECK (length(full_name) <= 200)`.execute(db)
  await sql`ALTER TABLE users ADD COLUMN email text CHECK (email IS NULL OR length(email) BETWEEN 3 AND 254)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN email`.execute(db)
  await sql`ALTER TABLE users DROP COLUMN full_name`.execute(db)
}
