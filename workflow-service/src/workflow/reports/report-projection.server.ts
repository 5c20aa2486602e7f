// Read models of report streams: import_reports, report_status_changes and decision_files.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { StoredEvent } from '../../event-store/event-store.server.ts'
import type { DecisionFile, ReportEvent } from './report-events.ts'

const CHANGE_EVENT = { ReportAgreed: 'agreed', ReportRejected: 'rejected', ReportDecisionCancelled: 'cancelled' } as const
const NEW_STATUS = { ReportAgreed: 'agreed', ReportRejected: 'rejected', ReportDecisionCancelled: 'consideration' } as const

/**
 * The row of report_status_changes an event adds. It is inserted by the statement that updates the report (a
 * data-modifying WITH): one round trip instead of two in the command's transaction, and in the replay.
 */
function statusChange(event: StoredEvent, reportId: number, change: Database['report_status_changes']['event'], comment: string) {
  return {
    id: event.position,
    report_id: reportId,
    event: change,
    comment,
    created: event.createdAt,
    creator_id: event.metadata.userId,
    creator_username: event.metadata.username,
  }
}

export async function projectReport(db: Kysely<Database>, event: StoredEvent & ReportEvent): Promise<void> {
  if (event.type === 'ReportCreated') {
    const d = event.data
    await db
      .insertInto('import_reports')
      .values({
        id: d.reportId,
        stream_id: event.streamId,
        report_type: d.reportType,
        status: 'consideration',
        year: d.year,
        area_id: d.areaId,
        company_id: d.companyId,
        created: event.createdAt,
        updated: event.createdAt,
        version: event.streamVersion,
      })
      .execute()
    return
  }
  if (event.type === 'ReportResubmitted') {
    const d = event.data
    await db
      .with('changed', (w) =>
        w.updateTable('import_reports').set({ status: 'consideration', round: d.round, updated: event.createdAt, version: event.streamVersion }).where('id', '=', d.reportId),
      )
      .insertInto('report_status_changes')
      .values(statusChange(event, d.reportId, 'resubmitted', ''))
      .execute()
    return
  }
  const d = event.data
  await db
    .with('changed', (w) =>
      w.updateTable('import_reports').set({ status: NEW_STATUS[event.type], updated: event.createdAt, version: event.streamVersion }).where('id', '=', d.reportId),
    )
    .insertInto('report_status_changes')
    .values(statusChange(event, d.reportId, CHANGE_EVENT[event.type], d.comment))
    .execute()
  if (d.files.length > 0) {
    await db
      .insertInto('decision_files')
      .values(
        d.files.map((f: DecisionFile) => ({
          id: f.id,
          report_id: d.reportId,
          status_change_id: event.position,
          name: f.name,
          size: f.size,
          content_type: f.contentType,
        })),
      )
      .execute()
  }
}
