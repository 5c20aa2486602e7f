// Reads of the import_files read model: lists by area and year or by company and report type, one file, its problems.
import type { Kysely, Selectable } from 'kysely'
import type { Database, FileProblem, ReportType } from '@portal/migrations/database.ts'

export const fileUrl = (id: number) => `/api/v1/import-files/${id}/download/`

const fileColumns = [
  'f.id',
  'f.report_id',
  'f.company_id',
  'f.area_id',
  'f.year',
  'f.report_type',
  'f.name',
  'f.size',
  'f.content_type',
  'f.description',
  'f.status',
  'f.problems',
  'f.ecomon_responsible_id',
  'f.company_responsible_id',
  'f.created',
  'f.updated',
  'f.creator_username',
] as const

type FileRow = Pick<
  Selectable<Database['import_files']>,
  'id' | 'report_id' | 'company_id' | 'area_id' | 'year' | 'report_type' | 'name' | 'size' | 'content_type' | 'description' | 'status' | 'problems' | 'ecomon_responsible_id' | 'company_responsible_id' | 'created' | 'updated' | 'creator_username'
>

/** The API form of a file: the first problem is shown, the full list is at /import-files/{id}/problems/. */
export function toImportFile(row: FileRow) {
  const problems = row.problems as FileProblem[]
  return {
    id: row.id,
    file: fileUrl(row.id),
    name: row.name,
    description: row.description,
    status: row.status,
    size: row.size,
    content_type: row.content_type,
    report: { id: row.report_id },
    year: row.year,
    report_type: row.report_type,
    ecomon_responsible: row.ecomon_responsible_id,
    company_responsible: row.company_responsible_id,
    // The first error: a warning beside a good file is no error.
    error: problems.find((p) => p.level !== 'warning')?.reason ?? null,
    problems_count: problems.length,
    created: row.created,
    updated: row.updated,
    creator: row.creator_username,
  }
}

export type ImportFile = ReturnType<typeof toImportFile>

export interface FileFilter {
  year?: number
  areaId?: number
  companyId?: number
  reportType?: ReportType
}

function filtered(db: Kysely<Database>, filter: FileFilter) {
  let query = db.selectFrom('import_files as f').where('f.status', '!=', 'deleted')
  if (filter.areaId !== undefined) query = query.where('f.area_id', '=', filter.areaId)
  if (filter.companyId !== undefined) query = query.where('f.company_id', '=', filter.companyId)
  if (filter.reportType !== undefined) query = query.where('f.report_type', '=', filter.reportType)
  if (filter.year !== undefined) query = query.where('f.year', '=', filter.year)
  return query
}

export async function listFiles(db: Kysely<Database>, filter: FileFilter, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    filtered(db, filter).select(fileColumns).orderBy('f.id').limit(limit).offset(offset).execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { count: Number(total.count), results: rows.map(toImportFile) }
}

/** The files of a set of reports (for report lists: one query, not one per report). */
export async function filesOfReports(db: Kysely<Database>, reportIds: number[]): Promise<Map<number, ImportFile[]>> {
  const byReport = new Map<number, ImportFile[]>()
  if (reportIds.length === 0) return byReport
  const rows = await db
    .selectFrom('import_files as f')
    .select(fileColumns)
    .where('f.report_id', 'in', reportIds)
    .where('f.status', '!=', 'deleted')
    .orderBy('f.id')
    .execute()
  for (const row of rows) {
    const list = byReport.get(row.report_id) ?? []
    list.push(toImportFile(row))
    byReport.set(row.report_id, list)
  }
  return byReport
}

/** One file with what a download needs (its storage key and owner), deleted ones included for the 404 decision. */
export async function findFile(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('import_files')
    .select(['id', 'company_id', 'report_id', 'name', 'storage_key', 'size', 'content_type', 'status', 'problems', 'description'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** The stored files of an area and year, or of a company and report type, for the ZIP download. */
export async function filesForArchive(db: Kysely<Database>, filter: FileFilter) {
  return filtered(db, filter)
    .where('f.status', '!=', 'deletion')
    .select(['f.id', 'f.name', 'f.storage_key', 'f.report_type', 'f.year'])
    .orderBy('f.id')
    .execute()
}

/** One file as the API shows it (after a check of who may read it). */
export async function importFileAnswer(db: Kysely<Database>, id: number) {
  return toImportFile(await db.selectFrom('import_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

/** The findings kept on these files, by file id. */
export async function findingsOfFiles(db: Kysely<Database>, fileIds: number[]): Promise<Map<number, FileProblem[]>> {
  if (fileIds.length === 0) return new Map()
  const rows = await db.selectFrom('import_files').select(['id', 'problems']).where('id', 'in', fileIds).execute()
  return new Map(rows.map((r) => [r.id, r.problems as FileProblem[]]))
}

/** For each of these files, the name of an earlier file of its report with the same bytes that still stands. */
export async function earlierFilesWithSameBytes(db: Kysely<Database>, fileIds: number[]): Promise<Map<number, string>> {
  if (fileIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('import_files as f')
    .innerJoin('import_files as e', (join) => join.onRef('e.report_id', '=', 'f.report_id').onRef('e.sha256', '=', 'f.sha256').onRef('e.id', '<', 'f.id'))
    .select(['f.id', 'e.name', 'e.id as earlier'])
    .where('f.id', 'in', fileIds)
    .where('e.status', 'not in', ['deletion', 'deleted'])
    .orderBy('e.id')
    .execute()
  const found = new Map<number, string>()
  for (const row of rows) if (!found.has(row.id)) found.set(row.id, row.name)
  return found
}
