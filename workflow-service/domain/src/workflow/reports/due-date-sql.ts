// The due date of a report in SQL, for the boards and the queue to show, filter and sort by: the administrator's own
// (table report_due_dates, not retired) for its type and year, else the default of decision 3601 (due-dates.ts).
import type { ReportType } from '@portal/migrations/database.ts'
import { type RawBuilder, sql } from 'kysely'
import { DEFAULT_DUE } from './due-dates.ts'

/** The SQL of the default for the report type and year expressions (the same rule as defaultDueDate; its test compares them). */
export function defaultDueSql(reportType: RawBuilder<unknown>, year: RawBuilder<unknown>) {
  const cases = sql.join(
    (Object.entries(DEFAULT_DUE) as Array<[ReportType, (typeof DEFAULT_DUE)[ReportType]]>).map(
      ([type, rule]) => sql`WHEN ${type} THEN make_date((${year})::int + ${rule.yearOffset}::int, ${rule.month}::int, ${rule.day}::int)`,
    ),
    sql` `,
  )
  return sql<string>`(CASE ${reportType} ${cases} END)`
}

/** The due date of a report: the administrator's own for its type and year (not retired), else the default. */
export function dueDateSql(reportType: RawBuilder<unknown>, year: RawBuilder<unknown>) {
  return sql<string>`to_char(COALESCE(
    (SELECT d.due_date FROM report_due_dates d WHERE d.report_type = ${reportType} AND d.year = (${year})::int AND NOT d.retired),
    ${defaultDueSql(reportType, year)}), 'YYYY-MM-DD')`
}

