// The publication stream's events, declared once: the state they fold into and the row of `report_publications` each
// writes (what the report's page says of its public rows). Neither is in the company's history; a failure is told to
// the Department by the workers' dead-letter handler.
import { type EventTable, eventTypesOf } from '../event-table.ts'
import type { PublicationEvent } from './publication-events.ts'
import type { PublicationState } from './publication-state.ts'

const COLUMNS = ['status', 'rows_public', 'rows_staged', 'files', 'reason', 'updated', 'position'] as const

export const PUBLICATION_EVENTS = {
  ReportPublished: {
    machine: null,
    evolve: (_state, event) => ({ files: event.data.files, failed: null }),
    rows: (event) => [
      {
        table: 'report_publications',
        upsert: {
          id: event.data.reportId,
          status: 'published',
          rows_public: event.data.files.reduce((n, f) => n + f.rows, 0),
          rows_staged: event.data.files.reduce((n, f) => n + f.staged, 0),
          files: event.data.files,
          reason: null,
          updated: event.createdAt,
          position: event.position,
        },
        onConflictSet: [...COLUMNS],
      },
    ],
    history: null,
    label: 'Данные отчёта опубликованы',
    notice: null,
  },
  ReportPublicationFailed: {
    machine: null,
    evolve: (state, event) => ({ ...state, failed: event.data.reason }),
    // What stays public is what the last publication made so (none when it never succeeded): only the failure is new.
    rows: (event) => [
      {
        table: 'report_publications',
        upsert: {
          id: event.data.reportId,
          status: 'failed',
          rows_public: 0,
          rows_staged: event.data.staged,
          files: [],
          reason: event.data.reason,
          updated: event.createdAt,
          position: event.position,
        },
        onConflictSet: ['status', 'rows_staged', 'reason', 'updated', 'position'],
      },
    ],
    history: null,
    label: 'Публикация данных отчёта не удалась',
    notice: null,
  },
} satisfies EventTable<PublicationEvent, PublicationState>

export const PUBLICATION_EVENT_TYPES = eventTypesOf<PublicationEvent, PublicationState>(PUBLICATION_EVENTS)
