// Reference lists (/api/v1/references/, /administrative-region/, /companies/head-companies/): id/name lists with a
// blank '---' entry first, the administrative regions with the whole-region items, and the year lists of the types.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { yearsOf } from './query.server.ts'
import { catalogueTypes } from './registry/index.ts'

export interface ReferenceItem {
  id: number | string
  name: string
}

export const BLANK: ReferenceItem = { id: '', name: '---' }
export const WHOLE_REGION = 'ЯНАО в целом'

async function idNames(db: Kysely<Database>, table: string, where = sql``): Promise<ReferenceItem[]> {
  const { rows } = await sql<ReferenceItem>`SELECT id, name FROM ${sql.table(table)} ${where} ORDER BY name, id`.execute(db)
  return rows
}

export async function administrativeRegions(db: Kysely<Database>): Promise<ReferenceItem[]> {
  const { rows } = await sql<ReferenceItem>`SELECT id, name FROM administrative_regions ORDER BY sort, id`.execute(db)
  return rows
}

/**
 * The region list as the filters use it (is_filter=true): 'ЯНАО в целом' entries first (id '' for no filter, and
 * the joined ids of every region), then each region, and last the whole-region item.
 */
export async function regionFilterList(db: Kysely<Database>): Promise<ReferenceItem[]> {
  const regions = await administrativeRegions(db)
  const all = regions.map((r) => r.id).join(',')
  return [
    { id: '', name: WHOLE_REGION },
    { id: all, name: `${WHOLE_REGION} (все районы и города)` },
    ...regions,
    { id: all, name: 'Ямало-Ненецкий автономный округ' },
  ]
}

export async function headCompanies(db: Kysely<Database>): Promise<ReferenceItem[]> {
  return idNames(db, 'head_companies')
}

/** Year lists named `<table>_years` (plus the names the spec quotes), newest first. */
export async function yearLists(db: Kysely<Database>): Promise<Record<string, number[]>> {
  const withYear = catalogueTypes.filter((t) => t.filters.some((f) => f.kind === 'year'))
  const lists = await Promise.all(withYear.map(async (t) => [`${t.table}_years`, await yearsOf(db, t)] as const))
  const out: Record<string, number[]> = Object.fromEntries(lists)
  out.greenhouse_years = out.greenhouse_gases_years ?? []
  out.ambient_air_report_years = out.ambient_air_reports_years ?? []
  return out
}

export async function references(db: Kysely<Database>): Promise<Record<string, Array<ReferenceItem | number>>> {
  const [regions, licenceAreas, polygons, waters, companies, heads, categories, soils, years] = await Promise.all([
    administrativeRegions(db),
    idNames(db, 'areas', sql`WHERE kind = 'licence_area'`),
    idNames(db, 'areas', sql`WHERE kind <> 'licence_area'`),
    idNames(db, 'water_resources'),
    idNames(db, 'companies'),
    headCompanies(db),
    idNames(db, 'greenhouse_categories'),
    idNames(db, 'soil_types'),
    yearLists(db),
  ])
  const withBlank = (list: ReferenceItem[]) => [BLANK, ...list]
  return {
    administrative_regions: withBlank(regions),
    areas: withBlank(licenceAreas),
    polygons: withBlank(polygons),
    water_resources: withBlank(waters),
    companies: withBlank(companies),
    head_companies: withBlank(heads),
    greenhouse_categories: withBlank(categories),
    soil_types: withBlank(soils),
    ...years,
  }
}
