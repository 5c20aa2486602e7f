// The row of the change history (report_history) an event adds: numbered by the event's position, written by whom
// the event names.
import type { LoggedEvent } from '../../event-store/event-store.server.ts'
import type { ReadModelRow, RowChange } from '../event-table.ts'

type Entry = ReadModelRow<'report_history'>

export function historyRow(event: LoggedEvent, entry: Pick<Entry, 'company_id' | 'report_id' | 'event' | 'import_files'>): RowChange {
  return {
    table: 'report_history',
    insert: [
      {
        id: event.position,
        company_id: entry.company_id,
        report_id: entry.report_id,
        event: entry.event,
        import_files: entry.import_files,
        created: event.createdAt,
        creator_id: event.metadata.userId,
        creator_username: event.metadata.username,
      },
    ],
  }
}
