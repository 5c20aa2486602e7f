// The one resolver of the area or company a report, file list or responsible person is about: by id or by name, a
// licence area (with its company) or a company. Commands add who may write for it; lists answer nothing for none.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export interface NamedTarget {
  areaId?: number
  companyId: number
  /** The area's (or company's) name, for file names. */
  name: string
  /** Only the company's own reports (company_name), not those of its areas. */
  companyOnly: boolean
}

export interface TargetQuery {
  area?: number | null
  area_name?: string
  company?: number | null
  company_name?: string
}

/**
 * The licence area (when area or area_name is given) or the company named: null when the id or name matches
 * nothing, undefined when the query names neither.
 */
export async function findTarget(db: Kysely<Database> | Transaction<Database>, query: TargetQuery): Promise<NamedTarget | null | undefined> {
  if ((query.area !== undefined && query.area !== null) || query.area_name !== undefined) {
    let q = db.selectFrom('areas').select(['id', 'company_id', 'name']).where('kind', '=', 'licence_area')
    q = query.area ? q.where('id', '=', query.area) : q.where('name', '=', query.area_name!)
    const area = await q.orderBy('id').executeTakeFirst()
    return area && area.company_id !== null ? { areaId: area.id, companyId: area.company_id, name: area.name, companyOnly: false } : null
  }
  if ((query.company !== undefined && query.company !== null) || query.company_name !== undefined) {
    let q = db.selectFrom('companies').select(['id', 'name'])
    q = query.company ? q.where('id', '=', query.company) : q.where('name', '=', query.company_name!)
    const company = await q.orderBy('id').executeTakeFirst()
    return company ? { companyId: company.id, name: company.name, companyOnly: query.company_name !== undefined } : null
  }
  return undefined
}

/** A company's licence areas (each has its own reports), by name. */
export async function licenceAreasOf(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('areas').select(['id', 'name']).where('company_id', '=', companyId).where('kind', '=', 'licence_area').orderBy('name').orderBy('id').execute()
}
