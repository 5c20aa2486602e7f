// Read models of report streams: import_reports, report_status_changes and decision_files.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { StoredEvent } from '../../event-store/event-store.server.ts'
import type { DecisionFile, ReportEvent } from './report-events.ts'

const CHANGE_EVENT = { ReportAgreed: 'agreed', ReportRejected: 'rejected', ReportDecisionCancelled: 'cancelled' } as const
const NEW_STATUS = { ReportAgreed: 'agreed', ReportRejected: 'rejected', ReportDecisionCancelled: 'consideration' } as const

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
      .updateTable('import_reports')
      .set({ status: 'consideration', round: d.round, updated: event.createdAt, version: event.streamVersion })
      .where('id', '=', d.reportId)
      .execute()
    await db
      .insertInto('report_status_changes')
      .values({
        id: event.position,
        report_id: d.reportId,
        event: 'resubmitted',
        comment: '',
        created: event.createdAt,
        creator_id: event.metadata.userId,
        creator_username: event.metadata.username,
      })
      .execute()
    return
  }
  const d = event.data
  await db
    .updateTable('import_reports')
    .set({ status: NEW_STATUS[event.type], updated: event.createdAt, version: event.streamVersion })
    .where('id', '=', d.reportId)
    .execute()
  await db
    .insertInto('report_status_changes')
    .values({
      id: event.position,
      report_id: d.reportId,
      event: CHANGE_EVENT[event.type],
      comment: d.comment,
      created: event.createdAt,
      creator_id: event.metadata.userId,
      creator_username: event.metadata.username,
    })
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
