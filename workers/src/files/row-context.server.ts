// Loads what the row checks of one file need from the database: the report's year, its points or categories.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { normalizeLookup, type ReferenceRecord, type RowContext } from './check-row.ts'
import type { DataReportType } from './import-spec.ts'

export interface FileScope {
  reportType: DataReportType
  year: number
  areaId: number | null
  companyId: number
}

export async function loadRowContext(db: Kysely<Database>, file: FileScope, today = new Date()): Promise<RowContext> {
  const references: Record<string, Map<string, ReferenceRecord>> = {}
  let scope = ''
  if (file.reportType === 'observation_results') {
    // The points of the report's area; a company report without an area takes the points of all its areas.
    let query = db.selectFrom('measures_points').innerJoin('areas', 'areas.id', 'measures_points.area_id').select(['measures_points.id', 'measures_points.nomenclature', 'measures_points.kind'])
    if (file.areaId !== null) {
      query = query.where('measures_points.area_id', '=', file.areaId)
      const area = await db.selectFrom('areas').select('name').where('id', '=', file.areaId).executeTakeFirst()
      scope = `на участке «${area?.name ?? file.areaId}»`
    } else {
      query = query.where('areas.company_id', '=', file.companyId)
      scope = 'на участках предприятия'
    }
    const points = new Map<string, ReferenceRecord>()
    for (const p of await query.execute()) if (p.nomenclature) points.set(normalizeLookup(p.nomenclature), { id: p.id, kind: p.kind })
    references.measures_point = points
  } else {
    const { rows } = await sql<{ id: number; name: string }>`SELECT id, name FROM greenhouse_categories`.execute(db)
    references.greenhouse_category = new Map(rows.map((r) => [normalizeLookup(r.name), { id: r.id }]))
    scope = 'в справочнике категорий'
  }
  return { year: file.year, scope, references, today }
}
