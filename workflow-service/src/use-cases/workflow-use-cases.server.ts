// The report workflow's use-cases, one module per stream (reports, files, responsible persons), the records (history,
// audit, receipts) and the views across reports: every read and command a page or the API offers, each
// `(context, input)` with one TypeBox schema, answering plain data or a refusal. Their reads are in the read-model
// modules (`workflow/*/…-queries.server.ts`).
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import type { FilePrechecks } from '../ports/file-prechecks.ts'
import { precheckUseCases } from './precheck-use-cases.server.ts'
import { fileUseCases } from './file-use-cases.server.ts'
import { historyUseCases } from './history-use-cases.server.ts'
import { reportUseCases } from './report-use-cases.server.ts'
import { responsibleUseCases } from './responsible-use-cases.server.ts'
import { reviewUseCases } from './review-use-cases.server.ts'

export interface WorkflowServices {
  db: Kysely<Database>
  queue: JobQueue
  storageDir: string
  /** The name a holder's receipt of a decision shows for the Department (DEPARTMENT_NAME). */
  departmentName?: string
  /** The check before sending, on the workers' side (composition root); without it that check is refused. */
  prechecks?: FilePrechecks
}

export function workflowUseCases(services: WorkflowServices) {
  return {
    ...reportUseCases(services),
    ...fileUseCases(services),
    ...precheckUseCases(services),
    ...responsibleUseCases(services),
    ...historyUseCases(services),
    ...reviewUseCases(services),
  }
}

export type WorkflowUseCases = ReturnType<typeof workflowUseCases>
