// The codes the history and audit read models keep, apart from the labels (audit-events.ts): the event tables name a
// code in each entry, and the labels are read from those tables, so the code cannot live beside the labels.
import type { Database } from '@portal/migrations/database.ts'

export type AuditEvent = Database['report_history']['event'] | Database['report_status_changes']['event']
