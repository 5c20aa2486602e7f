// The greenhouse-gas categories report: emissions per category summed for a year (and a company), to 3 decimals.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export interface CategoryTotals {
  id: number
  name: string
  co2: number
  ch4: number
  n2o: number
  sf6: number
  c2f6: number
  chf3: number
  cf4: number
  total: number
}

export const GASES = ['co2', 'ch4', 'n2o', 'sf6', 'c2f6', 'chf3', 'cf4', 'total'] as const

export async function categoryTotals(db: Kysely<Database>, filters: { year?: number; company?: number }): Promise<CategoryTotals[]> {
  const sums = GASES.map((gas) => sql`round(coalesce(sum(${sql.ref(`g.${gas}`)}), 0)::numeric, 3) AS ${sql.id(gas)}`)
  const { rows } = await sql<CategoryTotals>`
    SELECT c.id, c.name, ${sql.join(sums)}
    FROM greenhouse_categories c
    LEFT JOIN greenhouse_gases g ON g.greenhouse_category_id = c.id
      ${filters.year !== undefined ? sql`AND g.year = ${filters.year}` : sql``}
      ${filters.company !== undefined ? sql`AND g.company_id = ${filters.company}` : sql``}
    GROUP BY c.id, c.name ORDER BY c.id`.execute(db)
  return rows
}
