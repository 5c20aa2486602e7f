// The report types, declared once: their title, what their files hold, and where each may be submitted.
import type { ReportType } from '@portal/migrations/database.ts'

export interface ReportTypeDeclaration {
  title: string
  /** data: rows the worker checks and publishes; document: a file kept as it is (PDF, DOCX…). */
  content: 'data' | 'document'
  /** Submitted per licence area. */
  perArea: boolean
  /** Submitted per company: always, only by a company without licence areas, or never. */
  perCompany: 'always' | 'without-areas' | 'never'
  /** Created with the responsible person of its area or company (the others are created when a page needs them). */
  withResponsible: boolean
}

export const REPORT_TYPES: Record<ReportType, ReportTypeDeclaration> = {
  program: { title: 'Программа', content: 'document', perArea: true, perCompany: 'never', withResponsible: true },
  observation_results: { title: 'Результаты наблюдений', content: 'data', perArea: true, perCompany: 'without-areas', withResponsible: false },
  final_report: { title: 'Итоговый отчет', content: 'document', perArea: true, perCompany: 'never', withResponsible: true },
  greenhouse_gases: { title: 'Парниковые газы', content: 'data', perArea: false, perCompany: 'always', withResponsible: true },
}

export const REPORT_TYPE_CODES = Object.keys(REPORT_TYPES) as ReportType[]

/** The first year a report can be for; the last is next year (a programme is planned ahead). */
export const FIRST_REPORT_YEAR = 2000

export type ReportTargetKind = 'area' | 'company' | 'company-with-areas'

/** Whether a report of this type may exist for a target of this kind. */
export function allowedFor(reportType: ReportType, target: ReportTargetKind): boolean {
  const declared = REPORT_TYPES[reportType]
  if (target === 'area') return declared.perArea
  if (target === 'company') return declared.perCompany !== 'never'
  return declared.perCompany === 'always'
}

/** The reports a responsible person is named for, on a target of this kind. */
export function reportTypesWithResponsible(target: ReportTargetKind): ReportType[] {
  return REPORT_TYPE_CODES.filter((code) => {
    if (!allowedFor(code, target)) return false
    // A company without licence areas reports its observation results itself (the 'Результаты наблюдений' accordion).
    return REPORT_TYPES[code].withResponsible || (target === 'company' && REPORT_TYPES[code].perCompany === 'without-areas')
  })
}
