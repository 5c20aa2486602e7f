// What a report has made public, as the database holds it: per file, how many of its staged rows are public and their
// digest. The publication records it in the log (the `publication-report-N` stream, decision 3310) and verify computes
// it again from the live tables: one function for both, so the two can only differ by what changed the tables.
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely'
import type { Database, PublishedFileRecord } from '@portal/migrations/database.ts'
import { type ImportSpec, UPLOADS } from './registry/uploads.ts'

type Db = Kysely<Database> | Transaction<Database>

/** The columns of a published row that a file (or its report) gave it: what the public reads of it. */
export const contentColumns = (spec: ImportSpec): string[] => [...spec.columns.map((c) => c.column), ...spec.fromReport.map((f) => f.column)]

/**
 * The digest of a set of rows of one table (alias `t`): each row's id and content hashed (md5 of its columns' text,
 * a NULL as `\N`), the hashes' two 60-bit halves summed apart. Order-free, so one aggregate computes it as the rows
 * stream past, over a file's rows or a table's millions alike; an empty set is `0:0`.
 */
export function rowDigest(spec: ImportSpec, alias = 't'): RawBuilder<string> {
  const hash = sql`md5(concat_ws(chr(31), ${sql.join(rowCells(spec, alias), sql`, `)}))`
  const half = (from: number) => sql`coalesce(sum(('x' || substr(${hash}, ${sql.lit(from)}, 15))::bit(60)::bigint), 0)::text`
  return sql<string>`(${half(1)} || ':' || ${half(16)})`
}

/** A row's cells as the digest reads them: its id and content columns as text, a NULL as `\N` (transparency reads them so too). */
export const rowCells = (spec: ImportSpec, alias = 't'): RawBuilder<string>[] =>
  [sql.ref(`${alias}.id`), ...contentColumns(spec).map((c) => sql.ref(`${alias}.${c}`))].map((ref) => sql<string>`coalesce(${ref}::text, '\\N')`)

/** The upload tables, each with its spec (the tables of published readings). */
export const PUBLISHED_TABLES: readonly ImportSpec[] = UPLOADS

/**
 * The files of a report whose rows are public (or staged to be: a checked file of an agreed report), each with its
 * public rows' count and digest and its staged rows' count, ordered by file and table. `visible`: the files that
 * should be public now; a visible file with no public row (every key was already public) is listed with 0.
 */
export async function publishedFilesOfReport(db: Db, reportId: number, visible: readonly number[]): Promise<PublishedFileRecord[]> {
  const records = new Map<string, PublishedFileRecord>()
  const staged = await db
    .selectFrom('import_staged_rows')
    .select(['file_id', 'target_table'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('report_id', '=', reportId)
    .groupBy(['file_id', 'target_table'])
    .execute()
  for (const row of staged) {
    if (!visible.includes(row.file_id)) continue
    records.set(`${row.file_id}/${row.target_table}`, { fileId: row.file_id, table: row.target_table, rows: 0, staged: Number(row.n), digest: '0:0' })
  }
  for (const spec of PUBLISHED_TABLES) {
    const { rows } = await sql<{ file_id: number; rows: number; digest: string }>`
      SELECT p.file_id, count(*)::int AS rows, ${rowDigest(spec)} AS digest
      FROM import_published_rows p JOIN ${sql.table(spec.table)} t ON t.id = p.row_id
      WHERE p.report_id = ${reportId} AND p.target_table = ${spec.table}
      GROUP BY p.file_id`.execute(db)
    for (const row of rows) {
      const key = `${row.file_id}/${spec.table}`
      records.set(key, { fileId: row.file_id, table: spec.table, rows: row.rows, staged: records.get(key)?.staged ?? 0, digest: row.digest })
    }
  }
  return [...records.values()].sort((a, b) => a.fileId - b.fileId || a.table.localeCompare(b.table))
}

/** The rows of a table of published readings that no publication holds: how many, the largest id and their digest. */
export interface SeededRows {
  table: string
  rows: number
  maxId: number
  digest: string
}

/** The rows of each table of published readings that no publication holds, as verify and the baseline count them. */
export async function seededRows(db: Db): Promise<SeededRows[]> {
  const result: SeededRows[] = []
  for (const spec of PUBLISHED_TABLES) {
    const { rows } = await sql<{ rows: number; max_id: string | null; digest: string }>`
      SELECT count(*)::int AS rows, max(t.id) AS max_id, ${rowDigest(spec)} AS digest
      FROM ${sql.table(spec.table)} t
      WHERE NOT EXISTS (SELECT 1 FROM import_published_rows p WHERE p.target_table = ${spec.table} AND p.row_id = t.id)`.execute(db)
    result.push({ table: spec.table, rows: rows[0].rows, maxId: Number(rows[0].max_id ?? 0), digest: rows[0].digest })
  }
  return result
}
