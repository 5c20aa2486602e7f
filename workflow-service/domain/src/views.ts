// The words pages show and parse: who may do what, report types and statuses, the audit's events, refusals and their
// texts, Russian formatting, page settings. Safe in the browser: nothing here reaches a server-only module.
// Other packages import this package through its doors only (package.json `exports`, import-directions.test.ts).
export { GROUPS, can, mayUploadFiles, seesNavigation } from './auth/permissions.ts'
export type { CurrentUser, Group, Permission, Resource } from './auth/permissions.ts'
export { LOGIN_PATH, userInfo } from './auth/user-info.ts'
export type { UserInfo } from './auth/user-info.ts'
export { LOGIN_MAX_LENGTH, PORTAL_HOME, loginFieldError, loginFormError, safeNext } from './auth/login-rules.ts'
export { FIRST_REPORT_YEAR, REPORT_TYPES, REPORT_TYPE_CODES } from './workflow/reports/report-types.ts'
export {
  BOARD_DUE_FILTERS, BOARD_SORTS, CELL_STATES, CELL_STATE_TITLES, OPEN_STATES, cellState, filingYear,
} from './workflow/reports/board-cells.ts'
export type { CellState } from './workflow/reports/board-cells.ts'
export { dueInfo, regionDay } from './workflow/reports/due-dates.ts'
export type { DueInfo } from './workflow/reports/due-dates.ts'
export {
  REPORT_STATUSES, REPORT_STATUS_CODES, decisionsFrom, reportStatusWords,
} from './workflow/reports/report-status-table.ts'
export type { OfferedDecision, ReportDecisionRow, ReportStatus } from './workflow/reports/report-status-table.ts'
export { FILE_STATUSES, FILE_STATUS_CODES, fileStatusWords } from './workflow/files/file-status-table.ts'
export type { AuditEvent } from './workflow/history/audit-event.ts'
export { AUDIT_EVENTS, AUDIT_EVENT_LABEL } from './workflow/history/audit-events.ts'
export { CommandRefused, Refused, accepted, isRefusal, refused } from './workflow/refusal.ts'
export type { Refusal } from './workflow/refusal.ts'
export {
  CHARACTERS_GENITIVE, VALUES_GENITIVE, formatCount, formatNumber, formatTimes, multipleOf, plural,
} from './text/russian-format.ts'
export type { NumberOptions, PluralForms } from './text/russian-format.ts'
export { nextDayStart, regionDayStart, regionYearMonth } from './text/region-days.ts'
export { formatDateTime as regionDateTime } from './text/region-dates.ts'
export { pageSettingsOf } from './page-settings.ts'
export type { PageSettings } from './page-settings.ts'
export { SNIFF_BYTES, wrongTypeRefusal } from './workflow/files/file-content.ts'
export { ERROR_REPORT_HEADERS, errorReportName, errorReportRow, findingsOf } from './workflow/files/file-findings.ts'
export type { Finding } from './workflow/files/file-findings.ts'
export { isEmail } from './workflow/responsibles/responsible-details.ts'
export {
  CONTROL_CHARACTERS, DEFAULT_PAGE_SIZE, Id, IdParams, Literals, MAX_ID, MAX_PAGE_SIZE, MULTILINE_PATTERN, Nullable,
  PagingQuery, TEXT_PATTERNS, Text, Year, controlCharacterAt, ownValue,
} from './vocabulary/params.ts'
export { refusalAnswer } from './vocabulary/refusal-answers.ts'
export { ORIGIN_PLACEHOLDER } from './notifications/mail-rules.ts'
export { passOrRefuse, valueOrRefuse } from './use-cases/use-case.ts'
export type { Outcome, UseCaseContext } from './use-cases/use-case.ts'
export { HttpError, badRequest, forbidden, notFound } from './vocabulary/http-errors.ts'
export { CSV_DIALECTS, csvText, dayCell, momentCell, sheetColumnWidth, sheetValue } from './exports/table-cells.ts'
export type { Cell, CsvDialect } from './exports/table-cells.ts'
export { changeWords, markWords } from './changes/round-changes.ts'
export type { ChangeRow, ChangesSummary } from './changes/round-changes.ts'
export { SITE_TITLE } from './text/site-name.ts'
export { personWithRole } from './people/person-name.ts'
export {
  isStorageFault, isUnreachable, STORAGE_FULL_MESSAGE, UNAVAILABLE_DETAIL, RETRY_AFTER_SECONDS,
} from '@portal/workflow-platform/faults.ts'
// Reached by the server's routes and plugins (the split into packages, decision 3904).
export {
  CONTENT_TYPES, FormatQuery, GEOJSON_CONTENT_TYPE, GEO_FORMAT, GeoFormatQuery, csvDialectOf, isFileFormat,
} from './exports/export-formats.ts'
export type { FileFormat, ListFormat } from './exports/export-formats.ts'
export type { Feature, WriteFeatures, WriteRows } from './exports/row-writers.ts'
