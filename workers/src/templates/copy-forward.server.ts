// Copy-forward (decision 2443): the rows a new year's template of an area (or a company without areas) is pre-filled
// with: one per point of the template's kind and substance of last year's published readings, with last year's mean.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { canonicalUnit, type TemplateSpec } from '@portal/workflow-domain/registry.ts'
import { lastYearMean, normalizeLookup, type LastYearReadings } from '../files/check-row.ts'
import { readLastYear, type LastYearGroup } from '../files/last-year-readings.server.ts'

/** A pre-filled row: the point's code, the substance, the unit last year's mean is given in, and that mean. */
export interface CopiedRow {
  point: string
  name: string
  unit: string
  mean: number
}

/** The unit a copied row is written in: the one most of last year's readings were published in, a unit of the template first. */
function unitOf(groups: readonly LastYearGroup[], templateUnits: readonly string[]): string {
  const counts = new Map<string, number>()
  for (const group of groups) {
    const unit = canonicalUnit(group.unit)
    counts.set(unit, (counts.get(unit) ?? 0) + group.count)
  }
  const ranked = [...counts].sort((a, b) => Number(templateUnits.includes(b[0])) - Number(templateUnits.includes(a[0])) || b[1] - a[1] || a[0].localeCompare(b[0]))
  return ranked[0][0]
}

/**
 * Last year's rows of one template for one target and report year, ordered by point code and substance; [] when the
 * template declares no copy-forward or last year has no published reading of the target's points of its kind.
 * At most `limit` rows (the rows the template's drop-downs cover).
 */
export async function copiedRows(db: Kysely<Database>, template: TemplateSpec, target: { areaId: number } | { companyId: number }, year: number, limit: number): Promise<CopiedRow[]> {
  if (!template.spec.lastYear || !template.pointKind) return []
  const groups = await readLastYear(db, { year, areaId: 'areaId' in target ? target.areaId : null, companyId: 'companyId' in target ? target.companyId : null })
  // One row per point and substance, the substance compared as the check compares it (case, spaces, ё aside).
  const byReading = new Map<string, LastYearGroup[]>()
  for (const group of groups) {
    if (group.kind !== template.pointKind || !group.nomenclature?.trim()) continue
    const key = `${group.point}\u0000${normalizeLookup(group.name)}`
    const list = byReading.get(key)
    if (list) list.push(group)
    else byReading.set(key, [group])
  }
  const rows: CopiedRow[] = []
  for (const list of byReading.values()) {
    const unit = unitOf(list, template.units ?? [])
    const readings: LastYearReadings[] = list.map((g) => ({ unit: g.unit, sum: g.sum, count: g.count }))
    const mean = lastYearMean(readings, unit)
    if (mean === undefined) continue
    // The spelling most of last year's readings used.
    const name = [...list].sort((a, b) => b.count - a.count)[0].name
    rows.push({ point: list[0].nomenclature!, name, unit, mean })
  }
  rows.sort((a, b) => a.point.localeCompare(b.point, 'ru', { numeric: true }) || a.name.localeCompare(b.name, 'ru'))
  return rows.slice(0, limit)
}
