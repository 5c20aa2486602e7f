// What the workers and the tools run on the log: the commands, the event store, the file storage and the replay.
// Other packages import this package through its doors only (package.json `exports`, import-directions.test.ts).
export { inTransaction, metadataOf, systemMetadata } from './workflow/command-context.server.ts'
export type { CommandContext } from './workflow/command-context.server.ts'
export { requestFileDeletion, uploadFile } from './workflow/files/file-commands.server.ts'
export type { StoredUpload } from './workflow/files/file-commands.server.ts'
export {
  recordFileChecked, recordFileDeleted, recordPublicationFailed, recordReportPublication,
} from './use-cases/worker-commands.server.ts'
export { createReport, decideOnReport } from './workflow/reports/report-commands.server.ts'
export type { Decision } from './workflow/reports/report-commands.server.ts'
export { createResponsible } from './workflow/responsibles/responsible-commands.server.ts'
export { addReferenceEntry, changeReferenceEntry } from './admin/reference/reference-commands.server.ts'
export { lockSubstanceUnits } from './admin/reference/convert-readings.server.ts'
export {
  PRIVATE_FILE_MODE, cleanFileName, newStorageKey, privateFolder, removeStoredFile, storeFile, storedFilePath,
} from './workflow/storage/file-storage.server.ts'
export type { Download } from './workflow/storage/file-storage.server.ts'
export { contentDisposition } from './vocabulary/content-disposition.ts'
export { startStorageSweeper, sweepPartialFiles } from './workflow/storage/storage-sweeper.server.ts'
export { liveColumns, rebuildProjections, verifyProjections, verifyProjectionsAsOf } from './all-streams/replay/replay.server.ts'
export type { AsOfVerifyReport, ReplayReport } from './all-streams/replay/replay.server.ts'
export {
  ConcurrencyError, appendToStream, breakLine, inChain, outsideLine, readLogByCopy, verifyHashChain,
} from './event-store/event-store.server.ts'
export type { ChainCheck, LoggedEvent } from './event-store/event-store.server.ts'
export { databaseIdentity, useChainHead } from './event-store/chain-head.server.ts'
export { AuditKeyError, auditKey, loadAuditKey, useAuditKey } from './event-store/audit-key.server.ts'
export { startCheckpoints } from './event-store/checkpoints.server.ts'
export { sealAndSign } from './transparency/sign-checkpoints.server.ts'
export { signingKey } from './transparency/signing-key.server.ts'
export { notifyDepartmentOfExceedances } from './notifications/notify-exceedances.server.ts'
export { queueWaitingLetters } from './notifications/queue-letters.server.ts'
export { reminderKey, sendDueNotices } from './notifications/due-notices.server.ts'
export { writeNotices } from './notifications/notice-writer.server.ts'
export type { Exceedance, ExceedanceFilters } from './catalogue/exceedances.server.ts'
export { publishedFilesOfReport } from './catalogue/published-rows.server.ts'
export { GASES } from './catalogue/greenhouse-report.server.ts'
export {
  AGREED_REPORTS_REASON, PENDING_REPORTS_REASON, deleteMeasuresPoint,
} from './catalogue/measures-point-deletion.server.ts'
export { analyzeTables, READINGS_TABLE } from '@portal/workflow-platform/database.server.ts'
export { CHANGES_REPORT_TYPE, precheckChanges } from './changes/report-changes.server.ts'
// Reached by the server's routes and plugins (the split into packages, decision 3904).
export { chainHeadLine } from './all-streams/replay/chain-head-line.ts'
export { asOfLines } from './all-streams/as-of/as-of-lines.ts'
export { asOfNames, askAsOf } from './all-streams/as-of/as-of-queries.server.ts'
export { asOfQuestionFromArguments } from './all-streams/as-of/as-of-arguments.ts'
export type { AsOfQuestion } from './all-streams/as-of/as-of-arguments.ts'
export { pointCodeVariants, substanceVariants, variantLines } from './catalogue/variant-spellings.server.ts'
export { verifyPublic } from './transparency/verify-public.ts'
export { recordCatalogueBaseline } from './all-streams/baseline/catalogue-baseline.server.ts'
export { loadStream } from './workflow/handle-command.server.ts'
export type { ReportEvent } from './workflow/reports/report-events.ts'
export { hashPassword, verifyPassword } from './auth/passwords.server.ts'
export { columnsOf, createReplayFold } from './all-streams/replay/replay-fold.ts'
export { copyBinary, type CopyColumn } from './all-streams/replay/copy-binary.ts'
export { PROJECTION_TABLES } from './workflow/event-table.ts'
export type { ProjectionTable } from './workflow/event-table.ts'
