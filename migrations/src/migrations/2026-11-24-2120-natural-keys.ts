// Named after every earlier migration: it reads the events (0301) and the tables uploads publish to (0001, 0101).
// One reading per natural key (decision 2120). A file whose bytes equal another file of its report is refused at the
// upload, so each file keeps the SHA-256 of its bytes (from its FileUploaded event; absent on events recorded
// without one). The tables uploads publish to get a unique index on their key, so no publication can show one
// reading twice: rows that already repeat an earlier row's key (the same file agreed twice before this migration)
// are removed first, the earliest of each key stays, and the publication record forgets the removed ones.
// The key columns are frozen here as the upload declarations state them today (catalogue/registry/core.ts and
// greenhouse.ts, `upload.naturalKey`); a test compares the two.
import { type Kysely, sql } from 'kysely'

const KEYS: ReadonlyArray<{ table: string; index: string; columns: readonly string[] }> = [
  { table: 'measures_point_indications', index: 'measures_point_indications_natural_key', columns: ['measures_point_id', 'year', 'name', 'sampled'] },
  { table: 'greenhouse_gases', index: 'greenhouse_gases_natural_key', columns: ['company_id', 'year', 'greenhouse_category_id'] },
]

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE import_files ADD COLUMN sha256 text`.execute(db)
  await sql`
    UPDATE import_files f SET sha256 = e.data->>'sha256'
    FROM events e
    WHERE e.type = 'FileUploaded' AND e.stream_id = 'file-' || f.id AND e.data ? 'sha256'`.execute(db)
  await sql`CREATE INDEX import_files_report_sha256_idx ON import_files (report_id, sha256) WHERE sha256 IS NOT NULL`.execute(db)

  for (const { table, index, columns } of KEYS) {
    const key = sql.join(columns.map((c) => sql.id(c)))
    // Window partitions group NULLs together, as the NULLS NOT DISTINCT index below does.
    await sql`
      CREATE TEMPORARY TABLE repeated_rows AS
      SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY ${key} ORDER BY id) AS n FROM ${sql.id(table)}) ranked
      WHERE n > 1`.execute(db)
    await sql`DELETE FROM import_published_rows WHERE target_table = ${table} AND row_id IN (SELECT id FROM repeated_rows)`.execute(db)
    await sql`DELETE FROM ${sql.id(table)} WHERE id IN (SELECT id FROM repeated_rows)`.execute(db)
    await sql`DROP TABLE repeated_rows`.execute(db)
    await sql`CREATE UNIQUE INDEX ${sql.id(index)} ON ${sql.id(table)} (${key}) NULLS NOT DISTINCT`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { index } of KEYS) await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db)
  await sql`DROP INDEX IF EXISTS import_files_report_sha256_idx`.execute(db)
  await sql`ALTER TABLE import_files DROP COLUMN sha256`.execute(db)
}
