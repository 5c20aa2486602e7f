// Who is told of a command's events: the notices in the portal, the letters and their sending jobs, written in the
// command's transaction. The composition root hands the command pipeline a writer (notifications/notice-writer.server.ts)
// in the command's context, so the pipeline imports neither the notifications nor what they read of the reports.
import type { Transaction } from 'kysely'
import type { Database, ReportType } from '@portal/migrations/database.ts'
import type { StoredEvent } from '../event-store/event-store.server.ts'
import type { JobQueue } from './job-queue.ts'

/**
 * The report a command read under its lock in its first statement (decision 3820), as the notices name it: handed on
 * so that they do not read it again.
 */
export interface KnownReport {
  id: number
  company_id: number
  area_id: number | null
  year: number
  report_type: ReportType
  area_name: string | null
}

export type NoticeWriter = (
  trx: Transaction<Database>,
  events: readonly StoredEvent[],
  sending: { queue: JobQueue; requestId: string | null; report?: KnownReport },
) => Promise<void>
