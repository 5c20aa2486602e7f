// The replay folds the log in memory (replay/replay-fold.ts) through the rows the live projection writes event by
// event. Every event type a stream can record must be folded: one it did not know once stopped `npm run replay` on any
// log with a resubmission (replay.test.ts shows that case row by row).
import { describe, expect, it } from 'vitest'
import type { StoredEvent } from '../../src/event-store/event-store.server.ts'
import { REFERENCE_EVENT_TYPES } from '../../src/admin/reference/reference-event-table.ts'
import { FILE_EVENT_TYPES } from '../../src/workflow/files/file-event-table.ts'
import { createReplayFold } from '../../src/workflow/replay/replay-fold.ts'
import { REPORT_EVENT_TYPES } from '../../src/workflow/reports/report-event-table.ts'
import { RESPONSIBLE_EVENT_TYPES } from '../../src/workflow/responsibles/responsible-event-table.ts'

const EVERY_TYPE = [...RESPONSIBLE_EVENT_TYPES, ...REPORT_EVENT_TYPES, ...FILE_EVENT_TYPES, ...REFERENCE_EVENT_TYPES]

let position = 0
function event(type: string, data: Record<string, unknown>): StoredEvent {
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
const DATA = {
  reportId: 1, fileId: 1, fileName: 'a.csv', round: 2, comment: 'Замечания', files: [], problems: [], warnings: [],
  scope: 'area', responsibleId: 1, areaId: 1, companyId: 1, year: 2026, reportType: 'program', name: 'a.csv',
  storageKey: 'k', size: 1, contentType: 'text/csv', description: 'a.csv', ecomonResponsibleId: 1, companyResponsibleId: null,
  fullname: 'Иванова Мария Петровна', position: 'Эколог', email: 'a@example.ru', phone: '+7 (3492) 00-00-00', labsName: null, labsContacts: null,
  kind: 'unit', id: 1, values: { name: 'мг/л' }, changes: [{ field: 'name', from: 'мг/л', to: 'мг/дм³' }],
}

describe('the replay folds every event type of the log', () => {
  it.each(EVERY_TYPE)('folds %s', (type) => {
    const projection = createReplayFold()
    projection.apply(event('ReportCreated', DATA))
    projection.apply(event('FileUploaded', DATA))
    expect(() => projection.apply(event(type, DATA))).not.toThrow()
  })
})
