// The reference data lists every substance the demo readings measure, in the unit and with the limit the readings
// carry: a file naming a substance is matched against the reference (decision 3410), so a demo reading whose
// substance the reference lacked could never be filed again, and the reference and the readings agree on every limit.
import { sql } from 'kysely'
import type { SeedContext, SeedStep } from './seed-context.ts'

export const referenceSubstancesSeed: SeedStep = {
  name: 'reference substances of the readings',
  async run({ trx, log }: SeedContext) {
    await sql`
      INSERT INTO units (name)
      SELECT DISTINCT i.measure FROM measures_point_indications i
      WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.name = i.measure)
      ORDER BY 1`.execute(trx)
    const added = await sql`
      INSERT INTO substances (name, unit_id, mpc)
      SELECT r.name, u.id, r.mpc FROM (
        SELECT name, measure, min(mpc) FILTER (WHERE mpc > 0) AS mpc FROM measures_point_indications GROUP BY name, measure
      ) r
      JOIN units u ON u.name = r.measure
      WHERE NOT EXISTS (SELECT 1 FROM substances s WHERE s.name = r.name AND s.unit_id = u.id)
      ORDER BY r.name, r.measure`.execute(trx)
    log(`reference substances added for the readings: ${Number(added.numAffectedRows ?? 0)}`)
  },
}
