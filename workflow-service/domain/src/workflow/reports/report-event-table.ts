// The report stream's events, each declared once: its machine event, what it changes in the stream's state, its
// read-model rows (import_reports, report_status_changes, decision_files, report_history), its label and its notice.
import type { LoggedEvent } from '../../event-store/event-store.server.ts'
import { type EventEntry, type EventTable, eventTypesOf, needSeen, type ReadModelRow, type RowChange, same, type Stored } from '../event-table.ts'
import { historyRow } from '../history/history-rows.ts'
import type { DecisionFile, ReportAgreed, ReportDecisionCancelled, ReportEvent, ReportMessagePosted, ReportRejected } from './report-events.ts'
import type { ReportMachineEvent } from './report-machine.ts'
import type { ReportState } from './report-state.ts'

type StatusChange = ReadModelRow<'report_status_changes'>

/** The report's new status and the status change the event records, and the decision's files. */
function decisionRows(
  event: Stored<ReportAgreed | ReportRejected | ReportDecisionCancelled>,
  status: ReadModelRow<'import_reports'>['status'],
  change: StatusChange['event'],
): RowChange[] {
  const d = event.data
  const rows: RowChange[] = [
    { table: 'import_reports', update: d.reportId, set: { status, updated: event.createdAt, version: event.streamVersion } },
    statusChangeRow(event, d.reportId, change, d.comment),
  ]
  if (d.files.length > 0) {
    rows.push({
      table: 'decision_files',
      insert: d.files.map((f: DecisionFile) => ({ id: f.id, report_id: d.reportId, status_change_id: event.position, name: f.name, size: f.size, content_type: f.contentType })),
    })
  }
  return rows
}

function statusChangeRow(event: LoggedEvent, reportId: number, change: StatusChange['event'], comment: string): RowChange {
  return {
    table: 'report_status_changes',
    insert: [{ id: event.position, report_id: reportId, event: change, comment, created: event.createdAt, creator_id: event.metadata.userId, creator_username: event.metadata.username }],
  }
}

/** A decision's history entry names the files it was taken on: those of the report not on their way out. */
const decisionReads = (event: Stored<ReportAgreed | ReportRejected>) => ({ report: event.data.reportId, liveFilesOfReport: event.data.reportId })

const withComment = (comment: string) => (comment.trim() ? ` Комментарий: ${comment.trim()}` : '')

/**
 * An agreement or a declining: the report's new status, the status change with the decision's files, a history entry
 * naming the files it was taken on, and a notice to the holder, each in the decision's own words.
 */
function decisionEntry<E extends ReportAgreed | ReportRejected>(
  outcome: 'agreed' | 'rejected',
  machine: ReportMachineEvent,
  label: string,
  participle: string,
): EventEntry<E, ReportState, ReportMachineEvent> {
  return {
    machine,
    evolve: same,
    reads: decisionReads,
    rows: (event, seen) => [
      ...decisionRows(event, outcome, outcome),
      historyRow(event, {
        company_id: needSeen(seen, 'report', event, event.data.reportId).company_id,
        report_id: event.data.reportId,
        event: outcome,
        import_files: needSeen(seen, 'liveFilesOfReport', event, event.data.reportId),
      }),
    ],
    history: { code: outcome },
    label,
    notice: (event, about) => ({ kind: `report_${outcome}`, title: label, body: `${about.subject}: отчёт ${participle} Департаментом.${withComment(event.data.comment)}` }),
  }
}

/** How much of a message a notice in the portal quotes. */
const QUOTED = 200

const quoted = (text: string) => (text.length > QUOTED ? `${text.slice(0, QUOTED - 1)}…` : text)

/**
 * A message of the conversation (decision 3711): its row, a history entry (naming no files: a message's files are its
 * own, not the report's), and a notice to the company's users when the Department wrote it. The Department is told of
 * a holder's message by its own grouped notices (notify-department.server.ts).
 */
const messagePosted: EventEntry<ReportMessagePosted, ReportState, ReportMachineEvent> = {
  machine: null,
  evolve: (state, event) => (event.data.key === null ? state : { ...state, messageKeys: [...state.messageKeys, event.data.key] }),
  reads: (event) => ({ report: event.data.reportId }),
  rows: (event, seen) => {
    const companyId = needSeen(seen, 'report', event, event.data.reportId).company_id
    return [
      {
        table: 'report_messages',
        insert: [
          {
            id: event.position,
            report_id: event.data.reportId,
            company_id: companyId,
            side: event.data.side,
            text: event.data.text,
            files: event.data.files,
            key: event.data.key,
            created: event.createdAt,
            creator_id: event.metadata.userId,
            creator_username: event.metadata.username,
          },
        ],
      },
      historyRow(event, { company_id: companyId, report_id: event.data.reportId, event: 'message', import_files: [] }),
    ]
  },
  history: { code: 'message' },
  label: 'Сообщение по отчёту',
  notice: (event, about) =>
    event.data.side === 'department'
      ? { kind: 'report_message', title: 'Новое сообщение Департамента', body: `${about.subject}: ${quoted(event.data.text)}`, page: 'conversation' }
      : null,
}

export const REPORT_EVENTS = {
  ReportCreated: {
    machine: { type: 'create' },
    evolve: same,
    rows: (event) => [
      {
        table: 'import_reports',
        insert: [
          {
            id: event.data.reportId,
            stream_id: event.streamId,
            report_type: event.data.reportType,
            status: 'consideration',
            round: 1,
            year: event.data.year,
            area_id: event.data.areaId,
            company_id: event.data.companyId,
            created: event.createdAt,
            updated: event.createdAt,
            version: event.streamVersion,
          },
        ],
      },
    ],
    history: null,
    label: 'Отчёт создан',
    notice: null,
  },
  ReportAgreed: decisionEntry<ReportAgreed>('agreed', { type: 'agree' }, 'Отчёт согласован', 'согласован'),
  ReportRejected: decisionEntry<ReportRejected>('rejected', { type: 'decline' }, 'Отчёт отклонён', 'отклонён'),
  ReportDecisionCancelled: {
    machine: { type: 'cancel' },
    evolve: same,
    // The company's history lists the cancellation between the decision it undid and the next one (issue 33), naming
    // no files: it is about the decision, not the files.
    reads: (event) => ({ report: event.data.reportId }),
    rows: (event, seen) => [
      ...decisionRows(event, 'consideration', 'cancelled'),
      historyRow(event, { company_id: needSeen(seen, 'report', event, event.data.reportId).company_id, report_id: event.data.reportId, event: 'cancelled', import_files: [] }),
    ],
    history: { code: 'cancelled' },
    label: 'Решение отменено',
    notice: (event, about) => ({
      kind: 'report_cancelled',
      title: 'Решение по отчёту отменено',
      body: `${about.subject}: Департамент отменил решение, отчёт снова на рассмотрении.${withComment(event.data.comment)}`,
    }),
  },
  ReportResubmitted: {
    machine: { type: 'resubmit' },
    evolve: (state, event) => ({ ...state, round: event.data.round }),
    reads: (event) => ({ report: event.data.reportId }),
    rows: (event, seen) => [
      { table: 'import_reports', update: event.data.reportId, set: { status: 'consideration', round: event.data.round, updated: event.createdAt, version: event.streamVersion } },
      statusChangeRow(event, event.data.reportId, 'resubmitted', ''),
      historyRow(event, {
        company_id: needSeen(seen, 'report', event, event.data.reportId).company_id,
        report_id: event.data.reportId,
        event: 'resubmitted',
        import_files: [{ id: event.data.fileId, name: event.data.fileName }],
      }),
    ],
    history: { code: 'resubmitted' },
    label: 'Отчёт отправлен повторно',
    notice: null,
  },
  ReportMessagePosted: messagePosted,
} satisfies EventTable<ReportEvent, ReportState, ReportMachineEvent>

export const REPORT_EVENT_TYPES = eventTypesOf<ReportEvent, ReportState, ReportMachineEvent>(REPORT_EVENTS)
