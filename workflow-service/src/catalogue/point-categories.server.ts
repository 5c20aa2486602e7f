// The point category lists of /api/v1/initialization/: per category, the kinds of points that exist in it.
import { type Kysely, sql } from 'kysely'
import type { Database, PointCategory } from '@portal/migrations/database.ts'

export interface CategoryItem {
  id: string
  name: string
}

export const POINT_CATEGORIES: PointCategory[] = ['geochemical', 'geobotanical', 'radionuclides', 'hydrological']

/** Russian names of the regional point kinds (the kinds that carry a category). */
const KIND_NAMES: Record<string, string> = {
  plant_sampling: 'Пункт отбора проб растительности',
  bottom_sediments_sampling_points: 'Пункт отбора проб донных отложений',
  soil_sampling_point_geochemistry: 'Пункт отбора проб почв (геохимия)',
  surface_water_sampling_point: 'Пункт отбора проб поверхностных вод',
  snow_cover_sampling_point: 'Пункт отбора проб снежного покрова',
  hygrobiology_point: 'Пункт гидробиологических наблюдений',
  hydrological_point: 'Гидрологический пост',
  soil_sampling_point_radionuclides: 'Пункт отбора проб почв (радионуклиды)',
  geobotanical_sites: 'Геоботаническая площадка',
  control_water_object_state_point: 'Пункт контроля состояния водного объекта',
  sampling_collection_points: 'Пункт сбора проб',
}

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
  for (const row of rows) lists[row.category]?.push({ id: row.kind, name: KIND_NAMES[row.kind] ?? row.kind })
  return lists
}
