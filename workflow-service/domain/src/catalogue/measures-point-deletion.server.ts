// Deleting a measuring point: refused (400) while anything depends on it — readings and indicator records (the
// published data of agreed reports among them), or checked rows of reports not yet agreed that name it — so a
// delete never takes data with it and a later publication never meets a missing point. The database keeps the same
// rule (no foreign key deletes by cascade), so this guard is the only delete path and nothing bypasses it.
import { sql, type Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export type PointDeletion = { status: 'deleted' } | { status: 'not-found' } | { status: 'refused'; reason: string }

/** The spec's text for a point that holds data. */
export const AGREED_REPORTS_REASON = 'имеются согласованные отчёты'
export const PENDING_REPORTS_REASON = 'имеются отчёты на проверке или на рассмотрении с данными этого пункта'

const FOREIGN_KEY_VIOLATION = '23503'

export async function deleteMeasuresPoint(db: Kysely<Database>, pointId: number): Promise<PointDeletion> {
  return db.transaction().execute(async (trx) => {
    // Lock the point so a report cannot be agreed on it between the check and the delete.
    const { rows } = await sql<{ id: number; area_id: number | null }>`SELECT id, area_id FROM measures_points WHERE id = ${pointId} FOR UPDATE`.execute(trx)
    if (!rows.length) return { status: 'not-found' } as const
    // Readings and indicator records refer to the point without cascade: the database answers whether any exist,
    // for every table that refers to points, including ones added to the registry later.
    await sql`SAVEPOINT point_delete`.execute(trx)
    try {
      await trx.deleteFrom('measures_points').where('id', '=', pointId).execute()
    } catch (error) {
      if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error
      await sql`ROLLBACK TO SAVEPOINT point_delete`.execute(trx)
      return { status: 'refused', reason: AGREED_REPORTS_REASON } as const
    }
    const areaId = rows[0].area_id
    if (areaId !== null) {
      // A file of the point's area being checked may stage rows naming it; a checked file of a report not yet
      // agreed (or whose agreement was cancelled) holds them: either would be published later, onto a missing point.
      const pending = await sql<{ found: number }>`
        SELECT 1 AS found FROM import_files f
        WHERE f.area_id = ${areaId} AND (
          f.status = 'processing'
          OR (f.status = 'success' AND EXISTS (
            SELECT 1 FROM import_staged_rows s
            WHERE s.file_id = f.id AND s.data->>'measures_point_id' = ${String(pointId)}))
        )
        LIMIT 1`.execute(trx)
      if (pending.rows.length) {
        await sql`ROLLBACK TO SAVEPOINT point_delete`.execute(trx)
        return { status: 'refused', reason: PENDING_REPORTS_REASON } as const
      }
    }
    return { status: 'deleted' } as const
  })
}
