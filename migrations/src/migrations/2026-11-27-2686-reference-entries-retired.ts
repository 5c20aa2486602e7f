// Reference entries are retired from use, not deleted: readings keep naming them (decision 2686). Each reference table
// marks its retired rows; the admin history's index covers the new events of the reference stream.
import { type Kysely, sql } from 'kysely'

const TABLES = ['units', 'point_kinds', 'substances', 'companies', 'areas']
const TYPES = sql`('ReferenceEntryAdded', 'ReferenceEntryChanged', 'ReferenceEntryRetired', 'ReferenceEntryRestored', 'ReferenceEntryDeleted')`

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN retired boolean NOT NULL DEFAULT false`.execute(db)
  await sql`DROP INDEX IF EXISTS events_reference_kind_idx`.execute(db)
  await sql`CREATE INDEX events_reference_kind_idx ON events ((data->>'kind'), position DESC) WHERE type IN ${TYPES}`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS events_reference_kind_idx`.execute(db)
  await sql`CREATE INDEX events_reference_kind_idx ON events ((data->>'kind'), position DESC)
    WHERE type IN ('ReferenceEntryAdded', 'ReferenceEntryChanged')`.execute(db)
  for (const table of TABLES) await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN retired`.execute(db)
}
