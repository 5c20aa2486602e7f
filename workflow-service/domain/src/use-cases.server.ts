// What the pages and the API call: the use-cases, with the session and the reads the pages still make themselves.
// Other packages import this package through its doors only (package.json `exports`, import-directions.test.ts).
export { accountUseCases } from './use-cases/account-use-cases.server.ts'
export type { AccountUseCases } from './use-cases/account-use-cases.server.ts'
export { AsOfInput } from './use-cases/as-of.server.ts'
export type { CompanyAsOf, SubstanceAsOfAnswer } from './use-cases/as-of.server.ts'
export { MIN_QUERY, catalogueUseCases } from './use-cases/catalogue-use-cases.server.ts'
export type { CatalogueUseCases } from './use-cases/catalogue-use-cases.server.ts'
export type { NotificationUseCases } from './use-cases/notification-use-cases.server.ts'
export { portalUseCases } from './use-cases/portal-use-cases.server.ts'
export type { PortalUseCases } from './use-cases/portal-use-cases.server.ts'
export type { ReferenceUseCases } from './use-cases/reference-use-cases.server.ts'
export { reportsOfCompany } from './use-cases/reports-of-company.server.ts'
export type {
  FileProblem, FileStatus, ImportReport, ReportStatus, ReportType, ReportsOfCompany,
} from './use-cases/reports-of-company.server.ts'
export { QUEUE_SORTS } from './use-cases/review-queue.server.ts'
export type { QueueSort } from './use-cases/review-queue.server.ts'
export type { UploadStorage } from './use-cases/upload-storage.server.ts'
export type { WorkflowUseCases } from './use-cases/workflow-use-cases.server.ts'
export type { SearchHit, SearchKind } from './search/site-search.server.ts'
export type { ConfirmationState } from './notifications/email-confirmations.server.ts'
export { SESSION_COOKIE, SESSION_MAX_SECONDS, findSession } from './auth/sessions.server.ts'
export type { Receipt, ReceiptKind } from './all-streams/receipts/receipt-queries.server.ts'
export { readingSeries } from './catalogue/chart-series.server.ts'
export type { ReadingSeries } from './catalogue/chart-series.server.ts'
export { listStatements } from './catalogue/query.server.ts'
// Reached by the server's routes and plugins (the split into packages, decision 3904).
export { TemplateFileQuery, reportTemplateUseCases } from './use-cases/report-template-use-cases.server.ts'
export type { ReportTemplateUseCases } from './use-cases/report-template-use-cases.server.ts'
export {
  CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER, isValidAnonymousToken, issueAnonymousToken, sameToken,
} from './auth/csrf.server.ts'
export { BLANK } from './catalogue/references.server.ts'
export { reportsReadRefusal } from './workflow/read-access.ts'
export { DECISION_WORDS } from './use-cases/report-use-cases.server.ts'
export { AuditInput } from './use-cases/audit.server.ts'
export { MESSAGE_FILES_MAX, decideReport, evolveReport, reportDecider } from './workflow/reports/report-decide.ts'
