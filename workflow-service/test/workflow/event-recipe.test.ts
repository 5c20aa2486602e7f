// What a new command and its event cost: the command's type and its case in the stream's decide, the event in the
// stream's union and its entry in the stream's event table, nothing else. The TypeScript checker runs on the
// service's sources with a new command and event added in memory (support/files-that-fail.ts): without the case and
// the entry exactly the two files that lack them do not compile (the decide's switch must answer every command, the
// table must hold every event); with them every file does, because the live projection, the replay, the history, the
// audit, the exports and the notices all read the table. docs/architecture.md's command recipe counts these files.
import { describe, expect, it } from 'vitest'
import { type Edit, filesThatFail } from '../support/files-that-fail-of.ts'

const DECIDE = 'workflow-service/domain/src/workflow/reports/report-decide.ts'
const EVENTS = 'workflow-service/domain/src/workflow/reports/report-events.ts'
const TABLE = 'workflow-service/domain/src/workflow/reports/report-event-table.ts'

const NEW_COMMAND: Edit = {
  file: DECIDE,
  piece: "  | { type: 'ResubmitReport'; data: { fileId: number; fileName: string } }\n",
  by: "  | { type: 'ResubmitReport'; data: { fileId: number; fileName: string } }\n  | { type: 'CommentReport'; data: { comment: string } }\n",
}

const NEW_EVENT: Edit = {
  file: EVENTS,
  piece: 'export type ReportEvent = ReportCreated |',
  by: "export type ReportEvent = { type: 'ReportCommented'; data: { reportId: number; comment: string } } | ReportCreated |",
}

const ITS_CASE: Edit = {
  file: DECIDE,
  piece: "    case 'ResubmitReport':\n",
  by: "    case 'CommentReport':\n      return [{ type: 'ReportCommented', data: { reportId: state.reportId!, comment: command.data.comment } }]\n    case 'ResubmitReport':\n",
}

const ITS_ENTRY: Edit = {
  file: TABLE,
  piece: '} satisfies EventTable<ReportEvent,',
  by: "  ReportCommented: { machine: null, evolve: same, rows: () => [], history: null, label: 'Отчёт прокомментирован', notice: null },\n} satisfies EventTable<ReportEvent,",
}

describe('the files a new command and its event need', () => {
  it('without its case and its entry, the stream\'s decide and its event table fail to compile, and only they', async () => {
    expect(await filesThatFail([NEW_COMMAND, NEW_EVENT])).toEqual([TABLE, DECIDE].sort())
  }, 300_000)

  it('with them every file compiles: three files, the decide, the events and the event table, are all it takes', async () => {
    const edits = [NEW_COMMAND, NEW_EVENT, ITS_CASE, ITS_ENTRY]
    expect(await filesThatFail(edits)).toEqual([])
    expect(new Set(edits.map((e) => e.file)).size).toBe(3)
  }, 300_000)
})
