// Records the catalogue's baseline in the log (decision 3310): the rows of published-reading tables that no
// publication holds (the seed's), by count, largest id and digest, and every reference table's rows. The seed calls
// it last, in its own transaction; verify computes the same from the live tables with `seededRows`.
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { REFERENCE_KINDS } from '../../admin/reference/reference-kinds.ts'
import { seededRows } from '../../catalogue/published-rows.server.ts'
import { NO_QUEUE } from '../../ports/job-queue.ts'
import type { Decider } from '../../workflow/decider.ts'
import { systemMetadata } from '../../workflow/command-context.server.ts'
import { handleCommand } from '../../workflow/handle-command.server.ts'
import { BASELINE_EVENTS, type BaselineState } from '../../workflow/publication/baseline-event-table.ts'
import { BASELINE_STREAM, type BaselineEvent, type CatalogueBaselineRecorded, type ReferenceRows } from '../../workflow/publication/baseline-events.ts'

export { seededRows }

type Db = Kysely<Database> | Transaction<Database>

/** The declared columns of each reference table (and `retired`), the values verify compares. */
export const referenceColumns = (table: string): string[] => {
  const def = Object.values(REFERENCE_KINDS).find((k) => k.table === table)!
  return [...def.fields.map((f) => f.name), 'retired']
}

/** Every reference table's rows, each with its id and its declared columns. */
export async function referenceRows(db: Db): Promise<ReferenceRows[]> {
  const result: ReferenceRows[] = []
  for (const def of Object.values(REFERENCE_KINDS)) {
    const columns = ['id', ...referenceColumns(def.table)]
    const { rows } = await sql<Record<string, string | number | boolean | null>>`
      SELECT ${sql.join(columns.map((c) => sql.id(c)))} FROM ${sql.table(def.table)} ORDER BY id`.execute(db)
    result.push({ table: def.table, rows })
  }
  return result
}

type BaselineCommand = { type: 'RecordBaseline'; data: CatalogueBaselineRecorded['data'] }

const baselineDecider: Decider<BaselineState, BaselineCommand, BaselineEvent, null> = {
  table: BASELINE_EVENTS,
  initialState: () => ({ recorded: 0 }),
  evolve: (state, event) => BASELINE_EVENTS[event.type].evolve(state),
  decide: (_state, command) => [{ type: 'CatalogueBaselineRecorded', data: command.data }],
}

/** Records the catalogue as it stands as the new baseline (in the caller's transaction when given one). */
export async function recordCatalogueBaseline(db: Db, now = new Date()): Promise<void> {
  const data = { seeded: await seededRows(db), reference: await referenceRows(db) }
  const context = { db: db as Kysely<Database>, queue: NO_QUEUE, storageDir: '', actor: null, requestId: null, clientAddress: null, now, notices: async () => {} }
  await handleCommand(context, { decider: baselineDecider, streamId: BASELINE_STREAM, command: { type: 'RecordBaseline', data }, facts: () => null, metadata: systemMetadata('seed') })
}
