// The administrators' use-cases on reference data: add an entry, change one, retire or restore one, delete one
// nothing refers to. Each is a command of the entry's own
// stream in the event store (handleCommand), so every change has its event, its author and its place in the history.
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { handleCommand } from '../../workflow/handle-command.server.ts'
import { type CommandContext, inTransaction, nextId } from '../../workflow/command-context.server.ts'
import { Refused, refused } from '../../workflow/refusal.ts'
import type { ReferenceFacts } from './reference-decide.ts'
import { referenceDecider } from './reference-decide.ts'
import { parseReferenceInput, type ReferenceInput } from './reference-input.ts'
import { REFERENCE_KINDS, type ReferenceKind, referenceStreamId, type ReferenceValues } from './reference-kinds.ts'
import { convertReadings, lockSubstanceUnits } from './convert-readings.server.ts'

/** The form's values by the kind's rules, or the refusal naming every wrong field. */
function parsed(kind: ReferenceKind, input: ReferenceInput): ReferenceValues | Refused {
  const result = parseReferenceInput(REFERENCE_KINDS[kind], input)
  return 'refusal' in result ? refused(result.refusal) : result.values
}

/** The entry's row now, read under its lock (null: there is none), and whether it is retired. */
async function currentOf(trx: Transaction<Database>, kind: ReferenceKind, id: number): Promise<{ current: ReferenceValues | null; retired: boolean }> {
  const def = REFERENCE_KINDS[kind]
  const columns = sql.join([...def.fields.map((f) => sql.id(f.name)), sql.id('retired')])
  const { rows } = await sql<Record<string, unknown>>`SELECT ${columns} FROM ${sql.table(def.table)} WHERE id = ${id} FOR UPDATE`.execute(trx)
  return { current: rows[0] ? normalised(kind, rows[0]) : null, retired: rows[0]?.retired === true }
}

/** The facts of one entry, read under its row's lock: its current values, a duplicate, references that are gone. */
async function factsOf(trx: Transaction<Database>, kind: ReferenceKind, id: number, values: ReferenceValues): Promise<ReferenceFacts> {
  const def = REFERENCE_KINDS[kind]
  const { current, retired } = await currentOf(trx, kind, id)
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
  const substance = kind === 'substance' && current && missing.length === 0
  const unit = substance && values.unit_id !== current.unit_id ? await unitChangeOf(trx, current, Number(values.unit_id)) : undefined
  const named = substance && values.name !== current.name ? await readingsOf(trx, current) : undefined
  return { current, duplicate, missing, retired, ...(unit ? { unit } : {}), ...(named ? { named } : {}) }
}

/**
 * The readings of a substance as written in words (its name and its unit's name, as the file check stored them):
 * those public, and those staged by a checked file none of whose rows is public yet.
 */
function readingsIn(name: unknown, unit: RawBuilder<unknown>) {
  return sql`
      (SELECT count(*)::int FROM measures_point_indications i WHERE i.name = ${name} AND i.measure = ${unit}) AS readings,
      (SELECT count(*)::int FROM import_staged_rows s JOIN import_files fl ON fl.id = s.file_id AND fl.status = 'success'
        WHERE s.target_table = 'measures_point_indications' AND s.data->>'name' = ${name} AND s.data->>'measure' = ${unit}
          AND NOT EXISTS (SELECT 1 FROM import_published_rows p WHERE p.file_id = s.file_id)) AS staged`
}

/**
 * A substance's unit change as its decision needs it: both units' names, the readings in the old unit, and the largest
 * of their values (public, or staged by any file: the conversion changes both), named for the refusal.
 */
async function unitChangeOf(trx: Transaction<Database>, current: ReferenceValues, unitId: number): Promise<ReferenceFacts['unit']> {
  const { rows } = await sql<{ from: string; to: string; readings: number; staged: number }>`
    SELECT f.name AS from, t.name AS to, ${readingsIn(current.name, sql`f.name`)}
    FROM units f, units t WHERE f.id = ${current.unit_id} AND t.id = ${unitId}`.execute(trx)
  if (!rows[0]) return undefined
  const { rows: largest } = await sql<{ value: number; label: string }>`
    (SELECT abs(i.value) AS value, 'показание № ' || i.id AS label FROM measures_point_indications i
      WHERE i.name = ${current.name} AND i.measure = ${rows[0].from} ORDER BY abs(i.value) DESC LIMIT 1)
    UNION ALL
    (SELECT abs((s.data->>'value')::float8), 'строка ' || s.row_number || ' файла № ' || s.file_id FROM import_staged_rows s
      WHERE s.target_table = 'measures_point_indications' AND s.data->>'name' = ${current.name} AND s.data->>'measure' = ${rows[0].from}
      ORDER BY abs((s.data->>'value')::float8) DESC LIMIT 1)
    ORDER BY value DESC LIMIT 1`.execute(trx)
  return { ...rows[0], largest: largest[0] ? { value: Number(largest[0].value), label: largest[0].label } : null }
}

/** The readings under a substance's current name and unit, for a rename. */
async function readingsOf(trx: Transaction<Database>, current: ReferenceValues): Promise<ReferenceFacts['named']> {
  const { rows } = await sql<{ readings: number; staged: number }>`SELECT ${readingsIn(current.name, sql`f.name`)} FROM units f WHERE f.id = ${current.unit_id}`.execute(trx)
  return rows[0] ?? { readings: 0, staged: 0 }
}

/**
 * Whether anything refers to an entry: a row of any table whose foreign key points at it (areas, reports, users and
 * readings of a company…), or a reading that names it in words (a substance by its name, a unit by its name, a kind of
 * point by its code: readings keep those as text).
 */
async function isUsed(trx: Transaction<Database>, kind: ReferenceKind, id: number, current: ReferenceValues): Promise<boolean> {
  const def = REFERENCE_KINDS[kind]
  const keys = await sql<{ tbl: string; col: string }>`
    SELECT c.conrelid::regclass::text AS tbl, a.attname AS col
    FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND c.confrelid = ${def.table}::regclass AND cardinality(c.conkey) = 1`.execute(trx)
  for (const key of keys.rows) {
    const found = await sql`SELECT 1 FROM ${sql.table(key.tbl)} WHERE ${sql.id(key.col)} = ${id} LIMIT 1`.execute(trx)
    if (found.rows.length > 0) return true
  }
  const named: Partial<Record<ReferenceKind, RawBuilder<unknown>>> = {
    substance: sql`SELECT 1 FROM measures_point_indications WHERE name = ${current.name} LIMIT 1`,
    unit: sql`SELECT 1 FROM measures_point_indications WHERE measure = ${current.name} LIMIT 1`,
    'point-kind': sql`SELECT 1 FROM measures_points WHERE kind = ${current.code} LIMIT 1`,
  }
  const query = named[kind]
  return query ? (await query.execute(trx)).rows.length > 0 : false
}

/** A date column's value as the events hold it, ГГГГ-ММ-ДД (the driver reads a date as local midnight). */
export function dayOf(v: unknown): string {
  if (!(v instanceof Date)) return String(v).slice(0, 10)
  return `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
}

/** A row's values as the events hold them: numbers as numbers, absent as null. */
function normalised(kind: ReferenceKind, row: Record<string, unknown>): ReferenceValues {
  const values: ReferenceValues = {}
  for (const field of REFERENCE_KINDS[kind].fields) {
    const v = row[field.name]
    values[field.name] =
      v === null || v === undefined ? null
      : field.type === 'number' || field.type === 'ref' || field.type === 'year' ? Number(v)
      : field.type === 'boolean' ? Boolean(v)
      : field.type === 'date' ? dayOf(v)
      : String(v)
  }
  return values
}

const SEQUENCES: Record<ReferenceKind, string> = {
  substance: 'substances_id_seq',
  unit: 'units_id_seq',
  'point-kind': 'point_kinds_id_seq',
  company: 'companies_id_seq',
  area: 'areas_id_seq',
  'due-date': 'report_due_dates_id_seq',
}

/** Adds an entry of a kind; answers its id and the values saved. Administrators only. */
export async function addReferenceEntry(context: CommandContext, input: { kind: ReferenceKind; values: ReferenceInput }): Promise<{ id: number; values: ReferenceValues } | Refused> {
  const values = parsed(input.kind, input.values)
  if (values instanceof Refused) return values
  return inTransaction(context.db, async (trx) => {
    const id = await nextId(trx, SEQUENCES[input.kind])
    const inTrx = { ...context, db: trx }
    await handleCommand(inTrx, {
      decider: referenceDecider,
      streamId: referenceStreamId(input.kind, id),
      command: { type: 'AddEntry', data: { kind: input.kind, id, values } },
      facts: (db) => factsOf(db, input.kind, id, values),
    })
    return { id, values: await savedValues(trx, input.kind, id) }
  })
}

/**
 * Changes an entry's fields; saving the same values records nothing. Answers the values saved. Administrators only.
 * A substance's unit change converts its readings in the same transaction as its event (decision 3416).
 */
export async function changeReferenceEntry(
  context: CommandContext,
  input: { kind: ReferenceKind; id: number; values: ReferenceInput },
): Promise<{ changed: boolean; values: ReferenceValues } | Refused> {
  const values = parsed(input.kind, input.values)
  if (values instanceof Refused) return values
  return inTransaction(context.db, async (trx) => {
    const inTrx = { ...context, db: trx }
    // Before the log's barrier, as a publication of its readings takes it: one waits for the other (decision 3416).
    if (input.kind === 'substance') await lockSubstanceUnits(trx, [input.id], false)
    const { events } = await handleCommand(inTrx, {
      decider: referenceDecider,
      streamId: referenceStreamId(input.kind, input.id),
      command: { type: 'ChangeEntry', data: { kind: input.kind, id: input.id, values } },
      facts: (db) => factsOf(db, input.kind, input.id, values),
    })
    for (const event of events) {
      if (event.type === 'ReferenceEntryChanged' && event.data.conversion?.readings !== undefined) {
        await convertReadings(inTrx, String(values.name), event.data.conversion)
      }
    }
    return { changed: events.length > 0, values: await savedValues(trx, input.kind, input.id) }
  })
}

/** Retires an entry from use (`retire`) or restores it; doing it twice records nothing. Administrators only (its use-case checks). */
export async function retireReferenceEntry(context: CommandContext, input: { kind: ReferenceKind; id: number; retire: boolean }): Promise<{ changed: boolean }> {
  const { events } = await handleCommand(context, {
    decider: referenceDecider,
    streamId: referenceStreamId(input.kind, input.id),
    command: { type: input.retire ? 'RetireEntry' : 'RestoreEntry', data: { kind: input.kind, id: input.id } },
    facts: async (db) => ({ ...(await currentOf(db, input.kind, input.id)), duplicate: false, missing: [] }),
  })
  return { changed: events.length > 0 }
}

/** Deletes an entry nothing refers to; one that readings or other records use is refused (retire it). Administrators only (its use-case checks). */
export async function deleteReferenceEntry(context: CommandContext, input: { kind: ReferenceKind; id: number }): Promise<{ deleted: true }> {
  await handleCommand(context, {
    decider: referenceDecider,
    streamId: referenceStreamId(input.kind, input.id),
    command: { type: 'DeleteEntry', data: { kind: input.kind, id: input.id } },
    facts: async (db) => {
      const { current, retired } = await currentOf(db, input.kind, input.id)
      return { current, retired, duplicate: false, missing: [], used: current ? await isUsed(db, input.kind, input.id, current) : false }
    },
  })
  return { deleted: true }
}

/** An entry's values as its table holds them now: what the form shows as saved. */
async function savedValues(db: Kysely<Database>, kind: ReferenceKind, id: number): Promise<ReferenceValues> {
  const def = REFERENCE_KINDS[kind]
  const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(def.fields.map((f) => sql.id(f.name)))} FROM ${sql.table(def.table)} WHERE id = ${id}`.execute(db)
  return normalised(kind, rows[0] ?? {})
}
