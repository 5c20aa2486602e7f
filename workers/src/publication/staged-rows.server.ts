// Staged rows of checked files and their publication into the catalogue tables: insert on agreement, delete on withdrawal.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { JOBS } from '@portal/workflow-domain/ports.ts'
import { importSpecOfTable, type ImportSpec } from '@portal/workflow-domain/registry.ts'
import { lockSubstanceUnits, notifyDepartmentOfExceedances, publishedFilesOfReport, recordReportPublication } from '@portal/workflow-domain/commands.server.ts'
import { publishedIdSql, rememberPublishedIds } from './stable-row-ids.server.ts'

type Db = Kysely<Database> | Transaction<Database>

export interface StagingTarget {
  fileId: number
  reportId: number
  spec: ImportSpec
  /** Values taken from the report (the greenhouse report's company), added to every row. */
  fixed: Record<string, number | null>
}

/** Forgets what an earlier (interrupted) run of the check staged for this file. */
export async function clearStagedRows(db: Db, fileId: number): Promise<void> {
  await db.deleteFrom('import_staged_rows').where('file_id', '=', fileId).execute()
}

/**
 * A row to stage: its number in the file and its values by column. Declared here, by what staging needs, so that the
 * file check (which hands its checked rows over) depends on the publication and not the other way round.
 */
export interface StagedRow {
  number: number
  values: Readonly<Record<string, string | number | null>>
}

/** Stages a batch in one statement: one JSON parameter, expanded by PostgreSQL. */
export async function stageRows(db: Db, target: StagingTarget, rows: readonly StagedRow[]): Promise<void> {
  if (rows.length === 0) return
  const payload = JSON.stringify(rows.map((r) => [r.number, { ...r.values, ...target.fixed }]))
  await sql`
    INSERT INTO import_staged_rows (file_id, report_id, target_table, row_number, data)
    SELECT ${target.fileId}, ${target.reportId}, ${target.spec.table}, (e->>0)::integer, e->1
    FROM jsonb_array_elements(${payload}::jsonb) AS e`.execute(db)
}

/**
 * Copies a file's staged rows into its catalogue table and remembers the new ids. Idempotent by the natural key: a
 * row already published (by this file before, or by anyone) is skipped, so running it again adds only what is missing
 * (a row another report held until it was withdrawn).
 */
async function publishFile(db: Db, fileId: number, reportId: number): Promise<number> {
  const tables = await db.selectFrom('import_staged_rows').select('target_table').distinct().where('file_id', '=', fileId).execute()
  let published = 0
  for (const { target_table: table } of tables) {
    const spec = importSpecOfTable(table)
    const columns = [...spec.columns.map((c) => c.column), ...spec.fromReport.map((f) => f.column)]
    const list = sql.join(columns.map((c) => sql.id(c)))
    const fromRecord = sql.join(columns.map((c) => sql`r.${sql.id(c)}`))
    const key = sql.join(spec.key.map((k) => sql.id(k.column)))
    // jsonb_populate_record reads the staged JSON through the table's own row type: column types are the table's.
    // A row whose natural key is already published (by another file, another report or the demo data) is skipped,
    // not published twice and not remembered as this file's: withdrawing this report never removes it (decision 2120).
    // The file check refuses such rows; this is what holds when two checks passed before either was agreed.
    const result = await sql<{ n: number }>`
      WITH inserted AS (
        INSERT INTO ${sql.id(table)} (id, ${list})
        SELECT ${publishedIdSql(spec, 'r')}, ${fromRecord}
        FROM import_staged_rows s
        CROSS JOIN LATERAL jsonb_populate_record(NULL::${sql.id(table)}, s.data) AS r
        WHERE s.file_id = ${fileId} AND s.target_table = ${table}
        ORDER BY s.row_number
        ON CONFLICT (${key}) DO NOTHING
        RETURNING id
      ), remembered AS (
        INSERT INTO import_published_rows (target_table, row_id, file_id, report_id)
        SELECT ${table}, id, ${fileId}, ${reportId} FROM inserted
        RETURNING 1
      )
      SELECT count(*)::integer AS n FROM remembered`.execute(db)
    published += Number(result.rows[0]?.n ?? 0)
  }
  return published
}

/**
 * Deletes from the catalogue the rows a file's publication created. Through the owner's function: the portal's role
 * may add published readings but never change or remove one (decision 3310); the function withdraws only the rows of
 * a file no agreement holds public any more.
 */
export async function withdrawFile(db: Db, fileId: number): Promise<number> {
  // Each row's id is remembered by its natural key first, so the next publication of the same row takes it again.
  const tables = await db.selectFrom('import_published_rows').select('target_table').distinct().where('file_id', '=', fileId).execute()
  for (const { target_table: table } of tables) await rememberPublishedIds(db, importSpecOfTable(table), fileId)
  const { rows } = await sql<{ n: number }>`SELECT withdraw_published_file(${fileId}) AS n`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/**
 * A staged row of the file whose substance is in the reference in another unit than the row's (decision 3416): a unit
 * change committed while the file was checked, after the conversion had converted the rows staged so far. Read under
 * the substances' shared unit lock, so a conversion either saw every row staged before it or committed before this
 * look. Answers the row's number and both units, or null.
 */
export async function stagedInAStaleUnit(db: Kysely<Database>, fileId: number): Promise<{ row: number; measure: string; unit: string } | null> {
  return db.transaction().execute(async (trx) => {
    const substances = await sql<{ id: number }>`
      SELECT s.id FROM substances s WHERE s.name IN (
        SELECT DISTINCT data->>'name' FROM import_staged_rows WHERE file_id = ${fileId} AND target_table = 'measures_point_indications')`.execute(trx)
    await lockSubstanceUnits(trx, substances.rows.map((r) => r.id), true)
    const { rows } = await sql<{ row: number; measure: string; unit: string }>`
      SELECT st.row_number AS row, st.data->>'measure' AS measure, u.name AS unit
      FROM import_staged_rows st
      JOIN substances sb ON sb.name = st.data->>'name'
      JOIN units u ON u.id = sb.unit_id
      WHERE st.file_id = ${fileId} AND st.target_table = 'measures_point_indications' AND u.name <> st.data->>'measure'
        AND NOT EXISTS (SELECT 1 FROM substances o JOIN units ou ON ou.id = o.unit_id WHERE o.name = sb.name AND ou.name = st.data->>'measure')
      ORDER BY st.row_number LIMIT 1`.execute(trx)
    return rows[0] ?? null
  })
}

/**
 * Makes the catalogue agree with the report as it is now: an agreed report shows the rows of its successful
 * files; any other status (or a deleted file) shows none. Safe to run any number of times, in any order. A run
 * that publishes rows tells the Department of the report's readings above their ПДК in the same transaction.
 */
export async function syncReportPublication(db: Kysely<Database>, reportId: number): Promise<{ published: number; withdrawn: number }> {
  return db.transaction().execute(async (trx) => {
    // One reconciliation per report at a time: two workers cannot publish the same file twice.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${JOBS.reportPublication}), ${reportId})`.execute(trx)
    // A unit change of a substance among these rows waits for this run, or this run for it (decision 3416): the rows
    // it publishes are read in the unit they will stay in.
    const substances = await sql<{ id: number }>`
      SELECT s.id FROM substances s WHERE s.name IN (
        SELECT DISTINCT data->>'name' FROM import_staged_rows WHERE report_id = ${reportId} AND target_table = 'measures_point_indications')`.execute(trx)
    await lockSubstanceUnits(trx, substances.rows.map((r) => r.id), true)
    const report = await trx.selectFrom('import_reports').select(['status']).where('id', '=', reportId).executeTakeFirst()
    const files = await trx.selectFrom('import_files').select(['id', 'status']).where('report_id', '=', reportId).execute()
    const publishedFiles = await trx.selectFrom('import_published_rows').select('file_id').distinct().where('report_id', '=', reportId).execute()
    const visible = new Set(report?.status === 'agreed' ? files.filter((f) => f.status === 'success').map((f) => f.id) : [])
    let published = 0
    let withdrawn = 0
    for (const { file_id } of publishedFiles) if (!visible.has(file_id)) withdrawn += await withdrawFile(trx, file_id)
    for (const fileId of visible) published += await publishFile(trx, fileId, reportId)
    // What is public now goes into the log with the rows (decision 3310): verify holds the catalogue against it.
    await recordReportPublication(trx, { reportId, files: await publishedFilesOfReport(trx, reportId, [...visible]) })
    // Readings above their ПДК are told to the Department with the rows, once per agreement (decision 2450).
    if (published > 0) await notifyDepartmentOfExceedances(trx, reportId)
    return { published, withdrawn }
  })
}
