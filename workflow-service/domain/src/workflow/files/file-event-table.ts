// The import file stream's events, each declared once: its machine event, what it changes in the stream's state, its
// read-model rows (import_files, report_history), its label and its notice.
import { type EventTable, eventTypesOf, needSeen, same } from '../event-table.ts'
import { historyRow } from '../history/history-rows.ts'
import { checkResultTitle, countFindings } from './check-result-words.ts'
import type { FileState } from './file-state.ts'
import type { FileEvent } from './file-events.ts'
import type { FileMachineEvent } from './file-machine.ts'

/** A file's new status (and findings): the row's columns that change. */
const statusOf = (event: { createdAt: Date; streamVersion: number }, status: 'success' | 'error' | 'deletion' | 'deleted') => ({
  status,
  updated: event.createdAt,
  version: event.streamVersion,
})

export const FILE_EVENTS = {
  FileUploaded: {
    machine: { type: 'upload' },
    evolve: (state, event) => ({ ...state, file: event.data }),
    rows: (event) => {
      const d = event.data
      return [
        {
          table: 'import_files',
          insert: [
            {
              id: d.fileId,
              report_id: d.reportId,
              company_id: d.companyId,
              area_id: d.areaId,
              year: d.year,
              report_type: d.reportType,
              name: d.name,
              storage_key: d.storageKey,
              size: d.size,
              content_type: d.contentType,
              description: d.description,
              status: 'processing',
              problems: [],
              ecomon_responsible_id: d.ecomonResponsibleId,
              company_responsible_id: d.companyResponsibleId,
              created: event.createdAt,
              updated: event.createdAt,
              creator_id: event.metadata.userId,
              creator_username: event.metadata.username,
              version: event.streamVersion,
              idempotency_key: d.idempotencyKey ?? null,
              sha256: d.sha256 ?? null,
            },
          ],
        },
        historyRow(event, { company_id: d.companyId, report_id: d.reportId, event: 'added', import_files: [{ id: d.fileId, name: d.name }] }),
      ]
    },
    history: { code: 'added' },
    label: 'Файл добавлен',
    notice: null,
  },
  FileCheckPassed: {
    machine: { type: 'checkPassed' },
    evolve: same,
    rows: (event) => [{ table: 'import_files', update: event.data.fileId, set: { ...statusOf(event, 'success'), problems: event.data.warnings ?? [] } }],
    history: null,
    label: 'Файл прошёл проверку',
    notice: (event, about) => ({ kind: 'file_checked', title: checkResultTitle(countFindings(event.data.warnings)), body: `${about.subject}: файл «${about.fileName}» принят.` }),
  },
  FileCheckFailed: {
    machine: { type: 'checkFailed' },
    evolve: same,
    rows: (event) => [{ table: 'import_files', update: event.data.fileId, set: { ...statusOf(event, 'error'), problems: event.data.problems } }],
    history: null,
    label: 'Файл не прошёл проверку',
    notice: (event, about) => ({
      kind: 'file_failed',
      title: checkResultTitle(countFindings(event.data.problems)),
      body: `${about.subject}: файл «${about.fileName}» не принят, исправьте ошибки и загрузите его снова.`,
    }),
  },
  FileDeletionRequested: {
    // The guard was passed when the event was recorded; the fact stands whatever the report became later.
    machine: { type: 'requestDeletion', reportAgreed: false },
    evolve: same,
    reads: (event) => ({ file: event.data.fileId }),
    rows: (event, seen) => {
      const file = needSeen(seen, 'file', event, event.data.fileId)
      return [
        { table: 'import_files', update: event.data.fileId, set: statusOf(event, 'deletion') },
        historyRow(event, { company_id: file.company_id, report_id: file.report_id, event: 'deleted', import_files: [{ id: file.id, name: file.name }] }),
      ]
    },
    history: { code: 'deleted' },
    label: 'Файл удалён',
    notice: null,
  },
  FileDeleted: {
    machine: { type: 'deleted' },
    evolve: same,
    rows: (event) => [{ table: 'import_files', update: event.data.fileId, set: statusOf(event, 'deleted') }],
    history: null,
    label: 'Файл удалён из хранилища',
    notice: null,
  },
} satisfies EventTable<FileEvent, FileState, FileMachineEvent>

export const FILE_EVENT_TYPES = eventTypesOf<FileEvent, FileState, FileMachineEvent>(FILE_EVENTS)
