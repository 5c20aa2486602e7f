// Tells the Department that an agreed report's publication gave up (its job's retries ran out): every active
// Department user gets one item for the failure event, with the report, how many rows are public of those staged and
// the reason, linked to the report's section, where the same line stands (decision 3310).
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
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
  await sql`
    INSERT INTO notifications (user_id, company_id, event_position, report_id, topic, kind, title, body, link, created_at)
    SELECT u.id, NULL, ${position}, ${report.id}, ${PUBLICATION_TOPIC}, 'department_publication_failed', 'Данные согласованного отчёта не опубликованы',
           ${`${subject}: ${line}`}, ${link}, now()
    FROM users u
    WHERE u.is_active AND 'Департамент' = ANY (u.groups)
      AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u.id AND n.topic = ${PUBLICATION_TOPIC} AND n.event_position = ${position})
    ON CONFLICT (user_id, report_id, topic) WHERE read_at IS NULL AND report_id IS NOT NULL
    DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, link = EXCLUDED.link,
                  created_at = EXCLUDED.created_at, event_position = EXCLUDED.event_position, events = notifications.events + 1
    WHERE notifications.event_position < EXCLUDED.event_position`.execute(db)
}
