// One list of substances (issue 36 item 7): a template's copy for a licence area offers in its substances' drop-down
// every substance its pre-filled rows name (last year's readings), for every template that is pre-filled.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
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
})
