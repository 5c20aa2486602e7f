// The due date of every report type for one reporting year, as the reports page shows them beside its sections.
import { type Kysely, sql } from 'kysely'
import type { Database, ReportType } from '@portal/migrations/database.ts'
import { REPORT_TYPE_CODES } from './report-types.ts'
import { dueDateSql } from './due-date-sql.ts'

export async function dueDatesOfYear(db: Kysely<Database>, year: number): Promise<Record<ReportType, string>> {
  const types = sql.join(REPORT_TYPE_CODES.map((code) => sql`(${code}::text)`))
  const { rows } = await sql<{ report_type: ReportType; due_date: string }>`
    SELECT t.report_type, ${dueDateSql(sql`t.report_type`, sql`${year}`)} AS due_date FROM (VALUES ${types}) AS t(report_type)`.execute(db)
  return Object.fromEntries(rows.map((r) => [r.report_type, r.due_date])) as Record<ReportType, string>
}
