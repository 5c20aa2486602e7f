// Read model of the change history (report_history): added, agreed, rejected and deleted, per company.
import { type Kysely, sql } from 'kysely'
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
      // One statement: the report's company and the files the decision was taken on (those of the report not on
      // their way out, in id order) are read by the insert itself.
      const { rows } = await sql<{ id: string }>`
        INSERT INTO report_history (id, company_id, report_id, event, import_files, created, creator_id, creator_username)
        SELECT ${event.position}, r.company_id, r.id, ${event.type === 'ReportAgreed' ? 'agreed' : 'rejected'},
               COALESCE((SELECT jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name) ORDER BY f.id) FROM import_files f
                         WHERE f.report_id = r.id AND f.status NOT IN ('deletion', 'deleted')), '[]'::jsonb),
               ${event.createdAt}, ${event.metadata.userId}, ${event.metadata.username}
        FROM import_reports r WHERE r.id = ${event.data.reportId}
        RETURNING id`.execute(db)
      if (rows.length !== 1) throw new Error(`report ${event.data.reportId} of event ${event.position} is missing`)
      return
    }
    default:
      return
  }
}
