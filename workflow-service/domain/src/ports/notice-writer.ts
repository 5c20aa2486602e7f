// Who is told of a command's events: the notices in the portal, the letters and their sending jobs, written in the
// command's transaction. The composition root hands the command pipeline a writer (notifications/notice-writer.server.ts)
// in the command's context, so the pipeline imports neither the notifications nor what they read of the reports.
import type { Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { StoredEvent } from '../event-store/event-store.server.ts'
import type { JobQueue } from './job-queue.ts'

export type NoticeWriter = (trx: Transaction<Database>, events: readonly StoredEvent[], sending: { queue: JobQueue; requestId: string | null }) => Promise<void>
