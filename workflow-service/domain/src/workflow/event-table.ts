// The shape of a stream's event table: for each event type, everything the rest of the portal does with it (the
// machine event, the state change, the read-model rows, the label of the history and the audit, the notice),
// declared once. A stream's table is checked with `satisfies EventTable<…>`: an event type without its entry does
// not compile. The stream's decider carries its table to the command pipeline, whose live projection
// (projections.server.ts) writes the rows the entries compute; the replay (all-streams/replay/replay.server.ts) folds
// the same rows from every stream's table, so the two cannot drift apart.
import type { Selectable } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { LoggedEvent } from '../event-store/event-store.server.ts'
import type { AuditEvent } from './history/audit-event.ts'

/** The workflow's read-model tables, in the order they can be filled (foreign keys point backwards). */
export const PROJECTION_TABLES = [
  'ecomon_responsibles',
  'company_responsibles',
  'import_reports',
  'report_status_changes',
  'decision_files',
  'import_files',
  'report_history',
  'report_messages',
  'report_publications',
] as const

export type ProjectionTable = (typeof PROJECTION_TABLES)[number]

/** A read-model row as it reads back (JSON columns as values, timestamps as dates). */
export type ReadModelRow<T extends ProjectionTable> = Selectable<Database[T]>

/** The tables of reference data the admin stream keeps (written by its events, not rebuilt by the replay). */
export type ReferenceTable = 'substances' | 'units' | 'point_kinds' | 'companies' | 'areas' | 'report_due_dates'
type ReferenceRow = Record<string, string | number | boolean | null>

/**
 * The accounts' columns the users' streams keep (not a workflow read model either: the replay checks them against the
 * streams, decision 2690). `groups` is written as PostgreSQL's text[] literal (`{"Департамент"}`), since the writers
 * send every other non-scalar value as JSON.
 */
export interface UserRow {
  username?: string
  full_name?: string
  email?: string | null
  groups?: string
  company_id?: number | null
  is_active?: boolean
  created_at?: Date
}

/**
 * What an event changes in a table: rows added, one row's columns set, or a row added unless its id is there, in which
 * case only the named columns are set; a reference entry nothing refers to may also be deleted. Every row is keyed by
 * its `id`.
 */
export type RowChange =
  | {
      [T in ProjectionTable]:
        | { table: T; insert: Array<ReadModelRow<T>> }
        | { table: T; update: number | string; set: Partial<ReadModelRow<T>> }
        | { table: T; upsert: ReadModelRow<T>; onConflictSet: Array<keyof ReadModelRow<T> & string> }
    }[ProjectionTable]
  | { table: ReferenceTable; insert: [ReferenceRow & { id: number }] }
  | { table: ReferenceTable; update: number; set: ReferenceRow }
  | { table: 'users'; insert: [UserRow & { id: number; password_hash: string }] }
  | { table: 'users'; update: number; set: UserRow }
  | { table: ReferenceTable; delete: number }

/** The rows an event's read-model rows depend on, beyond the event itself (asked for by `reads`). */
export interface Reads {
  /** A report, by id. */
  report?: number
  /** A file, by id. */
  file?: number
  /** The files of a report that are not on their way out (not being deleted or deleted), by the report's id. */
  liveFilesOfReport?: number
}

export interface Seen {
  report?: Pick<ReadModelRow<'import_reports'>, 'id' | 'company_id'>
  file?: Pick<ReadModelRow<'import_files'>, 'id' | 'name' | 'company_id' | 'report_id'>
  /** In id order. */
  liveFilesOfReport?: Array<{ id: number; name: string }>
}

/** What a person is told of an event. */
export interface NotificationText {
  kind: 'file_checked' | 'file_failed' | 'report_agreed' | 'report_rejected' | 'report_cancelled' | 'report_message'
  title: string
  body: string
  /** The page the notice links to: the report's conversation, or (absent) the company's reports page of its year. */
  page?: 'conversation'
}

/** What a notice says the event is about: the report in words, and the file's name for a file's event. */
export interface NoticeAbout {
  /** «Программа ЛЭМ за 2026 год (Участок)». */
  subject: string
  fileName: string | null
}

export type Stored<E extends { type: string; data: object }> = LoggedEvent<E['type'], E['data']>

export interface EventEntry<E extends { type: string; data: object }, S, M> {
  /** The event the stream's machine takes (null: the machine does not move, or the stream has none). */
  machine: M | null
  // Methods, not function properties: an entry of one event is then usable where the stream's entry is expected.
  /** What the event changes in the stream's state besides the machine's status and the version. */
  evolve(state: S, event: E): S
  /** The read-model rows the event's rows are computed from (none when absent). */
  reads?(event: Stored<E>): Reads
  /** The read-model rows the event adds or changes, one pure function for the live projection and the replay. */
  rows(event: Stored<E>, seen: Seen): RowChange[]
  /** The code the history and the audit keep for the event (null: they do not show it). */
  history: { code: AuditEvent } | null
  /** The event's one name: in the history, the audit, the exports and the list of changes of the as-of view. */
  label: string
  /** What the report's people are told (null: nothing). */
  notice: Notice<Stored<E>> | null
}

/**
 * An entry as the command pipeline, the replay and the notices use it, whatever its stream: the stored event is the
 * one its type names. Its methods take any logged event, so a stream's table is one (methods compare their parameters
 * both ways) without a cast.
 */
export interface EventUse {
  reads?(event: LoggedEvent<string, object>): Reads
  rows(event: LoggedEvent<string, object>, seen: Seen): RowChange[]
  history: { code: string } | null
  label: string
  notice: Notice<LoggedEvent<string, object>> | null
}

/** The entries of a stream's table (or of every stream's) as the pipeline and the replay use them, by event type. */
export type EventUses = Readonly<Record<string, EventUse>>

/** The entry of a stored event's type; a type the table does not know is a broken log (or a missing entry). */
export function useOf(table: EventUses, type: string): EventUse {
  if (!Object.hasOwn(table, type)) throw new Error(`no projection knows the event type ${type}`)
  return table[type]
}

/** A method's type (its parameters compare both ways, as an entry's methods do); null: this event tells no one. */
export type Notice<E> = { tell(event: E, about: NoticeAbout): NotificationText | null }['tell']

/** One entry per event type of the union E, each typed by its own event. */
export type EventTable<E extends { type: string; data: object }, S, M = never> = { [K in E['type']]: EventEntry<Extract<E, { type: K }>, S, M> }

/**
 * The entry of an event, typed by the stream (TypeScript cannot relate a union's member to its key: this one cast says
 * it does). The table's own `satisfies EventTable<…>` proves it has every entry; a missing one fails there, not here.
 */
export function entryOf<E extends { type: string; data: object }, S, M = never>(table: object, type: E['type']): EventEntry<E, S, M> {
  return (table as Record<string, EventEntry<E, S, M>>)[type]
}

/** The event types of a table, in their order of declaration. */
export function eventTypesOf<E extends { type: string; data: object }, S, M = never>(table: EventTable<E, S, M>): Array<E['type']> {
  return Object.keys(table) as Array<E['type']>
}

/** A seen row the event needs; a log that names a row no earlier event made is broken. */
export function needSeen<K extends keyof Seen>(seen: Seen, key: K, event: LoggedEvent, id: number): NonNullable<Seen[K]> {
  const value = seen[key]
  if (value === undefined || value === null) throw new Error(`event at position ${event.position} (${event.type}) names ${id}, which no earlier event created`)
  return value as NonNullable<Seen[K]>
}

/** Leaves the state as it is (the machine and the version are the stream's evolve's). */
export const same = <S>(state: S): S => state
