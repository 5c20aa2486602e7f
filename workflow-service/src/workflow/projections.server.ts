// Every projection of the workflow, applied to each event in the transaction that appends it (and by the replay).
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { StoredEvent } from '../event-store/event-store.server.ts'
import { FILE_EVENT_TYPES, type FileEvent } from './files/file-events.ts'
import { projectFile } from './files/file-projection.server.ts'
import { projectHistory } from './history/history-projection.server.ts'
import { REPORT_EVENT_TYPES, type ReportEvent } from './reports/report-events.ts'
import { projectReport } from './reports/report-projection.server.ts'
import { RESPONSIBLE_EVENT_TYPES, type ResponsibleEvent } from './responsibles/responsible-events.ts'
import { projectResponsible } from './responsibles/responsible-projection.server.ts'
import { REFERENCE_EVENT_TYPES, type ReferenceEvent } from '../admin/reference/reference-events.ts'
import { projectReference } from '../admin/reference/reference-projection.server.ts'

/** The read-model tables, in the order they can be filled (foreign keys point backwards). */
export const PROJECTION_TABLES = [
  'ecomon_responsibles',
  'company_responsibles',
  'import_reports',
  'report_status_changes',
  'decision_files',
  'import_files',
  'report_history',
] as const

const isType = <T extends string>(types: readonly T[], type: string): type is T => (types as readonly string[]).includes(type)

export async function projectEvent(db: Kysely<Database>, event: StoredEvent): Promise<void> {
  if (isType(RESPONSIBLE_EVENT_TYPES, event.type)) {
    await projectResponsible(db, event as StoredEvent & ResponsibleEvent)
  } else if (isType(REPORT_EVENT_TYPES, event.type)) {
    await projectReport(db, event as StoredEvent & ReportEvent)
    await projectHistory(db, event as StoredEvent & ReportEvent)
  } else if (isType(FILE_EVENT_TYPES, event.type)) {
    await projectFile(db, event as StoredEvent & FileEvent)
    await projectHistory(db, event as StoredEvent & FileEvent)
  } else if (isType(REFERENCE_EVENT_TYPES, event.type)) {
    await projectReference(db, event as StoredEvent & ReferenceEvent)
  } else {
    throw new Error(`no projection knows the event type ${event.type}`)
  }
}

export async function projectEvents(db: Kysely<Database>, events: readonly StoredEvent[]): Promise<void> {
  for (const event of events) await projectEvent(db, event)
}
