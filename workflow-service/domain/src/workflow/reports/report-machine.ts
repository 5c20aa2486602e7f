// The report machine (XState v5), built from the status table's transitions (report-status-table.ts):
// consideration → agreed | rejected, agreed | rejected → consideration on cancel, and rejected → consideration when
// the holder uploads a corrected file (a new round).
import { setup } from 'xstate'
import { REPORT_STATUS_CODES, REPORT_STATUSES, type ReportStatus, type ReportVerb } from './report-status-table.ts'

export type ReportMachineEvent = { type: ReportVerb }

export const reportMachine = setup({
  types: { events: {} as ReportMachineEvent },
}).createMachine({
  id: 'report',
  // 'none' is a stream with no events yet: the only thing it accepts is being created.
  initial: 'none',
  states: {
    none: { on: { create: 'consideration' } },
    ...Object.fromEntries(REPORT_STATUS_CODES.map((status) => [status, { on: { ...REPORT_STATUSES[status].on } }])),
  },
})

export type ReportMachineState = 'none' | ReportStatus
