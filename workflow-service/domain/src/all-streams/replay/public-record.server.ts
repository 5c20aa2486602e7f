// Verify's second half (decision 3310): the public record against what the log recorded of it. The published
// readings of every report against its publication stream's last record (per file: rows and digest), each reading that
// differs named against the row its file's check staged; every agreed report's rows public, or why not; the rows no
// publication holds against the latest catalogue baseline; the reference data (the limits) against that baseline with
// every reference event after it. Runs in verify's snapshot, after the replay rebuilt the read models into `schema`.
import { sql, type Transaction } from 'kysely'
import type { Database, PublishedFileRecord } from '@portal/migrations/database.ts'
import { REFERENCE_EVENTS } from '../../admin/reference/reference-event-table.ts'
import { REFERENCE_KINDS } from '../../admin/reference/reference-kinds.ts'
import { contentColumns, PUBLISHED_TABLES, rowDigest } from '../../catalogue/published-rows.server.ts'
import type { ImportSpec } from '../../catalogue/registry/uploads.ts'
import { inChain, readStream, toStored } from '../../event-store/event-store.server.ts'
import { BASELINE_STREAM, type CatalogueBaselineRecorded } from '../../workflow/publication/baseline-events.ts'
import { referenceColumns, seededRows } from '../baseline/catalogue-baseline.server.ts'
import { publicationLine } from '../../workflow/publication/publication-line.ts'
import { eventUse } from '../event-tables.ts'

export interface PublicRecordCheck {
  /** Files whose public rows were compared with their publication's record, and the rows they hold. */
  files: number
  rows: number
  /** The log position of the baseline the seeded rows and the reference data were held against (null: none recorded). */
  baseline: number | null
  /** Reference rows compared. */
  referenceRows: number
  /** One line per difference, naming the report, file, reading or reference entry and both values. */
  findings: string[]
}

/** Past this many readings of one file, verify stops naming them one by one. */
const READINGS_NAMED = 20

type Db = Transaction<Database>

export async function verifyPublicRecord(trx: Db, schema: string): Promise<PublicRecordCheck> {
  const findings: string[] = []
  const { files, rows } = await comparePublications(trx, schema, findings)
  await checkAgreedReports(trx, schema, findings)
  const baseline = await latestBaseline(trx)
  if (baseline) await compareSeeded(trx, baseline.data, findings)
  const referenceRows = await compareReference(trx, baseline, findings)
  return { files, rows, baseline: baseline?.position ?? null, referenceRows, findings }
}

/** Every file's public rows against its report's last publication record. */
async function comparePublications(trx: Db, schema: string, findings: string[]): Promise<{ files: number; rows: number }> {
  const { rows: recorded } = await sql<{ id: number; files: PublishedFileRecord[] }>`SELECT id, files FROM ${sql.id(schema, 'report_publications')}`.execute(trx)
  const expected = new Map<string, PublishedFileRecord & { reportId: number }>()
  for (const r of recorded) for (const f of r.files) if (f.rows > 0) expected.set(`${f.table}/${f.fileId}`, { ...f, reportId: r.id })
  let files = 0
  let total = 0
  for (const spec of PUBLISHED_TABLES) {
    const { rows: live } = await sql<{ report_id: number; file_id: number; rows: number; digest: string }>`
      SELECT p.report_id, p.file_id, count(t.id)::int AS rows, ${rowDigest(spec)} AS digest
      FROM import_published_rows p LEFT JOIN ${sql.table(spec.table)} t ON t.id = p.row_id
      WHERE p.target_table = ${spec.table}
      GROUP BY p.report_id, p.file_id ORDER BY p.file_id`.execute(trx)
    for (const l of live) {
      files += 1
      total += l.rows
      const key = `${spec.table}/${l.file_id}`
      const e = expected.get(key)
      expected.delete(key)
      if (!e) {
        findings.push(`report ${l.report_id}, file ${l.file_id}: ${l.rows} rows of ${spec.table} are public that no publication of the log recorded`)
        continue
      }
      if (e.rows === l.rows && e.digest === l.digest && e.reportId === l.report_id) continue
      findings.push(`report ${e.reportId}, file ${l.file_id}: the log recorded ${e.rows} public rows of ${spec.table} (digest ${e.digest}), the catalogue holds ${l.rows} (digest ${l.digest})`)
      findings.push(...(await readingsUnlikeTheirRows(trx, spec, l.file_id)))
    }
  }
  for (const e of expected.values()) findings.push(`report ${e.reportId}, file ${e.fileId}: the log recorded ${e.rows} public rows of ${e.table}, the catalogue holds none`)
  return { files, rows: total }
}

/** The natural key's columns compared as text, so the join can hash (a NULL key part is `\N` on both sides). */
const keyText = (spec: ImportSpec, alias: string) => sql.join(spec.key.map((k) => sql`coalesce(${sql.ref(`${alias}.${k.column}`)}::text, '\\N')`))

/** The public rows of a file that differ from the rows its check staged (or that it never staged), named. */
async function readingsUnlikeTheirRows(trx: Db, spec: ImportSpec, fileId: number): Promise<string[]> {
  const columns = contentColumns(spec)
  const object = (alias: string) => sql`jsonb_build_object(${sql.join(columns.map((c) => sql`${sql.lit(c)}, ${sql.ref(`${alias}.${c}`)}`))})`
  const { rows } = await sql<{ id: string; live: Record<string, unknown>; staged: Record<string, unknown> | null; row_number: number | null }>`
    WITH staged AS (
      SELECT s.row_number, ${object('r')} AS v, ARRAY[${keyText(spec, 'r')}] AS k
      FROM import_staged_rows s CROSS JOIN LATERAL jsonb_populate_record(NULL::${sql.table(spec.table)}, s.data) AS r
      WHERE s.file_id = ${fileId} AND s.target_table = ${spec.table}
    )
    SELECT t.id, ${object('t')} AS live, st.v AS staged, st.row_number
    FROM import_published_rows p
    JOIN ${sql.table(spec.table)} t ON t.id = p.row_id
    LEFT JOIN staged st ON st.k = ARRAY[${keyText(spec, 't')}]
    WHERE p.file_id = ${fileId} AND p.target_table = ${spec.table} AND st.v IS DISTINCT FROM ${object('t')}
    ORDER BY t.id LIMIT ${READINGS_NAMED + 1}`.execute(trx)
  const lines = rows.slice(0, READINGS_NAMED).map((r) => {
    if (!r.staged) return `  ${spec.table} id ${r.id}: ${JSON.stringify(r.live)}, a row file ${fileId} never staged`
    const changed = columns.filter((c) => JSON.stringify(r.live[c]) !== JSON.stringify(r.staged![c]))
    const what = changed.map((c) => `${c} ${JSON.stringify(r.live[c])}, as agreed ${JSON.stringify(r.staged![c])}`).join('; ')
    return `  ${spec.table} id ${r.id}: ${what} (file ${fileId}, row ${r.row_number})`
  })
  if (rows.length > READINGS_NAMED) lines.push(`  … and more readings of file ${fileId}`)
  return lines
}

/** Every agreed report (as the log tells it) with staged rows has them public, or the line says why not. */
async function checkAgreedReports(trx: Db, schema: string, findings: string[]): Promise<void> {
  const { rows } = await sql<{ id: number; staged: number; status: 'published' | 'failed' | null; rows_public: number | null; rows_staged: number | null; reason: string | null; files: PublishedFileRecord[] | null }>`
    SELECT r.id, s.staged, p.status, p.rows_public, p.rows_staged, p.reason, p.files
    FROM ${sql.id(schema, 'import_reports')} r
    JOIN (SELECT st.report_id, count(*)::int AS staged FROM import_staged_rows st
          JOIN ${sql.id(schema, 'import_files')} f ON f.id = st.file_id AND f.status = 'success'
          GROUP BY st.report_id) s ON s.report_id = r.id
    LEFT JOIN ${sql.id(schema, 'report_publications')} p ON p.id = r.id
    WHERE r.status = 'agreed'
    ORDER BY r.id`.execute(trx)
  for (const r of rows) {
    if (r.status === null) findings.push(`report ${r.id} is agreed, but no publication of its ${r.staged} staged rows is recorded (its publication job is pending or failed)`)
    else if (r.status === 'failed') findings.push(`report ${r.id} is agreed, but its publication failed: ${publicationLine({ status: 'failed', rowsPublic: r.rows_public ?? 0, rowsStaged: r.rows_staged ?? r.staged, reason: r.reason })}`)
    else if ((r.files ?? []).reduce((n, f) => n + f.staged, 0) < r.staged) findings.push(`report ${r.id} is agreed, but its last publication covers ${(r.files ?? []).reduce((n, f) => n + f.staged, 0)} of its ${r.staged} staged rows`)
  }
}

/**
 * The latest baseline: its reference rows (the position the reference events are applied after) and the seeded rows
 * of the latest record of them, a unit change's `SeededRowsConverted` after it included (decision 3416).
 */
async function latestBaseline(trx: Db): Promise<{ position: number; data: CatalogueBaselineRecorded['data'] } | null> {
  const events = await readStream(trx, BASELINE_STREAM)
  const last = events.findLast((e) => e.type === 'CatalogueBaselineRecorded')
  if (!last) return null
  const seeded = (events.at(-1)!.data as { seeded: CatalogueBaselineRecorded['data']['seeded'] }).seeded
  return { position: last.position, data: { ...(last.data as CatalogueBaselineRecorded['data']), seeded } }
}

/** The rows no publication holds against the baseline: the seed's, which nothing may change or add to. */
async function compareSeeded(trx: Db, baseline: CatalogueBaselineRecorded['data'], findings: string[]): Promise<void> {
  for (const now of await seededRows(trx)) {
    const then = baseline.seeded.find((s) => s.table === now.table)
    if (!then || (then.rows === now.rows && then.digest === now.digest)) continue
    findings.push(`${now.table}: the baseline recorded ${then.rows} rows no publication holds (digest ${then.digest}), the catalogue holds ${now.rows} (digest ${now.digest})`)
    const { rows } = await sql<{ id: string }>`
      SELECT t.id FROM ${sql.table(now.table)} t
      WHERE t.id > ${then.maxId} AND NOT EXISTS (SELECT 1 FROM import_published_rows p WHERE p.target_table = ${now.table} AND p.row_id = t.id)
      ORDER BY t.id LIMIT ${READINGS_NAMED}`.execute(trx)
    for (const r of rows) findings.push(`  ${now.table} id ${r.id}: a row no publication holds and the baseline did not`)
  }
}

type Row = Record<string, unknown>

/** Numbers compare as numbers (a float column reads back as a number, a JSON value may be either), the rest as JSON. */
function same(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null)
  const na = typeof a === 'number' || typeof a === 'string' ? Number(a) : Number.NaN
  const nb = typeof b === 'number' || typeof b === 'string' ? Number(b) : Number.NaN
  if ((typeof a === 'number' || typeof b === 'number') && Number.isFinite(na) && Number.isFinite(nb)) return na === nb
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * The reference tables against the baseline and every reference event after it (or, with no baseline, against the
 * columns the events wrote: the rows before their streams are then not known).
 */
async function compareReference(trx: Db, baseline: { position: number; data: CatalogueBaselineRecorded['data'] } | null, findings: string[]): Promise<number> {
  const expected = new Map<string, Map<number, Row>>()
  const known = new Map<string, Map<number, Set<string>>>()
  for (const def of Object.values(REFERENCE_KINDS)) {
    expected.set(def.table, new Map())
    known.set(def.table, new Map())
  }
  for (const table of baseline?.data.reference ?? []) {
    for (const row of table.rows) {
      expected.get(table.table)?.set(Number(row.id), { ...row })
      known.get(table.table)?.set(Number(row.id), new Set(referenceColumns(table.table)))
    }
  }
  const types = Object.keys(REFERENCE_EVENTS)
  const { rows: events } = await trx
    .selectFrom('events')
    .selectAll()
    .where('type', 'in', types)
    .$if(baseline !== null, (q) => q.where('position', '>', baseline!.position))
    .orderBy('position')
    .execute()
    .then((rows) => ({ rows: rows.map(toStored).filter((e) => inChain(e.position)) }))
  for (const event of events) {
    for (const change of eventUse(event.type).rows(event, {})) {
      const table = expected.get(change.table)
      const columns = known.get(change.table)
      if (!table || !columns) continue
      if ('insert' in change) {
        const row = change.insert[0] as Row & { id: number }
        table.set(row.id, { ...row })
        columns.set(row.id, new Set(Object.keys(row)))
      } else if ('update' in change) {
        const id = Number(change.update)
        table.set(id, { ...table.get(id), ...(change.set as Row), id })
        columns.set(id, new Set([...(columns.get(id) ?? []), ...Object.keys(change.set)]))
      } else if ('delete' in change) {
        table.delete(change.delete)
        columns.delete(change.delete)
        // A deleted entry must be gone from the table: remembered with no column, so its presence is named.
        table.set(change.delete, { id: change.delete, deleted: true })
      }
    }
  }
  let compared = 0
  for (const def of Object.values(REFERENCE_KINDS)) {
    const columns = referenceColumns(def.table)
    const { rows: live } = await sql<Row>`SELECT ${sql.join(['id', ...columns].map((c) => sql.id(c)))} FROM ${sql.table(def.table)} ORDER BY id`.execute(trx)
    const liveById = new Map(live.map((r) => [Number(r.id), r]))
    const table = expected.get(def.table)!
    for (const [id, row] of table) {
      const found = liveById.get(id)
      if (row.deleted) {
        if (found) findings.push(`${def.table} id ${id}: the log deleted it, the table still holds it`)
        continue
      }
      compared += 1
      if (!found) {
        findings.push(`${def.table} id ${id}: the log holds it, the table does not`)
        continue
      }
      const checked = known.get(def.table)!.get(id) ?? new Set()
      for (const column of columns) {
        if (!checked.has(column) || same(found[column], row[column])) continue
        findings.push(`${def.table} id ${id}${found.name ? ` (${String(found.name)})` : ''}: ${column} ${JSON.stringify(found[column])}, the log says ${JSON.stringify(row[column] ?? null)}`)
      }
    }
    // With a baseline every row is known: one the table holds beyond it and every later event was added behind the log.
    if (baseline) for (const [id] of liveById) if (!table.has(id)) findings.push(`${def.table} id ${id}: in the table, but neither the baseline nor any event of the log added it`)
  }
  return compared
}
