// The report workflow's use-cases, one module per stream (reports, files, responsible persons), the records (history,
// audit, receipts) and the views across reports: every read and command a page or the API offers, each
// `(context, input)` with one TypeBox schema, answering plain data or a refusal. Their reads are in the read-model
// modules (`workflow/*/…-queries.server.ts`).
import type { WorkflowServices } from '../ports/workflow-services.ts'
import { precheckUseCases } from './precheck-use-cases.server.ts'
import { fileUseCases } from './file-use-cases.server.ts'
import { historyUseCases } from './history-use-cases.server.ts'
import { reportUseCases } from './report-use-cases.server.ts'
import { reportMessageUseCases } from './report-message-use-cases.server.ts'
import { responsibleUseCases } from './responsible-use-cases.server.ts'
import { reviewUseCases } from './review-use-cases.server.ts'
import { reportChangesUseCases } from './report-changes.server.ts'

export function workflowUseCases(services: WorkflowServices) {
  return {
    ...reportUseCases(services),
    ...reportMessageUseCases(services),
    ...fileUseCases(services),
    ...precheckUseCases(services),
    ...responsibleUseCases(services),
    ...historyUseCases(services),
    ...reviewUseCases(services),
    ...reportChangesUseCases(services),
  }
}

export type WorkflowUseCases = ReturnType<typeof workflowUseCases>
