// The live projection: each event's read-model rows (its table entry's `rows`), written in the transaction that
// appends it. The command pipeline hands it the entries of the command's stream (the decider's table); the replay
// (all-streams/replay/replay.server.ts) folds the same rows in memory.
import { CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { sendUnanswered } from '@portal/workflow-platform/database.server.ts'
import type { StoredEvent } from '../event-store/event-store.server.ts'
import { type EventUses, type Reads, type RowChange, type Seen, useOf } from './event-table.ts'

export { PROJECTION_TABLES } from './event-table.ts'

/**
 * Writes an event's rows, as its entry in `table` (its stream's event table) computes them. `known`: rows the command
 * read already under its lock (a decision's report, whose id and company never change, and its live files, which no
 * one else can change while the report is locked, the files of `known.report`), not read again.
 */
export async function projectEvent(db: Kysely<Database>, table: EventUses, event: StoredEvent, known: Seen = {}): Promise<void> {
  const use = useOf(table, event.type)
  const reads = use.reads?.(event)
  let seen: Seen = {}
  if (reads) {
    const report = reads.report !== undefined && known.report?.id === reads.report ? known.report : undefined
    const live = reads.liveFilesOfReport !== undefined && known.report?.id === reads.liveFilesOfReport ? known.liveFilesOfReport : undefined
    const rest: Reads = { ...reads, ...(report ? { report: undefined } : {}), ...(live ? { liveFilesOfReport: undefined } : {}) }
    seen = { ...(await readSeen(db, rest)), ...(report ? { report } : {}), ...(live ? { liveFilesOfReport: live } : {}) }
  }
  await writeChanges(db, use.rows(event, seen))
}

export async function projectEvents(db: Kysely<Database>, table: EventUses, events: readonly StoredEvent[], known?: Seen): Promise<void> {
  for (const event of events) await projectEvent(db, table, event, known)
}

/** The rows an event's rows depend on, in one round trip. */
async function readSeen(db: Kysely<Database>, reads: Reads): Promise<Seen> {
  const columns: RawBuilder<unknown>[] = []
  if (reads.report !== undefined) {
    columns.push(sql`(SELECT jsonb_build_object('id', r.id, 'company_id', r.company_id) FROM import_reports r WHERE r.id = ${reads.report}) AS report`)
  }
  if (reads.file !== undefined) {
    columns.push(
      sql`(SELECT jsonb_build_object('id', f.id, 'name', f.name, 'company_id', f.company_id, 'report_id', f.report_id) FROM import_files f WHERE f.id = ${reads.file}) AS file`,
    )
  }
  if (reads.liveFilesOfReport !== undefined) {
    columns.push(sql`(SELECT COALESCE(jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name) ORDER BY f.id), '[]'::jsonb) FROM import_files f
                      WHERE f.report_id = ${reads.liveFilesOfReport} AND f.status NOT IN ('deletion', 'deleted')) AS live_files`)
  }
  if (columns.length === 0) return {}
  const { rows } = await sql<{ report?: Seen['report'] | null; file?: Seen['file'] | null; live_files?: Seen['liveFilesOfReport'] }>`SELECT ${sql.join(columns)}`.execute(db)
  const row = rows[0]
  return { report: row.report ?? undefined, file: row.file ?? undefined, liveFilesOfReport: row.live_files }
}

/** A value as a statement's parameter: JSON columns take their value as JSON text. */
function param(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value
}

const id = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * What makes a change's text: its kind, table and columns, and for an insert its number of rows. Two changes of one
 * shape differ only in their values, which are parameters; a null is a parameter too.
 */
function shapeOf(change: RowChange): string {
  if ('insert' in change) return `insert ${change.table} ${change.insert.length} ${Object.keys(change.insert[0]).join(',')}`
  if ('upsert' in change) return `upsert ${change.table} ${Object.keys(change.upsert).join(',')} ${change.onConflictSet.join(',')}`
  if ('delete' in change) return `delete ${change.table}`
  return `update ${change.table} ${Object.keys(change.set).join(',')}`
}

/** A change's text, its parameters numbered from `first` on. */
function textOf(change: RowChange, first: number): string {
  let n = first
  const next = () => `$${n++}`
  const table = id(change.table)
  if ('insert' in change) {
    const names = Object.keys(change.insert[0])
    const rows = change.insert.map(() => `(${names.map(next).join(', ')})`)
    return `INSERT INTO ${table} (${names.map(id).join(', ')}) VALUES ${rows.join(', ')}`
  }
  if ('upsert' in change) {
    const names = Object.keys(change.upsert)
    const sets = change.onConflictSet.map((name) => `${id(name)} = EXCLUDED.${id(name)}`)
    return `INSERT INTO ${table} (${names.map(id).join(', ')}) VALUES (${names.map(next).join(', ')}) ON CONFLICT (id) DO UPDATE SET ${sets.join(', ')}`
  }
  if ('delete' in change) return `DELETE FROM ${table} WHERE id = ${next()}`
  const sets = Object.keys(change.set).map((name) => `${id(name)} = ${next()}`)
  return `UPDATE ${table} SET ${sets.join(', ')} WHERE id = ${next()}`
}

/** A change's values, in the order of its text's parameters. */
function valuesOf(change: RowChange, into: unknown[]): void {
  if ('insert' in change) {
    const names = Object.keys(change.insert[0])
    for (const row of change.insert) for (const name of names) into.push(param((row as Record<string, unknown>)[name]))
  } else if ('upsert' in change) {
    for (const value of Object.values(change.upsert)) into.push(param(value))
  } else if ('delete' in change) {
    into.push(change.delete)
  } else {
    for (const value of Object.values(change.set)) into.push(param(value))
    into.push(change.update)
  }
}

/**
 * Changes written as one statement: the last one after the others as data-modifying WITH clauses (foreign keys are
 * checked at its end). Its text is made once per shape of the changes and kept (decision 2800): an event type's
 * changes have one shape, and making the text with Kysely on every command was most of what a projection cost.
 */
const texts = new Map<string, string>()
/** Bound on the shapes kept; past it a text is made per call (the event tables have a few dozen shapes). */
const MAX_SHAPES = 500

export function statementOf(changes: readonly RowChange[]): CompiledQuery {
  const key = changes.map(shapeOf).join('\n')
  let text = texts.get(key)
  if (text === undefined) {
    const parts: string[] = []
    let first = 1
    for (const change of changes) {
      parts.push(textOf(change, first))
      first += countOf(change)
    }
    const last = parts.pop()!
    text = parts.length === 0 ? last : `WITH ${parts.map((part, i) => `${id(`change_${i}`)} AS (${part})`).join(', ')} ${last}`
    if (texts.size < MAX_SHAPES) texts.set(key, text)
  }
  const values: unknown[] = []
  for (const change of changes) valuesOf(change, values)
  return CompiledQuery.raw(text, values)
}

/** How many parameters a change's text takes. */
function countOf(change: RowChange): number {
  if ('insert' in change) return change.insert.length * Object.keys(change.insert[0]).length
  if ('upsert' in change) return Object.keys(change.upsert).length
  if ('delete' in change) return 1
  return Object.keys(change.set).length + 1
}

/**
 * Writes an event's changes in one statement (data-modifying WITH clauses; foreign keys are checked at its end).
 * Changes of one table are written one after the other instead: the parts of one statement do not see each other's
 * rows. Nothing reads their answers, so they are not waited for: they go out with the command's next statement
 * (decision 2770), and a failure of theirs is thrown by that statement or by the commit.
 */
async function writeChanges(db: Kysely<Database>, changes: RowChange[]): Promise<void> {
  if (changes.length === 0) return
  const tables = new Set(changes.map((c) => c.table))
  if (tables.size < changes.length) {
    for (const change of changes) await sendUnanswered(db, statementOf([change]))
    return
  }
  await sendUnanswered(db, statementOf(changes))
}
