// Events of every type a workflow stream can record, with data carrying every field any of them reads: for the tests
// of the replay's fold (replay-fold.test.ts) and of the columns it writes (replay.test.ts).
import type { StoredEvent } from '../../domain/src/event-store/event-store.server.ts'
import { REFERENCE_EVENT_TYPES } from '../../domain/src/admin/reference/reference-event-table.ts'
import { FILE_EVENT_TYPES } from '../../domain/src/workflow/files/file-event-table.ts'
import { REPORT_EVENT_TYPES } from '../../domain/src/workflow/reports/report-event-table.ts'
import { RESPONSIBLE_EVENT_TYPES } from '../../domain/src/workflow/responsibles/responsible-event-table.ts'
import { PUBLICATION_EVENT_TYPES } from '../../domain/src/workflow/publication/publication-event-table.ts'
import { BASELINE_EVENT_TYPES } from '../../domain/src/workflow/publication/baseline-event-table.ts'

export const EVERY_TYPE = [...RESPONSIBLE_EVENT_TYPES, ...REPORT_EVENT_TYPES, ...FILE_EVENT_TYPES, ...PUBLICATION_EVENT_TYPES, ...BASELINE_EVENT_TYPES, ...REFERENCE_EVENT_TYPES]

let position = 0
export function storedEvent(type: string, data: Record<string, unknown>): StoredEvent {
  position += 1
  return {
    position,
    streamId: `test-${position}`,
    streamVersion: 1,
    type,
    data,
    metadata: { userId: 1, username: 'department' } as StoredEvent['metadata'],
    createdAt: new Date(),
    prevHash: '',
    hash: '',
  }
}

/** Data with every field any event type of the workflow carries, for the report 1 and its file 1. */
export const EVENT_DATA = {
  reportId: 1, fileId: 1, fileName: 'a.csv', round: 2, comment: 'Замечания', files: [], problems: [], warnings: [],
  scope: 'area', responsibleId: 1, areaId: 1, companyId: 1, year: 2026, reportType: 'program', name: 'a.csv',
  storageKey: 'k', size: 1, contentType: 'text/csv', description: 'a.csv', ecomonResponsibleId: 1, companyResponsibleId: null,
  fullname: 'Иванова Мария Петровна', position: 'Эколог', email: 'a@example.ru', phone: '+7 (3492) 00-00-00', labsName: null, labsContacts: null,
  kind: 'unit', id: 1, values: { name: 'мг/л' }, changes: [{ field: 'name', from: 'мг/л', to: 'мг/дм³' }],
  staged: 15, reason: 'значение вне допустимого диапазона', seeded: [], reference: [],
}
