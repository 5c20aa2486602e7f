// Every stream's event table in one: what the replay, the as-of view and the notices look an event up in. It sits
// above the streams' folders (the workflow's and the admin's), which never import it: a command's pipeline gets its
// stream's table from the stream's decider.
import { REFERENCE_EVENTS } from '../admin/reference/reference-event-table.ts'
import type { ReferenceEvent } from '../admin/reference/reference-events.ts'
import { USER_EVENTS } from '../admin/users/user-event-table.ts'
import type { UserEvent } from '../admin/users/user-events.ts'
import { type EventUse, type EventUses, useOf } from '../workflow/event-table.ts'
import { FILE_EVENTS } from '../workflow/files/file-event-table.ts'
import type { FileEvent } from '../workflow/files/file-events.ts'
import { REPORT_EVENTS } from '../workflow/reports/report-event-table.ts'
import type { ReportEvent } from '../workflow/reports/report-events.ts'
import { BASELINE_EVENTS } from '../workflow/publication/baseline-event-table.ts'
import type { BaselineEvent } from '../workflow/publication/baseline-events.ts'
import { PUBLICATION_EVENTS } from '../workflow/publication/publication-event-table.ts'
import type { PublicationEvent } from '../workflow/publication/publication-events.ts'
import { RESPONSIBLE_EVENTS } from '../workflow/responsibles/responsible-event-table.ts'
import type { ResponsibleEvent } from '../workflow/responsibles/responsible-events.ts'
import { TRANSPARENCY_KEY_EVENTS } from '../transparency/key-event-table.ts'
import type { TransparencyKeyEvent } from '../transparency/key-events.ts'

/** Every event the log holds. */
export type WorkflowEvent = ResponsibleEvent | ReportEvent | FileEvent | PublicationEvent | BaselineEvent | ReferenceEvent | UserEvent | TransparencyKeyEvent

// Each stream's table proves it has an entry for each of its events (`satisfies EventTable<…>`): a missing one fails there.
const EVENT_TABLES: EventUses = { ...RESPONSIBLE_EVENTS, ...REPORT_EVENTS, ...FILE_EVENTS, ...PUBLICATION_EVENTS, ...BASELINE_EVENTS, ...REFERENCE_EVENTS, ...USER_EVENTS, ...TRANSPARENCY_KEY_EVENTS }

/** The event types of every stream. */
export const EVERY_EVENT_TYPE = Object.keys(EVENT_TABLES) as Array<WorkflowEvent['type']>

/** The entry of a stored event's type, of whichever stream; a type no table knows is a broken log (or a missing entry). */
export const eventUse = (type: string): EventUse => useOf(EVENT_TABLES, type)
