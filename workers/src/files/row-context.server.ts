// Loads what the row checks of one file need from the database: the report's year and, for each reference column,
// the records a file may name (as the upload declaration says: by which column, within the report's area or not).
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { ImportSpec } from '@portal/workflow-domain/registry.ts'
import { canonicalUnit, foldName, type RecordedChange } from '@portal/workflow-domain/registry.ts'
import { lastYearKey, normalizeLookup, type LastYearReadings, type ReferenceRecord, type RowContext, type SubstanceEntry } from './check-row.ts'
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
    ...(spec.columns.some((c) => c.column === 'measure') ? await loadSubstances(db) : {}),
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

/**
 * The reference data's substances (`substances`, `units`) by folded name, each with its limits and their recorded
 * changes (the limit in force on a sampling day), and the units of each name's ПДК (where a reading is stored).
 */
async function loadSubstances(db: Kysely<Database>): Promise<{ limitUnits: Map<string, string[]>; substances: Map<string, SubstanceEntry[]> }> {
  const { rows } = await sql<{ id: number; name: string; unit: string; mpc: number | null; mpc_max: number | null }>`
    SELECT s.id, s.name, u.name AS unit, s.mpc::float8 AS mpc, s.mpc_max::float8 AS mpc_max
    FROM substances s JOIN units u ON u.id = s.unit_id ORDER BY s.id`.execute(db)
  const events = await sql<{ id: string; at: Date; changes: RecordedChange['changes']; factor: number | null }>`
    SELECT data->>'id' AS id, created_at AS at, data->'changes' AS changes, (data->'conversion'->>'factor')::float8 AS factor FROM events
    WHERE type = 'ReferenceEntryChanged' AND data->>'kind' = 'substance' AND position > 0 ORDER BY position`.execute(db)
  const changes = new Map<number, RecordedChange[]>()
  for (const e of events.rows) {
    const list = changes.get(Number(e.id)) ?? []
    list.push({ at: e.at, changes: e.changes, ...(e.factor === null ? {} : { factor: e.factor }) })
    changes.set(Number(e.id), list)
  }
  const units = new Map<string, string[]>()
  const substances = new Map<string, SubstanceEntry[]>()
  for (const row of rows) {
    const key = foldName(row.name)
    const unit = canonicalUnit(row.unit)
    const list = units.get(key)
    if (!list) units.set(key, [unit])
    else if (!list.includes(unit)) list.push(unit)
    const entries = substances.get(key) ?? []
    entries.push({ id: row.id, name: row.name, unit, mpc: row.mpc, mpcMax: row.mpc_max, ...(changes.has(row.id) ? { changes: changes.get(row.id) } : {}) })
    substances.set(key, entries)
  }
  return { limitUnits: units, substances }
}
