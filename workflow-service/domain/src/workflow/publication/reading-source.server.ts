// Where a public reading comes from («Откуда это значение», decision 3310): the company, report, file and row that
// published it, the agreement that made it public (its log position and fingerprint) and the publication record
// verify holds it against; a reading no publication holds is the catalogue's own (the seed's), under the baseline.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { inChainSql } from '../../event-store/positions.ts'
import { REPORT_TYPES } from '../reports/report-types.ts'
import { BASELINE_STREAM } from './baseline-events.ts'
import { UPLOADS } from '../../catalogue/registry/uploads.ts'

export interface ReadingSource {
  reading: { id: number; name: string; value: number; measure: string; sampled: string | null; pointId: number }
  /** The publication that made it public; null: the catalogue's own data. */
  publication: {
    company: { id: number; name: string }
    report: { id: number; title: string; year: number; area: { id: number; name: string } | null }
    file: { id: number; name: string; sha256: string | null }
    /** The row of the file (its number in the file's data), when the staged row is still there. */
    row: number | null
    /** The agreement event: its log position, time and fingerprint (its keyed hash). */
    agreement: { position: number; at: string; fingerprint: string } | null
  } | null
  /** The catalogue's own data: the baseline event that holds it. */
  baseline: { position: number; at: string; fingerprint: string } | null
}

const spec = UPLOADS.find((u) => u.table === 'measures_point_indications')!

export async function readingSource(db: Kysely<Database>, id: number): Promise<ReadingSource | null> {
  const reading = await db
    .selectFrom('measures_point_indications')
    .select(['id', 'name', 'value', 'measure', 'measures_point_id'])
    .select(sql<string | null>`to_char(sampled, 'YYYY-MM-DD')`.as('sampled'))
    .where('id', '=', String(id))
    .executeTakeFirst()
  if (!reading) return null
  const view = { id: Number(reading.id), name: reading.name, value: reading.value, measure: reading.measure, sampled: reading.sampled, pointId: reading.measures_point_id }
  const published = await db
    .selectFrom('import_published_rows as p')
    .innerJoin('import_files as f', 'f.id', 'p.file_id')
    .innerJoin('import_reports as r', 'r.id', 'p.report_id')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .leftJoin('areas as a', 'a.id', 'r.area_id')
    .select(['f.id as file_id', 'f.name as file_name', 'f.sha256', 'r.id as report_id', 'r.report_type', 'r.year', 'r.area_id', 'a.name as area_name', 'c.id as company_id', 'c.name as company_name'])
    .where('p.target_table', '=', 'measures_point_indications')
    .where('p.row_id', '=', Number(reading.id))
    .executeTakeFirst()
  if (!published) {
    const { rows } = await sql<{ position: string; created_at: Date; hash: string }>`
      SELECT position, created_at, hash FROM events WHERE stream_id = ${BASELINE_STREAM} AND ${inChainSql()} ORDER BY position DESC LIMIT 1`.execute(db)
    const b = rows[0]
    return { reading: view, publication: null, baseline: b ? { position: Number(b.position), at: b.created_at.toISOString(), fingerprint: b.hash } : null }
  }
  const key = sql.join(spec.key.map((k) => sql`coalesce((r.${sql.ref(k.column)})::text, '\\N') = coalesce((t.${sql.ref(k.column)})::text, '\\N')`), sql` AND `)
  const [row, agreement] = await Promise.all([
    sql<{ row_number: number }>`
      SELECT s.row_number FROM import_staged_rows s
      CROSS JOIN LATERAL jsonb_populate_record(NULL::measures_point_indications, s.data) AS r
      JOIN measures_point_indications t ON t.id = ${reading.id}
      WHERE s.file_id = ${published.file_id} AND s.target_table = 'measures_point_indications' AND ${key}
      LIMIT 1`.execute(db),
    sql<{ position: string; created_at: Date; hash: string }>`
      SELECT e.position, e.created_at, e.hash FROM report_status_changes s JOIN events e ON e.position = s.id
      WHERE s.report_id = ${published.report_id} AND s.event = 'agreed' ORDER BY s.id DESC LIMIT 1`.execute(db),
  ])
  const a = agreement.rows[0]
  return {
    reading: view,
    publication: {
      company: { id: published.company_id, name: published.company_name },
      report: {
        id: published.report_id,
        title: REPORT_TYPES[published.report_type].title,
        year: published.year,
        area: published.area_id !== null ? { id: published.area_id, name: published.area_name ?? '' } : null,
      },
      file: { id: published.file_id, name: published.file_name, sha256: published.sha256 ?? null },
      row: row.rows[0]?.row_number ?? null,
      agreement: a ? { position: Number(a.position), at: a.created_at.toISOString(), fingerprint: a.hash } : null,
    },
    baseline: null,
  }
}
