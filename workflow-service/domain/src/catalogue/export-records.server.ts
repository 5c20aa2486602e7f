// Every record of a catalogue list matching its filters, as rows of its exported table, read in cursor batches.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { readInBatches } from '../exports/read-in-batches.server.ts'
import type { WriteRows } from '../exports/row-writers.ts'
import { companiesQuery, type CompanyFilters, toCompany } from './companies.server.ts'
import { exportColumns } from './export-columns.ts'
import type { OrderTerm } from './ordering.ts'
import type { AppliedFilters } from './filters.ts'
import { listSql, shapeRow } from './query.server.ts'
import { companies } from './registry/core.ts'
import type { CatalogueType } from './registry/types.ts'

export function recordsExport(db: Kysely<Database>, type: CatalogueType, filters: AppliedFilters, ordering: readonly OrderTerm[]) {
  const columns = exportColumns(type)
  return {
    headers: columns.headers,
    produce: (write: WriteRows) =>
      readInBatches<Record<string, unknown>>(db, listSql(type, filters, ordering), (rows) => write(rows.map((row) => columns.cells(shapeRow(type, row))))),
  }
}

export function companiesExport(db: Kysely<Database>, filters: CompanyFilters, ordering: readonly OrderTerm[]) {
  const columns = exportColumns(companies)
  return {
    headers: columns.headers,
    produce: (write: WriteRows) =>
      readInBatches<Parameters<typeof toCompany>[0]>(db, companiesQuery(db, filters, ordering), (rows) =>
        write(rows.map((row) => columns.cells(toCompany(row) as Record<string, unknown>))),
      ),
  }
}
