// Loads what the row checks of one file need from the database: the report's year and, for each reference column,
// the records a file may name (as the upload declaration says: by which column, within the report's area or not).
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { ImportSpec } from '@portal/workflow-service/registry.ts'
import { canonicalUnit } from '@portal/workflow-service/registry.ts'
import { lastYearKey, normalizeLookup, type LastYearReadings, type ReferenceRecord, type RowContext } from './check-row.ts'
import { readLastYear } from './last-year-readings.server.ts'

export interface FileScope {
  year: number
  areaId: number | null
  companyId: number
}

export async function loadRowContext(db: Kysely<Database>, spec: ImportSpec, file: FileScope, today = new Date()): Promise<RowContext> {
  const references: Record<string, Map<string, ReferenceRecord>> = {}
  let scope = ''
  for (const column of spec.columns) {
    const lookup = column.lookup
    if (!lookup) continue
    let where = sql`TRUE`
    if (lookup.withinReport) {
      // The records of the report's area; a company report without an area takes those of all its areas.
      if (file.areaId !== null) {
        where = sql`r.area_id = ${file.areaId}`
        const area = await db.selectFrom('areas').select('name').where('id', '=', file.areaId).executeTakeFirst()
        scope = `на участке «${area?.name ?? file.areaId}»`
      } else {
        where = sql`r.area_id IN (SELECT id FROM areas WHERE company_id = ${file.companyId})`
        scope = 'на участках предприятия'
      }
    }
    const carried = lookup.carry ? sql`, r.${sql.id(lookup.carry)}::text AS carried` : sql`, NULL::text AS carried`
    const { rows } = await sql<{ id: number; key: string | null; carried: string | null }>`
      SELECT r.id, r.${sql.id(lookup.by)}::text AS key ${carried} FROM ${sql.id(lookup.table)} r WHERE ${where}`.execute(db)
    const records = new Map<string, ReferenceRecord>()
    for (const r of rows) if (r.key) records.set(normalizeLookup(r.key), { id: r.id, ...(r.carried ? { kind: r.carried } : {}) })
    references[column.field] = records
  }
  return {
    year: file.year,
    scope,
    references,
    today,
    ...(spec.columns.some((c) => c.column === 'measure') ? { limitUnits: await loadLimitUnits(db) } : {}),
    ...(spec.lastYear ? { lastYear: { factor: spec.lastYear.factor, readings: await loadLastYear(db, file) } } : {}),
  }
}

/** Last year's published readings of the file's points (its area's, or its company's areas'), summed per point, substance and unit. */
async function loadLastYear(db: Kysely<Database>, file: FileScope): Promise<Map<string, LastYearReadings[]>> {
  const found = new Map<string, LastYearReadings[]>()
  for (const row of await readLastYear(db, file)) {
    const key = lastYearKey(row.point, row.name)
    const readings = found.get(key) ?? []
    readings.push({ unit: row.unit, sum: row.sum, count: row.count })
    found.set(key, readings)
  }
  return found
}

/** The units of each substance's ПДК, as the administrators keep them (reference data `substances`, `units`). */
async function loadLimitUnits(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ name: string; unit: string }>`
    SELECT s.name, u.name AS unit FROM substances s JOIN units u ON u.id = s.unit_id ORDER BY s.id`.execute(db)
  const units = new Map<string, string[]>()
  for (const row of rows) {
    const key = normalizeLookup(row.name)
    const unit = canonicalUnit(row.unit)
    const list = units.get(key)
    if (!list) units.set(key, [unit])
    else if (!list.includes(unit)) list.push(unit)
  }
  return units
}
