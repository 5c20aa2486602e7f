// The workflow's read models stop sending NOTIFY public_changed (decision 1820). No anonymous answer reads them but
// the companies listed by report status, which the public cache no longer keeps; so a workflow command changes no
// cached answer, and its commit no longer takes the lock PostgreSQL holds from a notifying transaction's pre-commit
// to the end of its commit (which queued every writer's commit, WAL flush included, behind the others').
// A publication still notifies: it writes the catalogue's tables, whose triggers stay.
import { type Kysely, sql } from 'kysely'
import { notifyPublicChanges } from './2026-11-23-1701-public-change-notify.ts'

/** The workflow's read models: only logged-in users (never cached) read them. */
export const WORKFLOW_READ_MODELS = [
  'ecomon_responsibles',
  'company_responsibles',
  'import_reports',
  'report_status_changes',
  'decision_files',
  'import_files',
  'report_history',
]

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of WORKFLOW_READ_MODELS) await sql`DROP TRIGGER IF EXISTS public_changed ON ${sql.table(table)}`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of WORKFLOW_READ_MODELS) await notifyPublicChanges(db, table)
}
