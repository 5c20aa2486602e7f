// The reference data of the demo: first every demo limit with its source (decision 3415), then every other substance
// and unit the demo readings measure, with the limit they carry. A file naming a substance is matched against the
// reference (decision 3410), so a demo reading whose substance the reference lacked could never be filed again, and
// the reference and the readings agree on every limit.
import { sql } from 'kysely'
import { HYGIENIC_LIMITS } from '@portal/workflow-domain/registry.ts'
import type { SeedContext, SeedStep } from './seed-context.ts'

export const referenceSubstancesSeed: SeedStep = {
  name: 'reference substances of the readings',
  async run({ trx, log }: SeedContext) {
    const limits = Object.entries(HYGIENIC_LIMITS).map(([key, limit]) => {
      const [name, unit] = key.split('|')
      return sql`(${name}, ${unit}, ${limit.mpc}::numeric, ${limit.mpcMax}::numeric, ${limit.source})`
    })
    await sql`
      INSERT INTO units (name)
      SELECT DISTINCT unit FROM (
        SELECT l.unit FROM (VALUES ${sql.join(limits)}) AS l (name, unit, mpc, mpc_max, source)
        UNION SELECT measure FROM measures_point_indications
      ) AS u (unit)
      WHERE NOT EXISTS (SELECT 1 FROM units x WHERE x.name = u.unit)
      ORDER BY 1`.execute(trx)
    // The reference's first contents (migration 1410) took the demo's earlier limits: the demo's own replace them.
    await sql`
      INSERT INTO substances (name, unit_id, mpc, mpc_max, source)
      SELECT l.name, u.id, l.mpc, l.mpc_max, l.source
      FROM (VALUES ${sql.join(limits)}) AS l (name, unit, mpc, mpc_max, source)
      JOIN units u ON u.name = l.unit
      ON CONFLICT (name, unit_id) DO UPDATE SET mpc = excluded.mpc, mpc_max = excluded.mpc_max, source = excluded.source`.execute(trx)
    const added = await sql`
      INSERT INTO substances (name, unit_id, mpc, mpc_max)
      SELECT r.name, u.id, r.mpc, r.mpc_max FROM (
        SELECT name, measure, min(mpc) FILTER (WHERE mpc > 0) AS mpc, min(mpc_max) FILTER (WHERE mpc_max > 0) AS mpc_max
        FROM measures_point_indications GROUP BY name, measure
      ) r
      JOIN units u ON u.name = r.measure
      WHERE NOT EXISTS (SELECT 1 FROM substances s WHERE s.name = r.name AND s.unit_id = u.id)
      ORDER BY r.name, r.measure`.execute(trx)
    log(`reference substances: ${limits.length} demo limits with their sources, ${Number(added.numAffectedRows ?? 0)} more for the readings`)
  },
}
