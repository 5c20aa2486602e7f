// Rows of a checked data file whose natural key (the upload declaration's `naturalKey`, decision 2120) already
// stands: earlier in the same file, in another standing file of the same report, or among the published rows of the
// table. Run by the database over the file's staged rows once they are all staged, so a file of a million rows costs
// the checking child no memory; each duplicate row is one error naming both places.
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { ImportSpec } from '@portal/workflow-domain/registry.ts'
import type { Problem } from './file-problem.ts'

export interface DuplicateSearch {
  fileId: number
  reportId: number
  spec: ImportSpec
}

interface Found {
  row_number: number
  place: 1 | 2 | 3
  other_file: string | null
  other_row: number | null
  record_id: string | null
  total: string
}

/** «Пункт наблюдения (номенклатура)», «Год», «Показатель» и «Дата отбора». */
function keyLabels(spec: ImportSpec): string {
  const labels = spec.key.map((k) => `«${k.label}»`)
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} и ${labels.at(-1)}` : labels.join('')
}

function reasonOf(found: Found, same: string): string {
  if (found.place === 1) return `повторяет строку ${found.other_row} этого файла: совпадают ${same}`
  if (found.place === 2) return `повторяет строку ${found.other_row} файла «${found.other_file}» этого отчёта: совпадают ${same}`
  if (found.other_file !== null) {
    const where = found.other_row !== null ? `строкой ${found.other_row} файла «${found.other_file}»` : `файлом «${found.other_file}»`
    return `уже опубликована ${where} другого отчёта: совпадают ${same}`
  }
  return `уже есть в опубликованных данных (запись ${found.record_id}): совпадают ${same}`
}

/**
 * The first `limit` rows of the file that repeat a key, each with the first place it already stands (this file, then
 * another file of the report, then the published rows), and how many such rows there are in all. Other files count
 * when they passed their check, or are being checked and were uploaded earlier: of two files checked at once, the
 * later one is refused, and never both pass. Published rows of this report itself are left out (an agreement just
 * cancelled whose withdrawal has not run yet): its files are compared as files.
 */
export async function findDuplicateRows(db: Kysely<Database>, search: DuplicateSearch, limit: number): Promise<{ problems: Problem[]; count: number }> {
  if (search.spec.key.length === 0) return { problems: [], count: 0 }
  // The staged rows were written a moment ago, so the planner's statistics know nothing of them and estimate a row or
  // two: it then joins two large files of one report by a nested loop over every pair of rows (minutes for 100 000
  // each). Hash joins on the key are right whatever the sizes.
  const { rows } = await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_nestloop = off`.execute(trx)
    return duplicateRowsQuery(search, limit).execute(trx)
  })
  return answerOf(search.spec, rows)
}

/**
 * The same search for rows that are no file's (a check before sending, decision 2420): the rows come from `rows`
 * (`row_number`, `data`) in the caller's transaction, and every standing file of the report counts, being checked
 * or checked good. `reportId` null: the section has no report yet, so only the published rows count.
 */
export async function findDuplicatesOfRows(
  trx: Transaction<Database>,
  search: { spec: ImportSpec; reportId: number | null; rows: RawBuilder<unknown> },
  limit: number,
): Promise<{ problems: Problem[]; count: number }> {
  if (search.spec.key.length === 0) return { problems: [], count: 0 }
  await sql`SET LOCAL enable_nestloop = off`.execute(trx)
  const { rows } = await keyQuery({ ...search, reportId: search.reportId ?? 0, others: sql`status IN ('success', 'processing')` }, limit).execute(trx)
  return answerOf(search.spec, rows)
}

function answerOf(spec: ImportSpec, rows: readonly Found[]): { problems: Problem[]; count: number } {
  const same = keyLabels(spec)
  return {
    problems: rows.map((found) => ({ row: found.row_number, reason: reasonOf(found, same), kind: 'duplicate' as const })),
    count: Number(rows[0]?.total ?? 0),
  }
}

/** The query of `findDuplicateRows`, to be run with nested loops off (a test reads its plan). */
export function duplicateRowsQuery(search: DuplicateSearch, limit: number) {
  const { fileId, reportId, spec } = search
  return keyQuery(
    {
      spec,
      reportId,
      rows: sql`SELECT s.row_number, s.data FROM import_staged_rows s WHERE s.file_id = ${fileId} AND s.target_table = ${spec.table}`,
      // Of two files checked at once, the later one is refused, and never both pass.
      others: sql`id <> ${fileId} AND (status = 'success' OR (status = 'processing' AND id < ${fileId}))`,
    },
    limit,
  )
}

/** The rows of `rows` whose key stands earlier among them, in the report's `others` files, or in the published rows. */
function keyQuery(search: { spec: ImportSpec; reportId: number; rows: RawBuilder<unknown>; others: RawBuilder<unknown> }, limit: number) {
  const { reportId, spec } = search
  const table = spec.table
  const staged = (alias: string) => sql`jsonb_build_array(${sql.join(spec.key.map((k) => sql`${sql.ref(`${alias}.data`)}->${sql.lit(k.column)}`))})`
  // Equality on the typed columns, the way the unique index compares (NULLs equal). A column the table holds NOT NULL
  // is compared by plain equality, which a hash join can use; only a column that may be empty (the sampling date)
  // needs the NULL-safe match, as a filter of that join. With every column NULL-safe (an OR in each) the only plan
  // left was a nested loop over every pair of the file's rows and the table's: a 100 000-row file checked against
  // 100 000 published readings ran for minutes without an end.
  const sameRecord = sql.join(
    spec.key.map((k) =>
      k.required
        ? sql`t.${sql.id(k.column)} = m.${sql.id(k.column)}`
        : sql`(t.${sql.id(k.column)} = m.${sql.id(k.column)} OR (t.${sql.id(k.column)} IS NULL AND m.${sql.id(k.column)} IS NULL))`,
    ),
    sql` AND `,
  )
  return sql<Found>`
    WITH mine AS (
      SELECT s.row_number, ${staged('s')} AS k, r.*
      FROM (${search.rows}) s
      CROSS JOIN LATERAL jsonb_populate_record(NULL::${sql.id(table)}, s.data) AS r
    ), others AS (
      SELECT id, name FROM import_files WHERE report_id = ${reportId} AND ${search.others}
    ), found AS (
      SELECT w.row_number, 1 AS place, NULL::text AS other_file, w.first AS other_row, NULL::bigint AS record_id
      FROM (SELECT row_number, min(row_number) OVER (PARTITION BY k) AS first FROM mine) w
      WHERE w.row_number > w.first
      UNION ALL
      SELECT m.row_number, 2, f.name, o.row_number, NULL
      FROM others f
      JOIN import_staged_rows o ON o.file_id = f.id AND o.target_table = ${table}
      JOIN mine m ON m.k = ${staged('o')}
      UNION ALL
      SELECT m.row_number, 3, pf.name, (
        SELECT min(ps.row_number) FROM import_staged_rows ps WHERE ps.file_id = p.file_id AND ${staged('ps')} = m.k
      ), t.id
      FROM mine m
      JOIN ${sql.id(table)} t ON ${sameRecord}
      LEFT JOIN import_published_rows p ON p.target_table = ${table} AND p.row_id = t.id
      LEFT JOIN import_files pf ON pf.id = p.file_id
      WHERE p.report_id IS DISTINCT FROM ${reportId}
    ), first_place AS (
      SELECT DISTINCT ON (row_number) * FROM found ORDER BY row_number, place, other_row NULLS LAST, record_id
    )
    SELECT *, count(*) OVER () AS total FROM first_place ORDER BY row_number LIMIT ${limit}`
}
