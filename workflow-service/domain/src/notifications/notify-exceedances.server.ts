// Tells the Department when an agreement publishes readings above their ПДК, in the publication's transaction: every
// active Department user gets one item per report with the count, the worst multiple and a link to the exceedances
// page filtered for the report (decision 2450). The item stands for the agreement event that published the rows, so a
// retried publication (or a later run publishing a freed row) tells nobody twice; an agreement after a cancellation is
// a new event and tells again, taking the place of an unread item of the earlier one.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { noticeToDepartment } from './department-notice.server.ts'
import { exceedancesOfReport } from '../catalogue/exceedances.server.ts'
import { REPORT_TYPES } from '../workflow/reports/report-types.ts'
import { exceedanceNotice, exceedancesLink } from './exceedance-notice.ts'

export const EXCEEDANCES_TOPIC = 'exceedances'

export async function notifyDepartmentOfExceedances(db: Kysely<Database>, reportId: number): Promise<void> {
  const report = await db
    .selectFrom('import_reports as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .leftJoin('areas as a', 'a.id', 'r.area_id')
    .select(['r.id', 'r.status', 'r.company_id', 'r.area_id', 'r.year', 'r.report_type', 'a.name as area_name', 'c.name as company_name'])
    .select((eb) =>
      eb
        .selectFrom('report_status_changes as s')
        .select((s) => s.fn.max('s.id').as('position'))
        .whereRef('s.report_id', '=', 'r.id')
        .where('s.event', '=', 'agreed')
        .as('agreed_at'),
    )
    .where('r.id', '=', reportId)
    .executeTakeFirst()
  if (!report || report.status !== 'agreed' || report.agreed_at == null) return
  const { count, worst } = await exceedancesOfReport(db, reportId)
  if (count === 0 || !worst) return
  const notice = exceedanceNotice({
    companyName: report.company_name,
    reportTypeTitle: REPORT_TYPES[report.report_type].title,
    year: report.year,
    areaName: report.area_name,
    count,
    worst,
  })
  const position = Number(report.agreed_at)
  await noticeToDepartment(db, {
    position,
    reportId: report.id,
    topic: EXCEEDANCES_TOPIC,
    kind: 'department_exceedances',
    title: notice.title,
    body: notice.body,
    link: exceedancesLink(report.company_id, report.year, report.area_id),
  })
}
