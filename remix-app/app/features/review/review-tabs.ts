// The tabs of the Department's review lists and their page size (spec §2, §9).
import type { ReportStatus } from '@portal/workflow-service/use-cases.server.ts'

export const REVIEW_PAGE = 20

export const REVIEW_TABS: Array<{ status: ReportStatus; param: string | undefined; path: string; title: string }> = [
  { status: 'consideration', param: undefined, path: '/department-reports', title: 'На рассмотрении' },
  { status: 'agreed', param: 'agreed', path: '/department-reports/agreed', title: 'Согласованные' },
  { status: 'rejected', param: 'rejected', path: '/department-reports/rejected', title: 'Отклонённые' },
]
