// The report types, declared once: their title and where each may be submitted. What their files hold (data rows or
// a document) is said by the catalogue registry: a type whose `upload` names the report (catalogue/registry/uploads.ts).
import type { ReportType } from '@portal/migrations/database.ts'

export interface ReportTypeDeclaration {
  title: string
  /** Submitted per licence area. */
  perArea: boolean
  /** Submitted per company: always, only by a company without licence areas, or never. */
  perCompany: 'always' | 'without-areas' | 'never'
  /** Created with the responsible person of its area or company (the others are created when a page needs them). */
  withResponsible: boolean
}

export const REPORT_TYPES: Record<ReportType, ReportTypeDeclaration> = {
  program: { title: 'Программа', perArea: true, perCompany: 'never', withResponsible: true },
  observation_results: { title: 'Результаты наблюдений', perArea: true, perCompany: 'without-areas', withResponsible: false },
  final_report: { title: 'Итоговый отчет', perArea: true, perCompany: 'never', withResponsible: true },
  greenhouse_gases: { title: 'Парниковые газы', perArea: false, perCompany: 'always', withResponsible: true },
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
