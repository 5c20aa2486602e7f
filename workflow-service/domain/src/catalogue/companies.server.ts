// Queries of the company catalogue: the paged list with its filters and one company's card.
import { type Kysely, sql } from 'kysely'
import type { CompanyKind, Database, ReportStatus } from '@portal/migrations/database.ts'
import type { OrderTerm } from './ordering.ts'
import { containsPattern } from './search-pattern.ts'

export interface CompanyFilters {
  kind?: CompanyKind
  kindIn?: CompanyKind[]
  search?: string
  /** Companies having a report in this status (the Department's review lists). */
  reportStatus?: ReportStatus
}

function filtered(db: Kysely<Database>, filters: CompanyFilters) {
  let query = db.selectFrom('companies as c')
  if (filters.kind) query = query.where('c.kind', '=', filters.kind)
  if (filters.kindIn?.length) query = query.where('c.kind', 'in', filters.kindIn)
  if (filters.reportStatus) {
    const status = filters.reportStatus
    // Served by import_reports_status_company_idx (status, company_id). A report is under review once it has a file:
    // a responsible person alone (which creates the year's empty reports) puts nothing in the Department's queue.
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('import_reports as r')
          .select('r.id')
          .where('r.status', '=', status)
          .whereRef('r.company_id', '=', 'c.id')
          .$if(status === 'consideration', (q) =>
            q.where((f) => f.exists(f.selectFrom('import_files as f').select('f.id').whereRef('f.report_id', '=', 'r.id').where('f.status', 'not in', ['deletion', 'deleted']))),
          ),
      ),
    )
  }
  if (filters.search?.trim()) {
    query = query.where(sql<boolean>`search_text(c.name) LIKE ${containsPattern(filters.search)}`)
  }
  return query
}

const companyColumns = [
  'c.id',
  'c.name',
  'c.kind',
  'c.legal_address',
  'c.post_address',
  'c.contacts',
  'c.ceo',
  'c.inn',
  'c.ogrn',
  'c.okved',
  'c.okato',
  'c.operate_region',
  'c.license_holder',
  'c.vink',
  'c.krk_code',
  'c.region_code',
] as const

/** The filtered companies in the requested order, then by name and id, without a window. */
export function companiesQuery(db: Kysely<Database>, filters: CompanyFilters, ordering: readonly OrderTerm[] = []) {
  let query = filtered(db, filters)
    .leftJoin('head_companies as h', 'h.id', 'c.head_company_id')
    .select(companyColumns)
    .select(['h.id as head_company_id', 'h.name as head_company_name'])
  const terms = [...ordering, { column: 'name', direction: 'asc' as const }, { column: 'id', direction: 'asc' as const }]
  for (const term of terms) {
    query = query.orderBy(sql.ref(`c.${term.column}`), (ob) => (term.direction === 'desc' ? ob.desc().nullsLast() : ob.asc()))
  }
  return query
}

export async function listCompanies(db: Kysely<Database>, filters: CompanyFilters, limit: number, offset: number, ordering: readonly OrderTerm[] = []) {
  const [rows, total] = await Promise.all([
    companiesQuery(db, filters, ordering).limit(limit).offset(offset).execute(),
    filtered(db, filters).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { count: Number(total.count), results: rows.map(toCompany) }
}

export async function findCompany(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('companies as c')
    .leftJoin('head_companies as h', 'h.id', 'c.head_company_id')
    .select(companyColumns)
    .select(['h.id as head_company_id', 'h.name as head_company_name'])
    .where('c.id', '=', id)
    .executeTakeFirst()
  return row ? toCompany(row) : undefined
}

export function toCompany<T extends { head_company_id: number | null; head_company_name: string | null }>(row: T) {
  const { head_company_id, head_company_name, ...company } = row
  return {
    ...company,
    head_company: head_company_id === null ? null : { id: head_company_id, name: head_company_name },
  }
}

export type Company = NonNullable<Awaited<ReturnType<typeof findCompany>>>
