// Published rows keep their ids across agree → cancel → agree (issue 33): a withdrawal remembers the id of each row it
// deletes by the row's natural key (published_row_ids), and a publication gives a row of a remembered key that id
// again, any other row the next value of its table's own sequence, so the sequence stays ahead of every id given.
import { type RawBuilder, sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { ImportSpec } from '@portal/workflow-domain/registry.ts'

type Db = Kysely<Database> | Transaction<Database>

/** The natural key of a row as one JSON array of its key columns' values, read from `alias` (a row of the table's type). */
function naturalKeySql(spec: ImportSpec, alias: string): RawBuilder<unknown> {
  return sql`jsonb_build_array(${sql.join(spec.key.map((k) => sql.ref(`${alias}.${k.column}`)))})`
}

/**
 * The id to publish a staged row with, `record` being the row read through the table's type: the id its key had when
 * it was last withdrawn (unless another row holds that id now), else the table's next id.
 */
export function publishedIdSql(spec: ImportSpec, record: string): RawBuilder<number> {
  const table = spec.table
  return sql<number>`COALESCE(
    (SELECT p.row_id FROM published_row_ids p
     WHERE p.target_table = ${table} AND p.natural_key = ${naturalKeySql(spec, record)}
       AND NOT EXISTS (SELECT 1 FROM ${sql.id(table)} taken WHERE taken.id = p.row_id)),
    nextval(pg_get_serial_sequence(${table}, 'id')))`
}

/** Remembers, before a withdrawal deletes them, the id of each row the file's publication created, by its key. */
export async function rememberPublishedIds(db: Db, spec: ImportSpec, fileId: number): Promise<void> {
  await sql`
    INSERT INTO published_row_ids (target_table, natural_key, row_id)
    SELECT ${spec.table}, ${naturalKeySql(spec, 'published')}, published.id
    FROM ${sql.id(spec.table)} published
    WHERE published.id IN (SELECT row_id FROM import_published_rows WHERE file_id = ${fileId} AND target_table = ${spec.table})
    ON CONFLICT (target_table, natural_key) DO UPDATE SET row_id = EXCLUDED.row_id`.execute(db)
}
