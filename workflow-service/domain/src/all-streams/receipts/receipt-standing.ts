// Where a receipt's report (and its file) stood at the receipt's event, and what happened to them since: the replay's
// fold (replay-fold.ts) over the report's own streams up to the event, and the later events named once each. Pure:
// the caller hands the events of the report's stream and its files' streams in position order.
import type { FileProblem, FileStatus, ReportStatus } from '@portal/migrations/database.ts'
import type { StoredEvent } from '../../event-store/event-store.server.ts'
import { inChain } from '../../event-store/positions.ts'
import { eventUse } from '../event-tables.ts'
import { createReplayFold } from '../replay/replay-fold.ts'
import { formatDateTime } from '../../text/region-dates.ts'

export interface ReceiptStanding {
  reportStatus: ReportStatus
  /** A submission's file as it stood: its status and the check's findings (none yet when it was just received). */
  file: { status: FileStatus; problems: FileProblem[] } | null
}

/** A later event about the receipt's report or file: its one name and when it was recorded. */
export interface ReceiptLaterChange {
  position: number
  type: string
  label: string
  at: Date
}

/** What became of the receipt's subject after its event: the changes and the one marked line that tells them. */
export interface ReceiptSince {
  /** «После выдачи квитанции: файл удалён 03.12.2026», dates in the region's time. */
  line: string
  changes: ReceiptLaterChange[]
}

/** The report's events that change its status: the latest of them after the receipt is what the report became. */
const REPORT_CHANGES = new Set(['ReportAgreed', 'ReportRejected', 'ReportDecisionCancelled', 'ReportResubmitted'])
/** The file's events a reader of its receipt is told of; the storage's own removal follows a deletion already told. */
const FILE_CHANGES = new Set(['FileCheckPassed', 'FileCheckFailed', 'FileDeletionRequested'])

export const SINCE_PREFIX = 'После выдачи квитанции: '

/**
 * The report (by id) and the file (by id; null for a decision) as of position `upTo`, and the later events: the
 * file's latest and the report's latest, each named once, in the order they happened.
 */
export function standingAt(
  events: Iterable<StoredEvent>,
  subject: { reportId: number; fileId: number | null; upTo: number },
): { standing: ReceiptStanding; since: ReceiptSince | null } {
  const fold = createReplayFold()
  let lastOfFile: StoredEvent | null = null
  let lastOfReport: StoredEvent | null = null
  for (const event of events) {
    if (!inChain(event.position)) continue
    if (event.position <= subject.upTo) {
      fold.apply(event)
      continue
    }
    const data = event.data as { reportId?: number; fileId?: number }
    if (subject.fileId !== null && FILE_CHANGES.has(event.type) && data.fileId === subject.fileId) lastOfFile = event
    if (REPORT_CHANGES.has(event.type) && data.reportId === subject.reportId) lastOfReport = event
  }
  const report = fold.models.import_reports.get(subject.reportId)
  const file = subject.fileId === null ? undefined : fold.models.import_files.get(subject.fileId)
  const standing: ReceiptStanding = {
    reportStatus: (report?.status ?? 'consideration') as ReportStatus,
    file: file ? { status: file.status as FileStatus, problems: (file.problems ?? []) as FileProblem[] } : null,
  }
  const later = [lastOfFile, lastOfReport].filter((e): e is StoredEvent => e !== null).sort((a, b) => a.position - b.position)
  if (later.length === 0) return { standing, since: null }
  const changes = later.map((e) => ({ position: e.position, type: e.type, label: eventUse(e.type).label, at: e.createdAt }))
  return { standing, since: { line: sinceLine(changes), changes } }
}

/** «После выдачи квитанции: файл прошёл проверку 01.12.2026; отчёт согласован 02.12.2026». */
export function sinceLine(changes: readonly ReceiptLaterChange[]): string {
  const told = changes.map((c) => `${c.label.charAt(0).toLowerCase()}${c.label.slice(1)} ${formatDateTime(c.at).slice(0, 10)}`)
  return `${SINCE_PREFIX}${told.join('; ')}`
}
