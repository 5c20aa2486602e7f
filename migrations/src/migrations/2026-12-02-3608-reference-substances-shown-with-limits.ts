// The substances the public pages show a ПДК for but a database seeded before the demo's limits (decision 3415) left
// out of the reference: the air reports' NO, H₂S and methane (issue 36 item 7, decision 3608). Added with the limits
// and sources of workflow-service/domain/src/catalogue/hygienic-limits.ts, copied here because an applied migration is
// frozen while that table may change; workers/test/template-substances.test.ts holds the two equal. An entry the
// reference already has (any limit an administrator gave it, retired or not) is left as it is.
import { type Kysely, sql } from 'kysely'

const AIR = 'СанПиН 1.2.3685-21, табл. 1.1 (атмосферный воздух)'

export const REFERENCE_SUBSTANCES_ADDED: ReadonlyArray<{ name: string; unit: string; mpc: number; mpcMax: number | null; source: string }> = [
  { name: 'Оксид азота (NO)', unit: 'мг/м³', mpc: 0.06, mpcMax: 0.4, source: `${AIR}; среднесуточная 0,06 — по ГН 2.1.6.1338-03, сверить с действующей редакцией` },
  { name: 'Сероводород (H2S)', unit: 'мг/м³', mpc: 0.008, mpcMax: 0.008, source: `${AIR}: дана только максимальная разовая, по ней и судят` },
  { name: 'Метан (CH4)', unit: 'мг/м³', mpc: 50, mpcMax: null, source: 'СанПиН 1.2.3685-21, табл. 1.2 (ОБУВ в атмосферном воздухе)' },
]

export async function up(db: Kysely<any>): Promise<void> {
  const rows = REFERENCE_SUBSTANCES_ADDED.map((s) => sql`(${s.name}, ${s.unit}, ${s.mpc}::numeric, ${s.mpcMax}::numeric, ${s.source})`)
  await sql`INSERT INTO units (name) SELECT DISTINCT l.unit FROM (VALUES ${sql.join(REFERENCE_SUBSTANCES_ADDED.map((s) => sql`(${s.unit})`))}) AS l (unit)
    WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.name = l.unit)`.execute(db)
  // The table's trigger (migration 1701) tells the public cache, as for an administrator's change.
  await sql`
    INSERT INTO substances (name, unit_id, mpc, mpc_max, source)
    SELECT l.name, u.id, l.mpc, l.mpc_max, l.source
    FROM (VALUES ${sql.join(rows)}) AS l (name, unit, mpc, mpc_max, source)
    JOIN units u ON u.name = l.unit
    ON CONFLICT (name, unit_id) DO NOTHING`.execute(db)
}

// The entries stay: readings and files may name them by now.
export async function down(): Promise<void> {}
