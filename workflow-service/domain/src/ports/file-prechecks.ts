// The check of a file before it is sent («Проверить без отправки»), as the web side sees it: the workers' side parses
// the file in its limited child process, exactly as an upload's check, and marks the holder's own workbook.
import type { Kysely } from 'kysely'
import type { Database, FileProblem, ReportType } from '@portal/migrations/database.ts'
import type { ChangesSummary } from '../changes/round-changes.ts'

/** The bounds of a check before sending: rows read, bytes of the file, seconds the check may take. */
export interface PrecheckBudget {
  maxRows: number
  maxBytes: number
  seconds: number
}

export interface PrecheckRequest {
  /** The stored bytes, read and never registered. */
  path: string
  name: string
  reportType: ReportType
  /** The section the file would be sent to. */
  scope: { year: number; areaId: number | null; companyId: number }
  /** The section's report when it exists: its standing files count for duplicates. */
  reportId: number | null
  /** The round the file would start or join: its readings are compared with the declined round before it (decision 3714). */
  roundBefore: number
  /** What the check may take on: rows read, and a signal aborted when its time is up (config `precheckBudget`). */
  budget: { maxRows: number; deadline: AbortSignal }
}

/** The check went past its budget: the file has more rows than `budget.maxRows`, or its time ran out. */
export interface OverBudget {
  overBudget: 'rows' | 'time'
}

export interface PrecheckFindings {
  ok: boolean
  /** Data rows read (none for a document). */
  rows: number
  /** Errors, then warnings (level 'warning'), as an upload's check records them. */
  findings: FileProblem[]
  /** Observation results: the good rows against the declined round and last year (decision 3714). */
  changes?: ChangesSummary
}

/** The holder's workbook with its faulty cells marked, or the reason it cannot be written (the file's fault). */
export type MarkedWorkbook = { ok: true; bytes: Uint8Array } | { ok: false; reason: string }

export interface FilePrechecks {
  /** The full check of an upload (errors, warnings, conversions, duplicates against what is filed), recording nothing. */
  check(db: Kysely<Database>, request: PrecheckRequest): Promise<PrecheckFindings | OverBudget>
  /** The file as XLSX (a CSV's rows too), each faulty cell filled and commented, with a sheet listing the findings. */
  marked(request: PrecheckRequest, findings: readonly FileProblem[]): Promise<MarkedWorkbook | OverBudget>
}
