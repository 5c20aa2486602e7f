// The events of the report workflow's history and audit, under the codes the read models keep, and their one Russian
// label each (shared by the API, the exports and the pages). Both come from the event tables' `history` and `label`.
import { FILE_EVENTS } from '../files/file-event-table.ts'
import { REPORT_EVENTS } from '../reports/report-event-table.ts'
import type { AuditEvent } from './audit-event.ts'

const shown = (table: Record<string, { history: { code: AuditEvent } | null; label: string }>) =>
  Object.values(table).flatMap((entry) => (entry.history ? [{ code: entry.history.code, label: entry.label }] : []))

const HISTORY = [...shown(FILE_EVENTS), ...shown(REPORT_EVENTS)]

/** In the order of the tables: the files' events, then the reports'. */
export const AUDIT_EVENTS = HISTORY.map((h) => h.code)

export const AUDIT_EVENT_LABEL = Object.fromEntries(HISTORY.map((h) => [h.code, h.label])) as Record<AuditEvent, string>
