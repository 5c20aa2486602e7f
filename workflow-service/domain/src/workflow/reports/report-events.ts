// The events of a report stream (past tense), the facts the report machine folds into its state.
import type { ReportType } from '@portal/migrations/database.ts'

/** A file the Department attached to its decision, stored under its id (a uuid). */
export interface DecisionFile {
  id: string
  name: string
  size: number
  /** The SHA-256 of the bytes received (hex); absent on decisions recorded before it. */
  sha256?: string
  contentType: string
}

export interface ReportCreated {
  type: 'ReportCreated'
  data: { reportId: number; reportType: ReportType; year: number; areaId: number | null; companyId: number }
}

export interface ReportAgreed {
  type: 'ReportAgreed'
  data: { reportId: number; comment: string; files: DecisionFile[] }
}

export interface ReportRejected {
  type: 'ReportRejected'
  data: { reportId: number; comment: string; files: DecisionFile[] }
}

/** The Department took its decision back: the report is under consideration again. */
export interface ReportDecisionCancelled {
  type: 'ReportDecisionCancelled'
  data: { reportId: number; previousStatus: 'agreed' | 'rejected'; comment: string; files: DecisionFile[] }
}

/** The holder uploaded a corrected file to a declined report: it is under consideration again, in a new round. */
export interface ReportResubmitted {
  type: 'ReportResubmitted'
  data: { reportId: number; fileId: number; fileName: string; round: number }
}

/** Who wrote a message of a report's conversation: the Department, or the company's users (the holder). */
export type MessageSide = 'department' | 'holder'

/**
 * A message of the conversation on a report (decision 3711), with the files it carries (stored as a decision's are).
 * `key` is the key its post was sent with: the same post again records nothing.
 */
export interface ReportMessagePosted {
  type: 'ReportMessagePosted'
  data: { reportId: number; side: MessageSide; text: string; files: DecisionFile[]; key: string | null }
}

export type ReportEvent = ReportCreated | ReportAgreed | ReportRejected | ReportDecisionCancelled | ReportResubmitted | ReportMessagePosted

/** Reports are one per area (or company), year and type, so the stream id is derived from them. */
export function reportStreamId(target: { areaId: number | null; companyId: number }, year: number, reportType: ReportType): string {
  return target.areaId !== null
    ? `report-area-${target.areaId}-${year}-${reportType}`
    : `report-company-${target.companyId}-${year}-${reportType}`
}
