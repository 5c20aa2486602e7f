// The demo's point reports tell the same story as the point's readings: a report's pollutant that the readings also
// measure takes the reading's value and sampling date, so a point's 'Отчёты' and 'Показания' agree for a year.
import { sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { pointReportTypes } from '../catalogue/registry/point-reports.ts'
import { substancesOf } from '../catalogue/substances.ts'

export async function alignPointReportsWithReadings(trx: Transaction<Database>): Promise<void> {
  for (const type of pointReportTypes) {
    const kind = type.seed?.where?.kind?.[0]
    if (!kind) continue
    const measured = new Set(substancesOf(kind).map(([name]) => name))
    const shared = type.fields.filter((f) => f.limit !== undefined && measured.has(f.label))
    const table = sql.table(type.table)
    for (const field of shared) {
      await sql`
        UPDATE ${table} AS r
        SET ${sql.ref(field.column ?? field.name)} = i.value,
            sampled = (i.sampled::text || 'T10:00:00+05:00')::timestamptz
        FROM measures_point_indications i
        WHERE i.measures_point_id = r.measures_point_id AND i.year = r.year AND i.name = ${field.label} AND i.sampled IS NOT NULL
      `.execute(trx)
    }
  }
}
