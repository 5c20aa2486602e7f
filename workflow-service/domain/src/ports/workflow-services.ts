// What the workflow's use-cases are given to work with: the database, the queue, the stored files' folder and the
// composition root's settings. Each stream's use-cases take it as their parameter from here, and the module that
// gathers them (use-cases/workflow-use-cases.server.ts) passes it on, so no stream imports the gathering module.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { FilePrechecks, PrecheckBudget } from './file-prechecks.ts'
import type { JobQueue } from './job-queue.ts'
import type { NoticeWriter } from './notice-writer.ts'

export interface WorkflowServices {
  db: Kysely<Database>
  queue: JobQueue
  storageDir: string
  /** Who is told of the commands' events (notifications/notice-writer.server.ts, handed in by portalUseCases). */
  notices: NoticeWriter
  /** The name a holder's receipt of a decision shows for the Department (DEPARTMENT_NAME). */
  departmentName?: string
  /** The check before sending, on the workers' side (composition root); without it that check is refused. */
  prechecks?: FilePrechecks
  /** What that check may take on (config `precheckBudget`, handed in with `prechecks`); without it, no bound. */
  precheckBudget?: PrecheckBudget
}
