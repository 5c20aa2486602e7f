// One list of substances (issue 36 item 7): a template's copy for a licence area offers in its substances' drop-down
// every substance its pre-filled rows name (last year's readings), for every template that is pre-filled; and the
// reference holds every substance a public page shows a limit for at the points of each template's kind, on a new
// database and on one made before the reference had them (migration 3608).
import { type Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Database } from '@portal/migrations/database.ts'
import { REFERENCE_SUBSTANCES_ADDED, up as addMissingSubstances } from '@portal/migrations/migrations/2026-12-02-3608-reference-substances-shown-with-limits.ts'
import { catalogueTypes, hygienicLimit } from '@portal/workflow-domain/registry.ts'
import { normalizeLookup } from '../src/files/check-row.ts'
import { REPORT_TEMPLATES, targetCopy } from '../src/templates/report-templates.server.ts'
import { useTestApp } from '../../test-support/test-app.ts'

const t = useTestApp()

describe('the substances of a pre-filled template', () => {
  it('lists every pre-filled substance in the drop-down, for every template that copies last year', async () => {
    const prefilled = REPORT_TEMPLATES.filter((template) => template.spec.lastYear !== undefined && template.pointKind !== undefined)
    expect(prefilled.length).toBeGreaterThan(0)
    // Last year's readings may name a substance the reference lacks in the template's units (a reading published
    // before the reference had it): one such reading at a point of the first template's kind.
    const { rows: points } = await sql<{ id: number; year: number; measure: string }>`
      SELECT p.id, max(i.year) AS year, min(i.measure) AS measure FROM measures_points p JOIN measures_point_indications i ON i.measures_point_id = p.id
      JOIN areas a ON a.id = p.area_id AND a.kind = 'licence_area'
      WHERE p.kind = ${prefilled[0].pointKind!} AND p.nomenclature IS NOT NULL GROUP BY p.id ORDER BY p.id LIMIT 1`.execute(t.database.db)
    await t.database.db
      .insertInto('measures_point_indications')
      .values({ measures_point_id: points[0].id, year: points[0].year, sampled: `${points[0].year}-07-01`, name: 'Вещество вне справочника', value: 1, measure: points[0].measure, mpc: null, mpc_max: null })
      .execute()
    let checked = 0
    for (const template of prefilled) {
      // The areas whose points of this kind had readings, each with its latest year of them: the copy of the year after.
      const { rows } = await sql<{ area: number; year: number }>`
        SELECT p.area_id AS area, max(i.year) AS year FROM measures_point_indications i JOIN measures_points p ON p.id = i.measures_point_id
        JOIN areas a ON a.id = p.area_id AND a.kind = 'licence_area'
        WHERE p.kind = ${template.pointKind!} AND p.nomenclature IS NOT NULL GROUP BY p.area_id
        ORDER BY bool_or(p.id = ${points[0].id}) DESC, p.area_id LIMIT 3`.execute(t.database.db)
      for (const { area, year } of rows) {
        const { lists, copied } = await targetCopy(t.database.db, template, { areaId: area }, year + 1, { lastYear: true })
        const offered = new Set((lists.name ?? []).map(normalizeLookup))
        for (const row of copied) expect(offered.has(normalizeLookup(row.name)), `${template.filename}: ${row.name}`).toBe(true)
        if (copied.length > 0) checked++
      }
    }
    // The demo data pre-fills some of them: the rule was tried on real rows.
    expect(checked).toBeGreaterThan(0)
  })
  it('holds in the reference every substance a public page shows a limit for, for every template', async () => {
    const reference = await referenceKeys(t.database.db)
    let checked = 0
    for (const template of REPORT_TEMPLATES.filter((each) => each.pointKind !== undefined)) {
      for (const shown of await shownLimits(t.database.db, template.pointKind!)) {
        expect(reference.has(shown), `${template.filename}: ${shown}`).toBe(true)
        checked++
      }
    }
    // The air template's kind shows NO, H₂S and methane with their ПДК in its reports' columns.
    expect(checked).toBeGreaterThan(20)
  })

  it('adds the substances with a public limit to the reference of a database made before they were there', async () => {
    const missing = REFERENCE_SUBSTANCES_ADDED.map((s) => `${normalizeLookup(s.name)}|${s.unit}`)
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        // A database seeded before the demo's limits listed them (its reference had air's five substances only).
        await sql`DELETE FROM substances s USING units u WHERE u.id = s.unit_id AND (s.name, u.name) IN (${sql.join(REFERENCE_SUBSTANCES_ADDED.map((s) => sql`(${s.name}, ${s.unit})`))})`.execute(trx)
        const before = await referenceKeys(trx)
        expect(missing.filter((key) => before.has(key))).toEqual([])
        await addMissingSubstances(trx)
        const after = await referenceKeys(trx)
        expect(missing.filter((key) => !after.has(key))).toEqual([])
        for (const template of REPORT_TEMPLATES.filter((each) => each.pointKind !== undefined)) {
          for (const shown of await shownLimits(trx, template.pointKind!)) expect(after.has(shown), `${template.filename}: ${shown}`).toBe(true)
        }
        // With the limits of the standard the public pages judge by, and their sources.
        const { rows } = await sql<{ name: string; unit: string; mpc: string | null; mpc_max: string | null; source: string | null }>`
          SELECT s.name, u.name AS unit, s.mpc::text, s.mpc_max::text, s.source FROM substances s JOIN units u ON u.id = s.unit_id
          WHERE (s.name, u.name) IN (${sql.join(REFERENCE_SUBSTANCES_ADDED.map((s) => sql`(${s.name}, ${s.unit})`))})`.execute(trx)
        for (const row of rows) {
          const limit = hygienicLimit(row.name, row.unit)!
          expect([Number(row.mpc), row.mpc_max === null ? null : Number(row.mpc_max), row.source], row.name).toEqual([limit.mpc, limit.mpcMax, limit.source])
        }
        // A second run adds nothing and changes nothing.
        await addMissingSubstances(trx)
        expect((await referenceKeys(trx)).size).toBe(after.size)
        throw new RolledBack()
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error
      })
  })

  it('adds exactly the limits of the standard the demo is judged by', () => {
    for (const added of REFERENCE_SUBSTANCES_ADDED) expect([added.mpc, added.mpcMax, added.source], added.name).toEqual(Object.values(pick(hygienicLimit(added.name, added.unit)!)))
  })
})

class RolledBack extends Error {}

const pick = (limit: { mpc: number | null; mpcMax: number | null; source: string }) => ({ mpc: limit.mpc, mpcMax: limit.mpcMax, source: limit.source })

/** The reference's substances in use, as `name|unit` (the name as a file's lookup compares it). */
async function referenceKeys(db: Kysely<Database>): Promise<Set<string>> {
  const { rows } = await sql<{ name: string; unit: string }>`SELECT s.name, u.name AS unit FROM substances s JOIN units u ON u.id = s.unit_id WHERE NOT s.retired`.execute(db)
  return new Set(rows.map((r) => `${normalizeLookup(r.name)}|${r.unit}`))
}

/**
 * Every substance a public page shows a limit for at points of a kind, as `name|unit`: the columns of the kind's
 * reports that carry a ПДК (the «Отчёты» tab) and the readings with a limit (the «Показания» tab, the charts, the map).
 */
async function shownLimits(db: Kysely<Database>, pointKind: string): Promise<string[]> {
  const columns = catalogueTypes
    .filter((type) => type.seed?.per === 'measures_point' && type.seed.where?.kind?.includes(pointKind))
    .flatMap((type) => type.fields.filter((f) => f.limit !== undefined && f.unit !== undefined).map((f) => `${normalizeLookup(f.label)}|${f.unit}`))
  const { rows } = await sql<{ name: string; measure: string }>`
    SELECT DISTINCT i.name, i.measure FROM measures_point_indications i JOIN measures_points p ON p.id = i.measures_point_id
    WHERE p.kind = ${pointKind} AND i.mpc > 0`.execute(db)
  return [...new Set([...columns, ...rows.map((r) => `${normalizeLookup(r.name)}|${r.measure}`)])]
}
