// The administrators' use-cases on reference data: add an entry, change one. Each is a command of the entry's own
// stream in the event store (handleCommand), so every change has its event, its author and its place in the history.
import { sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { can } from '../../auth/permissions.ts'
import { handleCommand } from '../../workflow/handle-command.server.ts'
import { type CommandContext, inTransaction, nextId } from '../../workflow/command-context.server.ts'
import { refuse } from '../../workflow/refusal.ts'
import type { ReferenceFacts } from './reference-decide.ts'
import { referenceDecider } from './reference-decide.ts'
import { parseReferenceInput, type ReferenceInput } from './reference-input.ts'
import { REFERENCE_KINDS, type ReferenceKind, referenceStreamId, type ReferenceValues } from './reference-kinds.ts'

function allowed(context: CommandContext): void {
  if (!can(context.actor, 'admin:reference')) refuse({ reason: 'forbidden' })
}

function parsed(kind: ReferenceKind, input: ReferenceInput): ReferenceValues {
  const result = parseReferenceInput(REFERENCE_KINDS[kind], input)
  if ('refusal' in result) refuse(result.refusal)
  return result.values
}

/** The facts of one entry, read under its row's lock: its current values, a duplicate, references that are gone. */
async function factsOf(trx: Transaction<Database>, kind: ReferenceKind, id: number, values: ReferenceValues): Promise<ReferenceFacts> {
  const def = REFERENCE_KINDS[kind]
  const columns = sql.join(def.fields.map((f) => sql.id(f.name)))
  const { rows } = await sql<Record<string, unknown>>`SELECT ${columns} FROM ${sql.table(def.table)} WHERE id = ${id} FOR UPDATE`.execute(trx)
  const current = rows[0] ? normalised(kind, rows[0]) : null
  let duplicate = false
  if (def.unique.length > 0) {
    const same = sql.join(def.unique.map((name) => sql`${sql.id(name)} IS NOT DISTINCT FROM ${values[name]}`), sql` AND `)
    const found = await sql`SELECT 1 FROM ${sql.table(def.table)} WHERE ${same} AND id <> ${id} LIMIT 1`.execute(trx)
    duplicate = found.rows.length > 0
  }
  const missing: string[] = []
  for (const field of def.fields) {
    if (field.type !== 'ref' || values[field.name] === null || values[field.name] === undefined) continue
    const found = await sql`SELECT 1 FROM ${sql.table(field.table)} WHERE id = ${values[field.name]}`.execute(trx)
    if (found.rows.length === 0) missing.push(field.name)
  }
  return { current, duplicate, missing }
}

/** A row's values as the events hold them: numbers as numbers, absent as null. */
function normalised(kind: ReferenceKind, row: Record<string, unknown>): ReferenceValues {
  const values: ReferenceValues = {}
  for (const field of REFERENCE_KINDS[kind].fields) {
    const v = row[field.name]
    values[field.name] = v === null || v === undefined ? null : field.type === 'number' || field.type === 'ref' ? Number(v) : field.type === 'boolean' ? Boolean(v) : String(v)
  }
  return values
}

const SEQUENCES: Record<ReferenceKind, string> = {
  substance: 'substances_id_seq',
  unit: 'units_id_seq',
  'point-kind': 'point_kinds_id_seq',
  company: 'companies_id_seq',
  area: 'areas_id_seq',
}

/** Adds an entry of a kind; answers its id. Administrators only. */
export async function addReferenceEntry(context: CommandContext, input: { kind: ReferenceKind; values: ReferenceInput }): Promise<{ id: number }> {
  allowed(context)
  const values = parsed(input.kind, input.values)
  return inTransaction(context.db, async (trx) => {
    const id = await nextId(trx, SEQUENCES[input.kind])
    const inTrx = { ...context, db: trx }
    await handleCommand(inTrx, {
      decider: referenceDecider,
      streamId: referenceStreamId(input.kind, id),
      command: { type: 'AddEntry', data: { kind: input.kind, id, values } },
      facts: (db) => factsOf(db, input.kind, id, values),
    })
    return { id }
  })
}

/** Changes an entry's fields; saving the same values records nothing. Administrators only. */
export async function changeReferenceEntry(
  context: CommandContext,
  input: { kind: ReferenceKind; id: number; values: ReferenceInput },
): Promise<{ changed: boolean }> {
  allowed(context)
  const values = parsed(input.kind, input.values)
  const { events } = await handleCommand(context, {
    decider: referenceDecider,
    streamId: referenceStreamId(input.kind, input.id),
    command: { type: 'ChangeEntry', data: { kind: input.kind, id: input.id, values } },
    facts: (db) => factsOf(db, input.kind, input.id, values),
  })
  return { changed: events.length > 0 }
}
