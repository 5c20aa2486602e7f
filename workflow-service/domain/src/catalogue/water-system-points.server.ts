// Which water bodies a water system controls: its `water_resources` names matched to the water resource records,
// so its measuring points are the points on those water bodies.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

/** The ids of the water resources a water system names (empty when it names none that exist). */
export async function waterResourceIdsOf(db: Kysely<Database>, systemId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT wr.id FROM water_systems ws JOIN water_resources wr ON wr.name = ANY(ws.water_resources)
    WHERE ws.id = ${systemId} ORDER BY wr.id`.execute(db)
  return rows.map((r) => r.id)
}
