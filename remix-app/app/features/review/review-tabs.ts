// The tabs of the Department's review lists and their page size (spec §2, §9).
import { REPORT_STATUS_CODES, REPORT_STATUSES, type ReportStatus } from '@portal/workflow-domain/views.ts'

export const REVIEW_PAGE = 20

/** One tab per status, as the status table declares them. */
export const REVIEW_TABS: Array<{ status: ReportStatus; param: string | undefined; path: string; title: string }> = REPORT_STATUS_CODES.map((status) => ({
  status,
  ...REPORT_STATUSES[status].queueTab,
}))
