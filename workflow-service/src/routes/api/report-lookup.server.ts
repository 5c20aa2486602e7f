// Resolves the area_name / company_name (and area / company id) filters of the workflow lists to the records they name.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export interface NamedTarget {
  areaId?: number
  companyId: number
  /** Only the company's own reports (company_name), not those of its areas. */
  companyOnly: boolean
}

/** Answers null when the name matches nothing (an empty list, not an error). */
export async function resolveNamedTarget(
  db: Kysely<Database>,
  query: { area_name?: string; company_name?: string; area?: number; company?: number },
): Promise<NamedTarget | null | undefined> {
  if (query.area !== undefined || query.area_name !== undefined) {
    let q = db.selectFrom('areas').select(['id', 'company_id']).where('kind', '=', 'licence_area')
    q = query.area !== undefined ? q.where('id', '=', query.area) : q.where('name', '=', query.area_name!)
    const area = await q.orderBy('id').executeTakeFirst()
    return area && area.company_id !== null ? { areaId: area.id, companyId: area.company_id, companyOnly: false } : null
  }
  if (query.company !== undefined || query.company_name !== undefined) {
    let q = db.selectFrom('companies').select('id')
    q = query.company !== undefined ? q.where('id', '=', query.company) : q.where('name', '=', query.company_name!)
    const company = await q.orderBy('id').executeTakeFirst()
    return company ? { companyId: company.id, companyOnly: query.company_name !== undefined } : null
  }
  return undefined
}
