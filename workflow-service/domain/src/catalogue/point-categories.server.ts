// The point category lists of /api/v1/initialization/: per category, the kinds of points that exist in it.
import { type Kysely, sql } from 'kysely'
import type { Database, PointCategory } from '@portal/migrations/database.ts'
import { POINT_KINDS } from './registry/labels.ts'

export interface CategoryItem {
  id: string
  name: string
}

export const POINT_CATEGORIES: PointCategory[] = ['geochemical', 'geobotanical', 'radionuclides', 'hydrological']

export async function pointCategories(db: Kysely<Database>): Promise<Record<PointCategory, CategoryItem[]>> {
  // A loose index scan over (kind, category): one probe per distinct kind, however many points there are.
  const { rows } = await sql<{ kind: string; category: PointCategory }>`
    WITH RECURSIVE kinds AS (
      (SELECT kind FROM measures_points ORDER BY kind LIMIT 1)
      UNION ALL
      SELECT (SELECT m.kind FROM measures_points m WHERE m.kind > kinds.kind ORDER BY m.kind LIMIT 1)
      FROM kinds WHERE kinds.kind IS NOT NULL
    )
    SELECT k.kind, c.category
    FROM kinds k
    CROSS JOIN LATERAL (
      SELECT DISTINCT m.category FROM measures_points m WHERE m.kind = k.kind AND m.category IS NOT NULL
    ) c
    WHERE k.kind IS NOT NULL
    ORDER BY k.kind`.execute(db)
  const lists = Object.fromEntries(POINT_CATEGORIES.map((c) => [c, [] as CategoryItem[]])) as Record<PointCategory, CategoryItem[]>
  for (const row of rows) lists[row.category]?.push({ id: row.kind, name: POINT_KINDS[row.kind as keyof typeof POINT_KINDS] ?? row.kind })
  return lists
}
