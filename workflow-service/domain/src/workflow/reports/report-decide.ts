// The report stream's pure evolve and decide: the state is the fold of its events through the report machine, and
// every rule that decides an outcome (which decision, on which files, for which target and year) is here.
import type { FileStatus, ReportType } from '@portal/migrations/database.ts'
import type { Decider } from '../decider.ts'
import { entryOf } from '../event-table.ts'
import { machineSteps } from '../machine-steps.ts'
import { type ContentKind, uploadContentRefusal } from '../files/file-content.ts'
import type { Decision, DecisionAction, Refusal } from '../refusal.ts'
import type { DecisionFile, MessageSide, ReportEvent } from './report-events.ts'
import { REPORT_EVENTS } from './report-event-table.ts'
import { REPORT_STATUSES } from './report-status-table.ts'
import { reportMachine, type ReportMachineEvent, type ReportMachineState } from './report-machine.ts'
import type { ReportState } from './report-state.ts'
import { allowedFor, FIRST_REPORT_YEAR, type ReportTargetKind } from './report-types.ts'

const steps = machineSteps(reportMachine)

export function initialReportState(): ReportState {
  const snapshot = steps.initial
  return { snapshot, status: snapshot.value as ReportMachineState, reportId: null, round: 1, messageKeys: [], version: 0 }
}

/** The machine takes the event's machine event; the event's own entry says what else it changes (the round). */
export function evolveReport(state: ReportState, event: ReportEvent): ReportState {
  const entry = entryOf<ReportEvent, ReportState, ReportMachineEvent>(REPORT_EVENTS, event.type)
  const snapshot = entry.machine ? steps.step(state.snapshot, entry.machine) : state.snapshot
  const moved = { ...state, snapshot, status: snapshot.value as ReportMachineState, reportId: state.reportId ?? event.data.reportId, version: state.version + 1 }
  return entry.evolve(moved, event)
}

export function foldReport(events: readonly ReportEvent[]): ReportState {
  return events.reduce(evolveReport, initialReportState())
}

type DecisionData = { comment: string; files: DecisionFile[] }

export type ReportCommand =
  | { type: 'CreateReport'; data: { reportId: number; reportType: ReportType; year: number; areaId: number | null; companyId: number } }
  | { type: 'AgreeReport'; data: DecisionData }
  | { type: 'DeclineReport'; data: DecisionData }
  | { type: 'CancelReportDecision'; data: DecisionData }
  /** A file was uploaded to the report: a declined report goes back to consideration. */
  | { type: 'ResubmitReport'; data: { fileId: number; fileName: string } }
  /** A message of the report's conversation, from the Department or the company's users (decision 3711). */
  | { type: 'PostMessage'; data: { side: MessageSide; text: string; files: DecisionFile[]; key: string | null } }

/** What the rules need besides the stream, read in the command's transaction. */
export interface ReportFacts {
  /** The statuses of the report's files that are not being deleted or deleted. */
  files: readonly FileStatus[]
  /** Whether the report's company has licence areas (company-level reports depend on it). */
  companyHasLicenceAreas: boolean
  /** The current year (the last year a report can be for is the next one). */
  currentYear: number
  /** Of a decision: what its files' stored bytes are (their first bytes), in the order of the command's files. */
  attachments?: readonly ContentKind[]
  /** Of a decision: the decider is a user of the report's company (an account in the Department and a holder group). */
  deciderOfOwnCompany?: boolean
}

export const COMMENT_MAX = 5000
/** The longest message of a report's conversation, in characters (a letter's worth, as a decision's comment). */
export const MESSAGE_MAX = 5000
/** The most files one message carries. */
export const MESSAGE_FILES_MAX = 10

/** A decision's or a message's files, judged by their stored bytes as uploads are: a program or a disguised file is refused. */
function attachmentsRefusal(files: readonly DecisionFile[], kinds: readonly ContentKind[] | undefined): Refusal | null {
  const wrong = files.map((file, i) => (kinds?.[i] === undefined ? null : uploadContentRefusal(file.name, kinds[i]))).find((r) => r !== null)
  return wrong ? { reason: 'invalid-input', parameter: 'files', detail: wrong } : null
}

const ACTION_OF = { AgreeReport: 'agree', DeclineReport: 'decline', CancelReportDecision: 'cancel' } as const

function decideOnFiles(files: readonly FileStatus[]): Refusal | null {
  if (files.length === 0) return { reason: 'no-file' }
  if (files.includes('processing')) return { reason: 'files-being-checked' }
  if (!files.includes('success')) return { reason: 'files-failed' }
  return null
}

/** The events a command produces, or a refusal; creating an existing report produces nothing (it already exists). */
export function decideReport(state: ReportState, command: ReportCommand, facts: ReportFacts): Decision<ReportEvent> {
  const can = (type: ReportMachineEvent['type']) => state.snapshot.can({ type })
  switch (command.type) {
    case 'CreateReport': {
      if (!can('create')) return []
      const { areaId, reportType, year } = command.data
      const target: ReportTargetKind = areaId !== null ? 'area' : facts.companyHasLicenceAreas ? 'company-with-areas' : 'company'
      if (!allowedFor(reportType, target)) return { reason: 'report-type-not-for-target', reportType, target }
      if (year < FIRST_REPORT_YEAR || year > facts.currentYear + 1) return { reason: 'year-out-of-range', first: FIRST_REPORT_YEAR, last: facts.currentYear + 1 }
      return [{ type: 'ReportCreated', data: command.data }]
    }
    case 'AgreeReport':
    case 'DeclineReport':
    case 'CancelReportDecision': {
      const action: DecisionAction = ACTION_OF[command.type]
      // Nobody decides on their own company's report, whatever their other groups (issue 22 item 12).
      if (facts.deciderOfOwnCompany) return { reason: 'own-company-report' }
      if (!can(action)) return { reason: 'report-status', action, status: state.status }
      const comment = command.data.comment.trim()
      if (comment.length > COMMENT_MAX) return { reason: 'comment-too-long', max: COMMENT_MAX }
      const wrongContent = attachmentsRefusal(command.data.files, facts.attachments)
      if (wrongContent) return wrongContent
      const data = { reportId: state.reportId!, comment, files: command.data.files }
      if (command.type === 'AgreeReport') {
        const refusal = decideOnFiles(facts.files)
        return refusal ?? [{ type: 'ReportAgreed', data }]
      }
      if (command.type === 'DeclineReport') {
        // Nothing sent is nothing to decline: the report waits for its files (a failed file may be declined).
        if (facts.files.length === 0) return { reason: 'no-file', action: 'decline' }
        if (!comment) return { reason: 'decline-without-comment' }
        return [{ type: 'ReportRejected', data }]
      }
      return [{ type: 'ReportDecisionCancelled', data: { ...data, previousStatus: state.status as 'agreed' | 'rejected' } }]
    }
    case 'ResubmitReport':
      if (state.status === 'none') return { reason: 'report-not-found', parameter: 'report' }
      if (!REPORT_STATUSES[state.status].uploadsOpen) return { reason: 'report-agreed-upload' }
      if (!can('resubmit')) return []
      return [{ type: 'ReportResubmitted', data: { reportId: state.reportId!, ...command.data, round: state.round + 1 } }]
    case 'PostMessage': {
      // A report is never closed: a question may come after an agreement too (the published data), so every status
      // takes messages; only a report that does not exist takes none (decision 3712).
      if (state.status === 'none') return { reason: 'report-not-found' }
      const { side, key, files } = command.data
      // The same post again (a reload, a retry after a lost answer) records nothing: the first one stands.
      if (key !== null && state.messageKeys.includes(key)) return []
      const text = command.data.text.trim()
      if (!text) return { reason: 'invalid-input', parameter: 'text', detail: 'text: введите текст сообщения' }
      if (text.length > MESSAGE_MAX) return { reason: 'invalid-input', parameter: 'text', detail: `text: не более ${MESSAGE_MAX} символов` }
      if (files.length > MESSAGE_FILES_MAX) return { reason: 'invalid-input', parameter: 'files', detail: `files: не более ${MESSAGE_FILES_MAX} файлов` }
      const wrongContent = attachmentsRefusal(files, facts.attachments)
      if (wrongContent) return wrongContent
      return [{ type: 'ReportMessagePosted', data: { reportId: state.reportId!, side, text, files, key } }]
    }
  }
}

/**
 * Whether the machine resubmits a report in this status (a declined one only). An upload asks the report's decider to
 * resubmit only then: in any other status the decider records nothing, and asking it costs four round trips.
 */
export function resubmitsFrom(status: ReportMachineState): boolean {
  return reportMachine.resolveState({ value: status, context: undefined as never }).can({ type: 'resubmit' })
}

export const reportDecider: Decider<ReportState, ReportCommand, ReportEvent, ReportFacts> = {
  table: REPORT_EVENTS,
  initialState: initialReportState,
  evolve: evolveReport,
  decide: decideReport,
}
