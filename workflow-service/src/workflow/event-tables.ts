// Every stream's event table in one: what the live projection, the replay and the notices look an event up in.
import { REFERENCE_EVENTS } from '../admin/reference/reference-event-table.ts'
import type { ReferenceEvent } from '../admin/reference/reference-events.ts'
import { USER_EVENTS } from '../admin/users/user-event-table.ts'
import type { UserEvent } from '../admin/users/user-events.ts'
import type { LoggedEvent } from '../event-store/event-store.server.ts'
import type { Notice, Reads, RowChange, Seen, Stored } from './event-table.ts'
import { FILE_EVENTS } from './files/file-event-table.ts'
import type { FileEvent } from './files/file-events.ts'
import { REPORT_EVENTS } from './reports/report-event-table.ts'
import type { ReportEvent } from './reports/report-events.ts'
import { RESPONSIBLE_EVENTS } from './responsibles/responsible-event-table.ts'
import type { ResponsibleEvent } from './responsibles/responsible-events.ts'

/** Every event the log holds. */
export type WorkflowEvent = ResponsibleEvent | ReportEvent | FileEvent | ReferenceEvent | UserEvent

/** What is done with an event outside its stream: its rows, its label, its notice (see EventEntry). */
export interface EventUse {
  reads?(event: Stored<WorkflowEvent>): Reads
  rows(event: Stored<WorkflowEvent>, seen: Seen): RowChange[]
  history: { code: string } | null
  label: string
  notice: Notice<Stored<WorkflowEvent>> | null
}

// Each stream's table proves it has an entry for each of its events (`satisfies EventTable<…>`): a missing one fails there.
const EVENT_TABLES: Record<string, EventUse> = { ...RESPONSIBLE_EVENTS, ...REPORT_EVENTS, ...FILE_EVENTS, ...REFERENCE_EVENTS, ...USER_EVENTS }

/** The event types of every stream. */
export const EVERY_EVENT_TYPE = Object.keys(EVENT_TABLES) as Array<WorkflowEvent['type']>

/** The entry of a stored event's type; a type no table knows is a broken log (or a missing entry). */
export function eventUse(type: string): EventUse {
  if (!Object.hasOwn(EVENT_TABLES, type)) throw new Error(`no projection knows the event type ${type}`)
  return EVENT_TABLES[type]
}

/** A stored event as its table's entries take it: the log's type names which member of the union it is. */
export const asWorkflowEvent = (event: LoggedEvent) => event as Stored<WorkflowEvent>
