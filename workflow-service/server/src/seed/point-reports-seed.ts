// The demo's point reports tell the same story as the point's readings: a report's pollutant that the readings also
// measure takes the reading's value and sampling date, and one they do not measure becomes a reading of its own, so a
// point's 'Отчёты' and 'Показания' list the same substances with the same values for a year.
import { sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { pointReportTypes, hygienicLimit, substancesOf } from '@portal/workflow-domain/registry.ts'

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
    // The pollutants only the report measured: a reading of the report's value, on its sampling day in the region.
    const only = type.fields.filter((f) => f.limit !== undefined && !measured.has(f.label))
    for (const field of only) {
      const column = sql.ref(`r.${field.column ?? field.name}`)
      await sql`
        INSERT INTO measures_point_indications (measures_point_id, year, sampled, name, value, measure, mpc, mpc_max)
        SELECT r.measures_point_id, r.year, (r.sampled AT TIME ZONE 'Asia/Yekaterinburg')::date, ${field.label}, ${column},
               ${field.unit ?? ''}, ${field.limit}::numeric, ${hygienicLimit(field.label, field.unit ?? '')?.mpcMax ?? null}::numeric
        FROM ${table} AS r
        WHERE ${column} IS NOT NULL AND r.sampled IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM measures_point_indications i WHERE i.measures_point_id = r.measures_point_id AND i.year = r.year AND i.name = ${field.label})
      `.execute(trx)
    }
  }
}
