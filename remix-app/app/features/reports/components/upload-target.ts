// The section a file goes to, as the upload button, the form without JavaScript and the check before sending see it.
import type { ReportType } from '../server/reports-page.server.ts'

export interface UploadTarget {
  reportType: ReportType
  reportId: number | null
  /** The area of the section; null for the company's own reports. */
  areaId: number | null
  responsibleId: number | null
  title: string
  /** The file types the picker offers (`accept=`), from the upload declarations. */
  accept: string
  /** The same list in words, as a refusal names it. */
  acceptedTypes: string
}
