// What a new status and the command that leads to it cost: the status in the database's type, its row (and its
// decision's) in the stream's status table, the command and its case in decide, the event and its entry in the event
// table — five files. The TypeScript checker runs on the service's sources with a «returned for rework» status added in
// memory (support/files-that-fail.ts): without the rows, the case and the entry exactly the three files that lack them
// fail; with them every file compiles, because the machine, the decisions offered, the queue's tabs and counts, the
// board, the exports, the refusals and the notices all read the table (decision 3903). docs/architecture.md's recipe
// counts these files; the database's CHECK on import_reports.status takes a migration besides.
import { describe, expect, it } from 'vitest'
import { type Edit, filesThatFail } from '../support/files-that-fail-of.ts'

const DATABASE = 'migrations/src/database.ts'
const STATUSES = 'workflow-service/domain/src/workflow/reports/report-status-table.ts'
const DECIDE = 'workflow-service/domain/src/workflow/reports/report-decide.ts'
const EVENTS = 'workflow-service/domain/src/workflow/reports/report-events.ts'
const TABLE = 'workflow-service/domain/src/workflow/reports/report-event-table.ts'

const NEW_STATUS: Edit = {
  file: DATABASE,
  piece: "export type ReportStatus = 'consideration' | 'agreed' | 'rejected'",
  by: "export type ReportStatus = 'consideration' | 'agreed' | 'rejected' | 'returned'",
}
const NEW_VERB: Edit = {
  file: STATUSES,
  piece: "export type DecisionAction = 'agree' | 'decline' | 'cancel'",
  by: "export type DecisionAction = 'agree' | 'decline' | 'cancel' | 'return'",
}
const NEW_COMMAND: Edit = {
  file: DECIDE,
  piece: "  | { type: 'CancelReportDecision'; data: DecisionData }\n",
  by: "  | { type: 'CancelReportDecision'; data: DecisionData }\n  | { type: 'ReturnReport'; data: DecisionData }\n",
}
const NEW_EVENT: Edit = {
  file: EVENTS,
  piece: 'export type ReportEvent = ReportCreated |',
  by: "export type ReportEvent = { type: 'ReportReturned'; data: { reportId: number; comment: string } } | ReportCreated |",
}

const ITS_ROW: Edit = {
  file: STATUSES,
  piece: '} as const satisfies Record<ReportStatus, ReportStatusRow>',
  by: `  returned: {
    label: 'Возвращён на доработку',
    queueTab: { param: 'returned', path: '/department-reports/returned', title: 'Возвращённые' },
    since: { events: ['rejected'], orFirstFile: false },
    boardCell: 'rejected',
    on: { cancel: 'consideration', resubmit: 'consideration' },
    uploadsOpen: true,
    holderToAct: true,
    tellsDepartmentOfFiles: false,
  },
} as const satisfies Record<ReportStatus, ReportStatusRow>`,
}
const ITS_TRANSITION: Edit = { file: STATUSES, piece: "on: { agree: 'agreed', decline: 'rejected' },", by: "on: { agree: 'agreed', decline: 'rejected', return: 'returned' }," }
const ITS_DECISION: Edit = {
  file: STATUSES,
  piece: '} as const satisfies Record<DecisionAction, ReportDecisionRow>',
  by: "  return: { title: 'Вернуть на доработку', action: 'вернуть отчёт на доработку', button: 'Вернуть', tone: 'secondary', commentRequired: true, takesFiles: true },\n} as const satisfies Record<DecisionAction, ReportDecisionRow>",
}
const ITS_CASE: Edit = {
  file: DECIDE,
  piece: "    case 'ResubmitReport':\n",
  by: "    case 'ReturnReport':\n      if (!can('return')) return { reason: 'report-status', action: 'return', status: state.status }\n      return [{ type: 'ReportReturned', data: { reportId: state.reportId!, comment: command.data.comment } }]\n    case 'ResubmitReport':\n",
}
const ITS_ENTRY: Edit = {
  file: TABLE,
  piece: '} satisfies EventTable<ReportEvent,',
  by: "  ReportReturned: { machine: { type: 'return' }, evolve: same, rows: () => [], history: null, label: 'Отчёт возвращён на доработку', notice: null },\n} satisfies EventTable<ReportEvent,",
}

describe('the files a new status and its command need', () => {
  it("without its rows, its case and its entry, the status table, the stream's decide and its event table fail to compile, and only they", async () => {
    expect(await filesThatFail([NEW_STATUS, NEW_VERB, NEW_COMMAND, NEW_EVENT])).toEqual([DECIDE, TABLE, STATUSES].sort())
  }, 300_000)

  it('with them every file compiles: five files are all it takes', async () => {
    const edits = [NEW_STATUS, NEW_VERB, NEW_COMMAND, NEW_EVENT, ITS_ROW, ITS_TRANSITION, ITS_DECISION, ITS_CASE, ITS_ENTRY]
    expect(await filesThatFail(edits)).toEqual([])
    expect(new Set(edits.map((e) => e.file)).size).toBe(5)
  }, 300_000)
})
