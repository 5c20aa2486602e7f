// Each status of a report, declared once as the stream's events are (report-event-table.ts): the word every page,
// export, receipt, refusal and the operator's as-of table show, the Department's queue tab, what dates it, the board's
// cell, the machine's transitions out of it (report-machine.ts is built from them, and the Department's decisions
// offered in a status are the ones among them) and the rules that read it (uploads, the Department's notices, the due
// date). `satisfies Record<ReportStatus, …>` makes a new status a compile error until its row is written here, and
// nothing else spells a status's words (decision 3903).
import type { ReportStatus } from '@portal/migrations/database.ts'
import type { CellState } from './board-cell-states.ts'

export type { ReportStatus }

/** The Department's decisions, each a verb of the machine. */
export type DecisionAction = 'agree' | 'decline' | 'cancel'
/** Every verb of the report machine: the holder's first file, the Department's decisions, the corrected file. */
export type ReportVerb = 'create' | DecisionAction | 'resubmit'

/** What the report's history records when a report enters a status (report_status_changes.event). */
type StatusChangeEvent = 'agreed' | 'rejected' | 'cancelled' | 'resubmitted'

export interface ReportStatusRow {
  /** The status in words (the spec quotes «На рассмотрении»; the others agree with «отчёт»). */
  label: string
  /** The Department's queue tab (spec §2: «На рассмотрении», «Согласованные», «Отклонённые»); `param` is its address's word. */
  queueTab: { param: string | undefined; path: string; title: string }
  /** The history events whose latest one dates the status; `orFirstFile`: with none, the report's first file still there. */
  since: { events: readonly StatusChangeEvent[]; orFirstFile: boolean }
  /** The board's cell for a report in this status; null: its files decide (`cellState`). */
  boardCell: CellState | null
  /** The machine's transitions out of this status: a verb and the status it leads to. */
  on: Partial<Record<Exclude<ReportVerb, 'create'>, ReportStatus>>
  /** Whether the holder may still upload (an agreed report is closed until its decision is cancelled). */
  uploadsOpen: boolean
  /** Whether the report is the holder's to act on, so its due date counts (a declined one is; one sent is not). */
  holderToAct: boolean
  /** Whether a file's check in a report of this status is told to the Department («Файл проверен»). */
  tellsDepartmentOfFiles: boolean
}

const STATUS_ROWS = {
  consideration: {
    label: 'На рассмотрении',
    queueTab: { param: undefined, path: '/department-reports', title: 'На рассмотрении' },
    since: { events: ['resubmitted', 'cancelled'], orFirstFile: true },
    boardCell: null,
    on: { agree: 'agreed', decline: 'rejected' },
    uploadsOpen: true,
    holderToAct: false,
    tellsDepartmentOfFiles: true,
  },
  agreed: {
    label: 'Согласован',
    queueTab: { param: 'agreed', path: '/department-reports/agreed', title: 'Согласованные' },
    since: { events: ['agreed'], orFirstFile: false },
    boardCell: 'agreed',
    on: { cancel: 'consideration' },
    uploadsOpen: false,
    holderToAct: false,
    tellsDepartmentOfFiles: false,
  },
  rejected: {
    label: 'Отклонён',
    queueTab: { param: 'rejected', path: '/department-reports/rejected', title: 'Отклонённые' },
    since: { events: ['rejected'], orFirstFile: false },
    boardCell: 'rejected',
    on: { cancel: 'consideration', resubmit: 'consideration' },
    uploadsOpen: true,
    holderToAct: true,
    tellsDepartmentOfFiles: false,
  },
} as const satisfies Record<ReportStatus, ReportStatusRow>

/** Read through the row's type, so a status missing here fails to compile here and nowhere else. */
export const REPORT_STATUSES: Readonly<Record<ReportStatus, ReportStatusRow>> = STATUS_ROWS

/** Every status, in the queue's order. */
export const REPORT_STATUS_CODES = Object.keys(REPORT_STATUSES) as ReportStatus[]

/** A status in words; a report not created yet is «не создан». */
export const reportStatusWords = (status: ReportStatus | 'none'): string => (status === 'none' ? 'не создан' : REPORT_STATUSES[status].label)

export interface ReportDecisionRow {
  /** The dialog's title. */
  title: string
  /** The action in a refusal («Нельзя согласовать отчёт: …»). */
  action: string
  button: string
  /** Agreeing is the main step, declining is red, taking a decision back is secondary. */
  tone: 'primary' | 'danger' | 'secondary'
  commentRequired: boolean
  /** Whether the decision may carry files (a cancellation carries none). */
  takesFiles: boolean
}

/** Each of the Department's decisions: what its dialog, button and refusal say. */
const DECISION_ROWS = {
  agree: { title: 'Согласовать отчёт', action: 'согласовать отчёт', button: 'Согласовать', tone: 'primary', commentRequired: false, takesFiles: true },
  decline: { title: 'Отклонить отчёт', action: 'отклонить отчёт', button: 'Отклонить', tone: 'danger', commentRequired: true, takesFiles: true },
  cancel: { title: 'Отменить решение', action: 'отменить решение', button: 'Отменить решение', tone: 'secondary', commentRequired: false, takesFiles: false },
} as const satisfies Record<DecisionAction, ReportDecisionRow>

export const REPORT_DECISIONS: Readonly<Record<DecisionAction, ReportDecisionRow>> = DECISION_ROWS

const isDecision = (verb: string): verb is DecisionAction => Object.hasOwn(REPORT_DECISIONS, verb)

/** A decision offered in a status: its verb, the status it leads to (what a page and the API send) and its words. */
export type OfferedDecision = ReportDecisionRow & { verb: DecisionAction; to: ReportStatus }

/** The decisions offered for a report in `status`: the machine's transitions out of it that are the Department's. */
export function decisionsFrom(status: ReportStatus): OfferedDecision[] {
  const on: Partial<Record<string, ReportStatus>> = REPORT_STATUSES[status].on
  return Object.entries(on).flatMap(([verb, to]) => (isDecision(verb) && to !== undefined ? [{ ...REPORT_DECISIONS[verb], verb, to }] : []))
}
