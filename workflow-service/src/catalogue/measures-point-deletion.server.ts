// Deleting a measuring point: refused (400) while the point holds data of agreed reports. The report workflow
// plugs its check in with `addPointDeletionGuard`; until then a point with no such dependency is deleted.
import { sql, type Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

/** Answers a reason to refuse, or null to allow. Runs inside the deleting transaction. */
export type PointDeletionGuard = (db: Kysely<Database>, pointId: number) => Promise<string | null>

const guards: PointDeletionGuard[] = []

export function addPointDeletionGuard(guard: PointDeletionGuard): void {
  guards.push(guard)
}

export type PointDeletion = { status: 'deleted' } | { status: 'not-found' } | { status: 'refused'; reason: string }

export const AGREED_REPORTS_REASON = 'имеются согласованные отчёты'

export async function deleteMeasuresPoint(db: Kysely<Database>, pointId: number): Promise<PointDeletion> {
  return db.transaction().execute(async (trx) => {
    // Lock the point so a report cannot be agreed on it between the check and the delete.
    const { rows } = await sql<{ id: number }>`SELECT id FROM measures_points WHERE id = ${pointId} FOR UPDATE`.execute(trx)
    if (!rows.length) return { status: 'not-found' } as const
    for (const guard of guards) {
      const reason = await guard(trx, pointId)
      if (reason) return { status: 'refused', reason } as const
    }
    // Readings and indicator rows of the point go with it (ON DELETE CASCADE).
    await trx.deleteFrom('measures_points').where('id', '=', pointId).execute()
    return { status: 'deleted' } as const
  })
}
