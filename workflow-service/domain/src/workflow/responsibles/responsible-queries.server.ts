// Reads of the responsible persons: of an area (ecomon) or of a company, by year.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'

export async function listEcomonResponsibles(db: Kysely<Database>, filter: { areaId: number; year?: number }) {
  let query = db
    .selectFrom('ecomon_responsibles as e')
    .innerJoin('areas as a', 'a.id', 'e.area_id')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .select(['e.id', 'e.year', 'e.area_id', 'a.name as area_name', 'e.company_id', 'c.name as company_name', 'e.fullname', 'e.position', 'e.phone', 'e.email', 'e.labs_name', 'e.labs_contacts', 'e.added', 'e.updated'])
    .where('e.area_id', '=', filter.areaId)
  if (filter.year !== undefined) query = query.where('e.year', '=', filter.year)
  const rows = await query.orderBy('e.year', 'desc').execute()
  return rows.map(({ area_id, area_name, company_id, company_name, ...r }) => ({
    ...r,
    area: { id: area_id, name: area_name },
    company: { id: company_id, name: company_name },
  }))
}

export async function listCompanyResponsibles(db: Kysely<Database>, filter: { companyId: number; year?: number }) {
  let query = db
    .selectFrom('company_responsibles as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .select(['e.id', 'e.year', 'e.company_id', 'c.name as company_name', 'e.fullname', 'e.position', 'e.phone', 'e.email', 'e.labs_name', 'e.labs_contacts', 'e.added', 'e.updated'])
    .where('e.company_id', '=', filter.companyId)
  if (filter.year !== undefined) query = query.where('e.year', '=', filter.year)
  const rows = await query.orderBy('e.year', 'desc').execute()
  return rows.map(({ company_id, company_name, ...r }) => ({ ...r, area: null, company: { id: company_id, name: company_name } }))
}

/** A responsible person as the API lists them, by id (undefined: there is none). */
export async function findResponsible(db: Kysely<Database>, scope: 'area' | 'company', id: number) {
  const row =
    scope === 'area'
      ? await db.selectFrom('ecomon_responsibles').select(['area_id as target', 'year']).where('id', '=', id).executeTakeFirst()
      : await db.selectFrom('company_responsibles').select(['company_id as target', 'year']).where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const list = scope === 'area' ? await listEcomonResponsibles(db, { areaId: row.target, year: row.year }) : await listCompanyResponsibles(db, { companyId: row.target, year: row.year })
  return list[0]
}

/** The company of a licence area (null: the area has none, undefined: there is no such area). */
export async function companyOfArea(db: Kysely<Database>, areaId: number): Promise<number | null | undefined> {
  const area = await db.selectFrom('areas').select(['company_id']).where('id', '=', areaId).executeTakeFirst()
  return area?.company_id
}

/** The ecomon responsible persons of every licence area of a company for a year. */
export async function ecomonResponsiblesOfCompany(db: Kysely<Database>, companyId: number, year: number) {
  return db.selectFrom('ecomon_responsibles').select(['id', 'area_id', 'fullname', 'position', 'phone', 'email']).where('company_id', '=', companyId).where('year', '=', year).execute()
}
