// What the admin screens of reference data read: a kind's entries, the lists its fields pick from, its history.
import { type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { CurrentUser } from '../../auth/permissions.ts'
import { inChainSql } from '../../event-store/positions.ts'
import type { ReferenceChange } from './reference-events.ts'
import { fieldAsOf, fieldChanges, type SubstanceLimit } from './reference-as-of.ts'
import { REFERENCE_KINDS, type ReferenceKind, type ReferenceValues } from './reference-kinds.ts'

export interface ReferenceReadContext {
  db: Kysely<Database>
  actor: CurrentUser | null
}

export interface ReferenceEntry {
  id: number
  values: ReferenceValues
  /** Retired from use: kept for the readings that name it, offered for nothing new. */
  retired: boolean
}

export interface ReferenceHistoryItem {
  position: number
  at: Date
  username: string
  clientAddress: string | null
  id: number
  /** The entry's name now (or its id when it has none). */
  entryName: string
  /** What was done, by the event's type. */
  action: 'added' | 'changed' | 'retired' | 'restored' | 'deleted'
  added: ReferenceValues | null
  changes: ReferenceChange[]
}

const ACTIONS: Record<string, ReferenceHistoryItem['action']> = {
  ReferenceEntryAdded: 'added',
  ReferenceEntryChanged: 'changed',
  ReferenceEntryRetired: 'retired',
  ReferenceEntryRestored: 'restored',
  ReferenceEntryDeleted: 'deleted',
}

export interface ReferencePage {
  entries: ReferenceEntry[]
  /** The options of the kind's reference fields: field name → [id, label, retired]; a form offers a retired one only where it is already chosen. */
  options: Record<string, Array<{ id: number; name: string; retired: boolean }>>
  history: ReferenceHistoryItem[]
}

const HISTORY_LIMIT = 100

/** One kind's screen: every entry by name, the lists to pick from, the last changes newest first (its use-case lets only administrators ask). */
export async function referencePage(context: ReferenceReadContext, input: { kind: ReferenceKind }): Promise<ReferencePage> {
  const def = REFERENCE_KINDS[input.kind]
  const columns = sql.join([sql.id('id'), ...def.fields.map((f) => sql.id(f.name)), sql.id('retired')])
  const { rows } = await sql<Record<string, unknown>>`SELECT ${columns} FROM ${sql.table(def.table)} ORDER BY ${sql.id(def.fields[0].name)}, id`.execute(context.db)
  const entries = rows.map((row) => ({
    id: Number(row.id),
    values: Object.fromEntries(def.fields.map((f) => [f.name, (row[f.name] ?? null) as ReferenceValues[string]])),
    retired: row.retired === true,
  }))
  const options: ReferencePage['options'] = {}
  for (const field of def.fields) {
    if (field.type !== 'ref') continue
    const list = await sql<{ id: number; name: string; retired: boolean }>`SELECT id, name, retired FROM ${sql.table(field.table)} ORDER BY name, id`.execute(context.db)
    options[field.name] = list.rows
  }
  const names = new Map(entries.map((e) => [e.id, String(e.values.name ?? e.id)]))
  const events = await sql<{ position: string; type: string; data: any; metadata: any; created_at: Date }>`
    SELECT position, type, data, metadata, created_at FROM events
    WHERE type IN (${sql.join(Object.keys(ACTIONS))}) AND data->>'kind' = ${input.kind} AND ${inChainSql()}
    ORDER BY position DESC LIMIT ${HISTORY_LIMIT}`.execute(context.db)
  const history = events.rows.map((e) => ({
    position: Number(e.position),
    at: e.created_at,
    username: String(e.metadata.username),
    clientAddress: e.metadata.clientAddress ?? null,
    id: Number(e.data.id),
    entryName: names.get(Number(e.data.id)) ?? (e.type === 'ReferenceEntryDeleted' ? String(e.data.values?.name ?? e.data.values?.code ?? `№ ${e.data.id}`) : `№ ${e.data.id}`),
    action: ACTIONS[e.type],
    added: e.type === 'ReferenceEntryAdded' ? (e.data.values as ReferenceValues) : null,
    changes: e.type === 'ReferenceEntryChanged' ? (e.data.changes as ReferenceChange[]) : [],
  }))
  return { entries, options, history }
}

/** The substances of these names with the changes of their ПДК, read from the log's chain. Anyone may read them. */
export async function substanceLimits(db: Kysely<Database>, names: string[]): Promise<SubstanceLimit[]> {
  if (names.length === 0) return []
  const substances = await db.selectFrom('substances').select(['id', 'name', 'mpc']).where('name', 'in', names).execute()
  if (substances.length === 0) return []
  const events = await db
    .selectFrom('events')
    .select(['data', 'created_at'])
    .where('type', '=', 'ReferenceEntryChanged')
    .where(sql<boolean>`data->>'kind' = 'substance'`)
    .where(sql<boolean>`(data->>'id') = ANY(${substances.map((s) => String(s.id))})`)
    .where(inChainSql())
    .orderBy('position')
    .execute()
  return substances.map((s) => {
    const own = events
      .map((e) => ({ data: e.data as { id: number; changes: ReferenceChange[] }, at: e.created_at }))
      .filter((e) => Number(e.data.id) === s.id)
      .map((e) => ({ at: e.at, changes: e.data.changes }))
    return { name: s.name, mpc: s.mpc === null ? null : Number(s.mpc), changes: fieldChanges(own, 'mpc') }
  })
}

/**
 * The names of companies or areas as they stood at a moment: today's name taken back through every change of it the
 * reference log recorded after the moment (as a substance's ПДК, decision 2411). Anyone may read them.
 */
export async function namesAsOf(db: Kysely<Database>, kind: 'company' | 'area', rows: Array<{ id: number; name: string }>, moment: Date): Promise<Map<number, string>> {
  const names = new Map(rows.map((r) => [r.id, r.name]))
  if (rows.length === 0) return names
  const events = await db
    .selectFrom('events')
    .select(['data', 'created_at'])
    .where('type', '=', 'ReferenceEntryChanged')
    .where(sql<boolean>`data->>'kind' = ${kind}`)
    .where(sql<boolean>`(data->>'id') = ANY(${rows.map((r) => String(r.id))})`)
    .where('created_at', '>', moment)
    .where(inChainSql())
    .orderBy('position')
    .execute()
  for (const row of rows) {
    const own = events
      .map((e) => ({ data: e.data as { id: number; changes: ReferenceChange[] }, at: e.created_at }))
      .filter((e) => Number(e.data.id) === row.id)
      .map((e) => ({ at: e.at, changes: e.data.changes }))
    names.set(row.id, String(fieldAsOf(row.name, own, 'name', moment)))
  }
  return names
}
