// The events of a report's publication stream (`publication-report-N`): what the log records of what an agreement
// made public (decision 3310). The workers record them in the publication's own transaction, so the public rows and
// their record change together; verify holds the live tables against the last of them.
import type { PublishedFileRecord } from '@portal/migrations/database.ts'

export type { PublishedFileRecord }

/** The report's rows in the catalogue now: per file, how many are public of those staged, and their digest. */
export interface ReportPublished {
  type: 'ReportPublished'
  data: { reportId: number; files: PublishedFileRecord[] }
}

/** The publication gave up (its job's retries ran out): nothing of the report changed in the catalogue, and why. */
export interface ReportPublicationFailed {
  type: 'ReportPublicationFailed'
  data: { reportId: number; staged: number; reason: string }
}

export type PublicationEvent = ReportPublished | ReportPublicationFailed

export const publicationStreamId = (reportId: number) => `publication-report-${reportId}`
