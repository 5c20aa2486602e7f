// Tells the Department that an agreed report's publication gave up (its job's retries ran out): every active
// Department user gets one item for the failure event, with the report, how many rows are public of those staged and
// the reason, linked to the report's section, where the same line stands (decision 3310).
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { noticeToDepartment } from './department-notice.server.ts'
import { REPORT_TYPES } from '../workflow/reports/report-types.ts'
import { sectionAddress } from '../workflow/reports/board-cells.ts'
import { publicationLine } from '../workflow/publication/publication-line.ts'

export const PUBLICATION_TOPIC = 'publication'

export async function notifyDepartmentOfFailedPublication(db: Kysely<Database>, reportId: number, position: number): Promise<void> {
  const report = await db
    .selectFrom('import_reports as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .leftJoin('areas as a', 'a.id', 'r.area_id')
    .innerJoin('report_publications as p', 'p.id', 'r.id')
    .select(['r.id', 'r.company_id', 'r.area_id', 'r.year', 'r.report_type', 'a.name as area_name', 'c.name as company_name', 'p.status', 'p.rows_public', 'p.rows_staged', 'p.reason'])
    .where('r.id', '=', reportId)
    .executeTakeFirst()
  if (!report) return
  const subject = `${report.company_name}: ${REPORT_TYPES[report.report_type].title} за ${report.year} год${report.area_name ? ` (${report.area_name})` : ''}`
  const line = publicationLine({ status: report.status, rowsPublic: report.rows_public, rowsStaged: report.rows_staged, reason: report.reason })
  const link = `/monitoring${sectionAddress(report.company_id, report.year, report.area_id, report.report_type)}`
  await noticeToDepartment(db, {
    position,
    reportId: report.id,
    topic: PUBLICATION_TOPIC,
    kind: 'department_publication_failed',
    title: 'Данные согласованного отчёта не опубликованы',
    body: `${subject}: ${line}`,
    link,
  })
}
