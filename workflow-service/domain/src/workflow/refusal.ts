// Why the workflow refuses a command: plain values of the domain. The edge maps each to an HTTP status and a Russian
// message in one place (`vocabulary/refusal-answers.ts`); nothing here knows about HTTP.
import type { ReportStatus, ReportType } from '@portal/migrations/database.ts'
import type { DecisionAction } from './reports/report-status-table.ts'

export type { DecisionAction }
export type ResponsibleField = 'fullname' | 'position' | 'email' | 'phone' | 'labs_name' | 'labs_contacts'

/** What is wrong with one field of a reference entry, named by its form's label. */
export interface ReferenceFieldProblem {
  field: string
  label: string
  problem: 'required' | 'too-long' | 'number' | 'choice' | 'pattern' | 'not-found' | 'below' | 'date' | 'year' | 'before-year' | 'unit-family' | 'not-convertible'
  max?: number
  hint?: string
}

export type Refusal =
  // Reports
  | { reason: 'report-not-found'; parameter?: 'report' }
  | { reason: 'report-status'; action: DecisionAction; status: 'none' | ReportStatus }
  | { reason: 'files-being-checked' }
  | { reason: 'no-file'; action?: 'agree' | 'decline' }
  | { reason: 'files-failed' }
  | { reason: 'decline-without-comment' }
  | { reason: 'comment-too-long'; max: number }
  | { reason: 'report-target-missing' }
  | { reason: 'target-not-found'; parameter: 'area' | 'company' }
  | { reason: 'area-of-other-company' }
  | { reason: 'report-type-not-for-target'; reportType: ReportType; target: 'area' | 'company' | 'company-with-areas' }
  | { reason: 'year-out-of-range'; first: number; last: number }
  | { reason: 'report-agreed-upload' }
  /** The decider belongs to the report's company too (an account in both the Department and a holder group). */
  | { reason: 'own-company-report' }
  // Files
  | { reason: 'no-responsible'; parameter: 'ecomon_responsible' | 'company_responsible' }
  | { reason: 'file-exists' }
  /** The same bytes are already a file of this report (any round): `name` and `uploadedAt` (ISO) of that file. */
  | { reason: 'duplicate-file'; name: string; uploadedAt: string }
  | { reason: 'file-not-found' }
  | { reason: 'file-being-deleted' }
  | { reason: 'file-processing' }
  | { reason: 'file-of-agreed-report' }
  /** A check before sending past its budget (config `precheckBudget`): `limit` is its rows, bytes or seconds. */
  | { reason: 'precheck-over-budget'; bound: 'rows' | 'bytes' | 'time'; limit: number; size?: number }
  // Responsible persons
  | { reason: 'responsible-exists' }
  | { reason: 'responsible-not-found' }
  | { reason: 'responsible-field'; field: ResponsibleField; problem: 'required' | 'email' | 'phone' | 'too-long'; max?: number }
  | { reason: 'responsible-target-changed'; parameter: 'area' | 'company' }
  | { reason: 'responsible-year-changed' }
  // Reads
  | { reason: 'company-not-found' }
  | { reason: 'area-not-found' }
  | { reason: 'stored-file-missing'; label: string }
  | { reason: 'target-missing-for-archive' }
  // The catalogue
  | { reason: 'record-not-found'; title: string; id: number }
  /** A SensorThings path that names no entity set, entity or property. */
  | { reason: 'sta-path-not-found'; detail: string }
  | { reason: 'point-not-found' }
  | { reason: 'point-deletion-refused'; why: string }
  | { reason: 'template-not-found' }
  | { reason: 'template-target-not-found'; parameter: 'area' | 'company' }
  // Reference data (administrators)
  | ({ reason: 'reference-field' } & ReferenceFieldProblem)
  /** More than one field of a form is wrong: each is named, in the form's order. */
  | { reason: 'reference-fields'; problems: ReferenceFieldProblem[] }
  | { reason: 'reference-duplicate'; field: string; label: string }
  | { reason: 'reference-not-found' }
  /** Deleting an entry that readings or other records use: it is to be retired instead. */
  | { reason: 'reference-in-use'; name: string }
  /** Moving a substance whose readings are public or staged in its old unit into a unit they do not convert to (decisions 3411, 3416). */
  | { reason: 'reference-unit-in-use'; name: string; unit: string; to: string; readings: number; staged: number; convertsTo: readonly string[] }
  /** A unit change whose conversion would leave a reading no finite, plausible number (decision 3416): the value named. */
  | { reason: 'reference-unit-not-convertible'; name: string; value: number; label: string; from: string; to: string; max: number | null }
  /** Renaming a substance whose readings are public or staged under its name (decision 3413). */
  | { reason: 'reference-name-in-use'; name: string; readings: number; staged: number }
  // Accounts (administrators)
  | { reason: 'user-not-found' }
  | { reason: 'username-taken'; username: string }
  /** The change would leave the portal without an active administrator. */
  | { reason: 'last-administrator'; parameter: 'groups' | 'is_active' }
  // Anyone
  /** An input that breaks its use-case's schema: the first wrong field and why. */
  | { reason: 'invalid-input'; parameter: string; detail: string }
  /** More than one field of a form breaks its rules: each is named with why, in the form's order (issue 36). */
  | { reason: 'invalid-fields'; problems: Array<{ parameter: string; detail: string }> }
  | { reason: 'login-required' }
  | { reason: 'receipt-not-found' }
  | { reason: 'forbidden' }
  | { reason: 'lost-race' }

/** A command's decision: the events it records, or why it is refused. */
export type Decision<E> = E[] | Refusal

export const isRefusal = <E>(decision: Decision<E> | Refusal | unknown): decision is Refusal =>
  typeof decision === 'object' && decision !== null && !Array.isArray(decision) && typeof (decision as Refusal).reason === 'string'

/**
 * A refusal returned as a value: the failing side of every use-case's outcome (`use-cases/use-case.ts`), so
 * `return refused({ reason: … })` ends a use-case the way its doors expect, without an exception in between.
 */
export class Refused {
  readonly ok = false
  constructor(readonly refusal: Refusal) {}
}

/** Refuses by returning: `return refused({ reason: 'forbidden' })`. */
export const refused = (refusal: Refusal): Refused => new Refused(refusal)

/**
 * The value of a command run where no one is there to answer a refusal (the demo data, benchmarks, tests' fixtures):
 * a refusal there is a bug in the caller, so it fails loudly as an error, not as a refusal to answer.
 */
export function accepted<T>(value: T | Refused): T {
  if (value instanceof Refused) throw new Error(`refused: ${value.refusal.reason}`)
  return value
}

/** Thrown by a command to roll its transaction back; carries the refusal to the edge, which answers it. */
export class CommandRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`refused: ${refusal.reason}`)
  }
}

/** Refuses at once by throwing: left for the commands' inner checks; a use-case returns `refused(…)` instead. */
export function refuse(refusal: Refusal): never {
  throw new CommandRefused(refusal)
}
