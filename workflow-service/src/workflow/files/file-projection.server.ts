// Read model of import file streams: import_files, with the worker's problems kept with the file.
import type { Kysely } from 'kysely'
import type { Database, FileStatus } from '@portal/migrations/database.ts'
import type { StoredEvent } from '../../event-store/event-store.server.ts'
import type { FileEvent } from './file-events.ts'

export async function projectFile(db: Kysely<Database>, event: StoredEvent & FileEvent): Promise<void> {
  if (event.type === 'FileUploaded') {
    const d = event.data
    await db
      .insertInto('import_files')
      .values({
        id: d.fileId,
        report_id: d.reportId,
        company_id: d.companyId,
        area_id: d.areaId,
        year: d.year,
        report_type: d.reportType,
        name: d.name,
        storage_key: d.storageKey,
        size: d.size,
        content_type: d.contentType,
        description: d.description,
        status: 'processing',
        problems: '[]',
        ecomon_responsible_id: d.ecomonResponsibleId,
        company_responsible_id: d.companyResponsibleId,
        created: event.createdAt,
        updated: event.createdAt,
        creator_id: event.metadata.userId,
        creator_username: event.metadata.username,
        version: event.streamVersion,
        idempotency_key: d.idempotencyKey ?? null,
        sha256: d.sha256 ?? null,
      })
      .execute()
    return
  }
  const status: Record<Exclude<FileEvent['type'], 'FileUploaded'>, FileStatus> = {
    FileCheckPassed: 'success',
    FileCheckFailed: 'error',
    FileDeletionRequested: 'deletion',
    FileDeleted: 'deleted',
  }
  await db
    .updateTable('import_files')
    .set({
      status: status[event.type],
      updated: event.createdAt,
      version: event.streamVersion,
      ...(event.type === 'FileCheckFailed' ? { problems: JSON.stringify(event.data.problems) } : {}),
      ...(event.type === 'FileCheckPassed' ? { problems: JSON.stringify(event.data.warnings ?? []) } : {}),
    })
    .where('id', '=', event.data.fileId)
    .execute()
}
