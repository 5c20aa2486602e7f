// The live projection: each event's read-model rows (its table entry's `rows`), written in the transaction that
// appends it. The command pipeline hands it the entries of the command's stream (the decider's table); the replay
// (all-streams/replay/replay.server.ts) folds the same rows in memory.
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { sendUnanswered } from '../db/pipelined-driver.server.ts'
import type { StoredEvent } from '../event-store/event-store.server.ts'
import { type EventUses, type Reads, type RowChange, type Seen, useOf } from './event-table.ts'

export { PROJECTION_TABLES } from './event-table.ts'

/** Writes an event's rows, as its entry in `table` (its stream's event table) computes them. */
export async function projectEvent(db: Kysely<Database>, table: EventUses, event: StoredEvent): Promise<void> {
  const use = useOf(table, event.type)
  const reads = use.reads?.(event)
  const seen = reads ? await readSeen(db, reads) : {}
  await writeChanges(db, use.rows(event, seen))
}

export async function projectEvents(db: Kysely<Database>, table: EventUses, events: readonly StoredEvent[]): Promise<void> {
  for (const event of events) await projectEvent(db, table, event)
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

function statementOf(change: RowChange): RawBuilder<unknown> {
  const table = sql.table(change.table)
  if ('insert' in change) {
    const names = Object.keys(change.insert[0])
    const rows = change.insert.map((row) => sql`(${sql.join(names.map((name) => sql`${param((row as Record<string, unknown>)[name])}`))})`)
    return sql`INSERT INTO ${table} (${sql.join(names.map((name) => sql.id(name)))}) VALUES ${sql.join(rows)}`
  }
  if ('upsert' in change) {
    const row = change.upsert as Record<string, unknown>
    const names = Object.keys(row)
    const sets = sql.join(change.onConflictSet.map((name) => sql`${sql.id(name)} = EXCLUDED.${sql.id(name)}`))
    return sql`INSERT INTO ${table} (${sql.join(names.map((name) => sql.id(name)))}) VALUES (${sql.join(names.map((name) => sql`${param(row[name])}`))})
               ON CONFLICT (id) DO UPDATE SET ${sets}`
  }
  if ('delete' in change) return sql`DELETE FROM ${table} WHERE id = ${change.delete}`
  const sets = sql.join(Object.entries(change.set).map(([name, value]) => sql`${sql.id(name)} = ${param(value)}`))
  return sql`UPDATE ${table} SET ${sets} WHERE id = ${change.update}`
}

/**
 * Writes an event's changes in one statement (data-modifying WITH clauses; foreign keys are checked at its end).
 * Changes of one table are written one after the other instead: the parts of one statement do not see each other's
 * rows. Nothing reads their answers, so they are not waited for: they go out with the command's next statement
 * (decision 2770), and a failure of theirs is thrown by that statement or by the commit.
 */
async function writeChanges(db: Kysely<Database>, changes: RowChange[]): Promise<void> {
  const tables = new Set(changes.map((c) => c.table))
  if (tables.size < changes.length) {
    for (const change of changes) await sendUnanswered(db, statementOf(change).compile(db))
    return
  }
  const statements = changes.map(statementOf)
  const last = statements.pop()
  if (!last) return
  if (statements.length === 0) {
    await sendUnanswered(db, last.compile(db))
    return
  }
  await sendUnanswered(db, sql`WITH ${sql.join(statements.map((s, i) => sql`${sql.id(`change_${i}`)} AS (${s})`))} ${last}`.compile(db))
}
