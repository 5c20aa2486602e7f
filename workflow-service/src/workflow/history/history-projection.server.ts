// Read model of the change history (report_history): added, agreed, rejected and deleted, per company.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { StoredEvent } from '../../event-store/event-store.server.ts'
import type { FileEvent } from '../files/file-events.ts'
import type { ReportEvent } from '../reports/report-events.ts'

type Entry = Database['report_history']

async function insertEntry(
  db: Kysely<Database>,
  event: StoredEvent,
  entry: { company_id: number; report_id: number; event: Entry['event']; files: Array<{ id: number; name: string }> },
): Promise<void> {
  const row: { [K in keyof Entry]: unknown } = {
    id: event.position,
    company_id: entry.company_id,
    report_id: entry.report_id,
    event: entry.event,
    import_files: JSON.stringify(entry.files),
    created: event.createdAt,
    creator_id: event.metadata.userId,
    creator_username: event.metadata.username,
  }
  await db.insertInto('report_history').values(row as never).execute()
}

/** Runs after the file and report projections of the same event, so it reads their current rows. */
export async function projectHistory(db: Kysely<Database>, event: StoredEvent & (FileEvent | ReportEvent)): Promise<void> {
  switch (event.type) {
    case 'FileUploaded':
      return insertEntry(db, event, {
        company_id: event.data.companyId,
        report_id: event.data.reportId,
        event: 'added',
        files: [{ id: event.data.fileId, name: event.data.name }],
      })
    case 'FileDeletionRequested': {
      const file = await db.selectFrom('import_files').select(['id', 'name', 'company_id', 'report_id']).where('id', '=', event.data.fileId).executeTakeFirstOrThrow()
      return insertEntry(db, event, { company_id: file.company_id, report_id: file.report_id, event: 'deleted', files: [{ id: file.id, name: file.name }] })
    }
    case 'ReportResubmitted': {
      const report = await db.selectFrom('import_reports').select(['company_id']).where('id', '=', event.data.reportId).executeTakeFirstOrThrow()
      return insertEntry(db, event, {
        company_id: report.company_id,
        report_id: event.data.reportId,
        event: 'resubmitted',
        files: [{ id: event.data.fileId, name: event.data.fileName }],
      })
    }
    case 'ReportAgreed':
    case 'ReportRejected': {
      const report = await db.selectFrom('import_reports').select(['company_id']).where('id', '=', event.data.reportId).executeTakeFirstOrThrow()
      // The files the decision was taken on: those of the report not on their way out.
      const files = await db
        .selectFrom('import_files')
        .select(['id', 'name'])
        .where('report_id', '=', event.data.reportId)
        .where('status', 'not in', ['deletion', 'deleted'])
        .orderBy('id')
        .execute()
      return insertEntry(db, event, {
        company_id: report.company_id,
        report_id: event.data.reportId,
        event: event.type === 'ReportAgreed' ? 'agreed' : 'rejected',
        files,
      })
    }
    default:
      return
  }
}
