// What the admin screens of reference data read: a kind's entries, the lists its fields pick from, its history.
import { CompiledQuery, type Kysely, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { CurrentUser } from '../../auth/permissions.ts'
import { inChainSql, inChainText } from '../../event-store/positions.ts'
import { personNameSql } from '../../people/person-name-sql.server.ts'
import { roleWord } from '../../people/person-name.ts'
import type { ReferenceChange, UnitConversion } from './reference-events.ts'
import { conversionLine } from './conversion-line.ts'
import { fieldAsOf, fieldChanges, type SubstanceLimit } from './reference-as-of.ts'
import { REFERENCE_KINDS, type ReferenceKind, type ReferenceValues } from './reference-kinds.ts'
import { dayOf } from './reference-commands.server.ts'

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
  /** Who did it as a person: the account's full name (the login for an account without one), and its group. */
  person: string
  role: string
  clientAddress: string | null
  id: number
  /** The entry's name now (or its id when it has none). */
  entryName: string
  /** What was done, by the event's type. */
  action: 'added' | 'changed' | 'retired' | 'restored' | 'deleted'
  added: ReferenceValues | null
  changes: ReferenceChange[]
  /** A unit change's conversion of the limits and readings, in words (decision 3416); null for any other change. */
  conversion: string | null
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
    values: Object.fromEntries(def.fields.map((f) => [f.name, (f.type === 'date' && row[f.name] ? dayOf(row[f.name]) : (row[f.name] ?? null)) as ReferenceValues[string]])),
    retired: row.retired === true,
  }))
  const options: ReferencePage['options'] = {}
  for (const field of def.fields) {
    if (field.type !== 'ref') continue
    const list = await sql<{ id: number; name: string; retired: boolean }>`SELECT id, name, retired FROM ${sql.table(field.table)} ORDER BY name, id`.execute(context.db)
    options[field.name] = list.rows
  }
  const nameOf = (values: ReferenceValues | undefined, id: number) => (values ? (def.nameOf ? def.nameOf(values) : String(values.name ?? values.code ?? id)) : `№ ${id}`)
  const names = new Map(entries.map((e) => [e.id, nameOf(e.values, e.id)]))
  const events = await sql<{ position: string; type: string; data: any; metadata: any; created_at: Date; person: string }>`
    SELECT position, type, data, metadata, created_at,
           ${personNameSql(sql`(metadata->>'userId')::int`, sql`metadata->>'username'`)} AS person
    FROM events
    WHERE type IN (${sql.join(Object.keys(ACTIONS))}) AND data->>'kind' = ${input.kind} AND ${inChainSql()}
    ORDER BY position DESC LIMIT ${HISTORY_LIMIT}`.execute(context.db)
  const history = events.rows.map((e) => ({
    position: Number(e.position),
    at: e.created_at,
    username: String(e.metadata.username),
    person: e.person,
    role: roleWord(e.metadata.role),
    clientAddress: e.metadata.clientAddress ?? null,
    id: Number(e.data.id),
    entryName: names.get(Number(e.data.id)) ?? (e.type === 'ReferenceEntryDeleted' ? nameOf(e.data.values, Number(e.data.id)) : `№ ${e.data.id}`),
    action: ACTIONS[e.type],
    added: e.type === 'ReferenceEntryAdded' ? (e.data.values as ReferenceValues) : null,
    changes: e.type === 'ReferenceEntryChanged' ? (e.data.changes as ReferenceChange[]) : [],
    conversion: e.type === 'ReferenceEntryChanged' && e.data.conversion ? conversionLine(e.data.conversion as UnitConversion) : null,
  }))
  return { entries, options, history }
}

/** The substances of these names with the changes of their ПДК, read from the log's chain. Anyone may read them. */
/**
 * The two reads of substances' limits, written once as text (decision 3811): building them with the query builder and
 * compiling them was the largest share of the query builder's CPU on a point page's miss, and the same text each time
 * is named without hashing it again (repeated-statements.server.ts). Both take the names, so they go out together.
 */
const SUBSTANCES_BY_NAME = 'SELECT id, name, mpc FROM substances WHERE name = ANY($1::text[])'
const SUBSTANCE_LIMIT_CHANGES = `SELECT data, created_at FROM events
  WHERE type = 'ReferenceEntryChanged' AND data->>'kind' = 'substance'
    AND (data->>'id') IN (SELECT id::text FROM substances WHERE name = ANY($1::text[])) AND ${inChainText()}
  ORDER BY position`

export async function substanceLimits(db: Kysely<Database>, names: string[]): Promise<SubstanceLimit[]> {
  if (names.length === 0) return []
  // Started together: on the shared reads (db/shared-reads.server.ts) they leave in one socket write.
  const [{ rows: substances }, { rows: events }] = await Promise.all([
    db.executeQuery<{ id: number; name: string; mpc: string | number | null }>(CompiledQuery.raw(SUBSTANCES_BY_NAME, [names])),
    db.executeQuery<{ data: unknown; created_at: Date }>(CompiledQuery.raw(SUBSTANCE_LIMIT_CHANGES, [names])),
  ])
  if (substances.length === 0) return []
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

/** A substance's entry as it stood at a moment, beside today's, and its changes in a window, each with who made it. */
export interface SubstanceAsOf {
  id: number
  /** Its name and unit at the moment (a renaming since undone), its limits then and now; null when it was added after the moment. */
  then: { name: string; unit: string; mpc: number | null; mpcMax: number | null } | null
  now: { name: string; unit: string; mpc: number | null; mpcMax: number | null }
  changes: Array<{ position: number; at: Date; username: string; role: string; field: string; from: ReferenceChange['from']; to: ReferenceChange['to'] }>
}

const numberOrNull = (v: ReferenceChange['from']) => (v === null || v === '' ? null : Number(v))

/**
 * One substance as of the moment, from the reference log: today's row undone by every change recorded after it (as a
 * reading's limit on the point page, decision 2411), and the changes recorded within the window. Undefined when no
 * substance has the id.
 */
export async function substanceAsOf(db: Kysely<Database>, id: number, moment: Date, window: { from: Date; to: Date }): Promise<SubstanceAsOf | undefined> {
  const row = await db.selectFrom('substances').select(['id', 'name', 'unit_id', 'mpc', 'mpc_max']).where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const events = await db
    .selectFrom('events')
    .select(['position', 'data', 'metadata', 'created_at'])
    .where('type', '=', 'ReferenceEntryChanged')
    .where(sql<boolean>`data->>'kind' = 'substance'`)
    .where(sql<boolean>`data->>'id' = ${String(id)}`)
    .where(inChainSql())
    .orderBy('position')
    .execute()
  // An entry an administrator added has its event; one the demo data or a migration wrote has none and always was.
  const added = await db
    .selectFrom('events')
    .select('created_at')
    .where('type', '=', 'ReferenceEntryAdded')
    .where(sql<boolean>`data->>'kind' = 'substance'`)
    .where(sql<boolean>`data->>'id' = ${String(id)}`)
    .where(inChainSql())
    .orderBy('position', 'desc')
    .executeTakeFirst()
  const recorded = events.map((e) => ({ at: e.created_at, changes: (e.data as { changes: ReferenceChange[] }).changes }))
  const unitId = Number(fieldAsOf(row.unit_id, recorded, 'unit_id', moment))
  const units = await db.selectFrom('units').select(['id', 'name']).where('id', 'in', [...new Set([row.unit_id, unitId])]).execute()
  const unitName = (unit: number) => units.find((u) => u.id === unit)?.name ?? `№ ${unit}`
  const now = { name: row.name, unit: unitName(row.unit_id), mpc: numberOrNull(row.mpc as ReferenceChange['from']), mpcMax: numberOrNull(row.mpc_max as ReferenceChange['from']) }
  const then = added && added.created_at > moment ? null : {
    name: String(fieldAsOf(row.name, recorded, 'name', moment)),
    unit: unitName(unitId),
    mpc: numberOrNull(fieldAsOf(now.mpc, recorded, 'mpc', moment)),
    mpcMax: numberOrNull(fieldAsOf(now.mpcMax, recorded, 'mpc_max', moment)),
  }
  const changes = events
    .filter((e) => e.created_at > window.from && e.created_at <= window.to)
    .flatMap((e) => {
      const metadata = e.metadata as { username?: string; role?: string }
      return (e.data as { changes: ReferenceChange[] }).changes.map((c) => ({ position: Number(e.position), at: e.created_at, username: String(metadata.username ?? ''), role: String(metadata.role ?? ''), field: c.field, from: c.from, to: c.to }))
    })
  return { id: row.id, then, now, changes }
}

/** The substances an as-of question may name: every entry by name, with its unit (two entries may share a name). */
export async function substanceChoices(db: Kysely<Database>): Promise<Array<{ id: number; name: string; unit: string }>> {
  return db.selectFrom('substances as s').innerJoin('units as u', 'u.id', 's.unit_id').select(['s.id', 's.name', 'u.name as unit']).orderBy('s.name').orderBy('s.id').execute()
}
