// What a notice says a report is: its kind, year and area in words. The notices themselves are the event tables'
// (workflow/*/…-event-table.ts, `notice`).
export interface ReportFacts {
  reportId: number
  companyId: number
  year: number
  reportTypeTitle: string
  /** The licence area's name, or null for a company report. */
  areaName: string | null
}

export const noticeSubject = (r: ReportFacts) => `${r.reportTypeTitle} за ${r.year} год${r.areaName ? ` (${r.areaName})` : ''}`
