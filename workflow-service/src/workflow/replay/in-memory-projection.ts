// The read models folded in memory from the log, for the replay: the same rows projections.server.ts writes event
// by event with SQL, computed without a round trip per event, then written in batches. Kept in step with the SQL
// projections (responsibles/, reports/, files/, history/): `replay --verify` and the property test compare the two.
import type { StoredEvent } from '../../event-store/event-store.server.ts'
import type { PROJECTION_TABLES } from '../projections.server.ts'

type Row = Record<string, unknown>
export type ProjectionTable = (typeof PROJECTION_TABLES)[number]
export type ReadModels = Record<ProjectionTable, Map<string | number, Row>>

/** The columns each projection writes (the others keep their defaults). */
export const PROJECTED_COLUMNS: Record<ProjectionTable, readonly string[]> = {
  ecomon_responsibles: ['id', 'area_id', 'company_id', 'year', 'fullname', 'position', 'email', 'phone', 'labs_name', 'labs_contacts', 'added', 'updated', 'version'],
  company_responsibles: ['id', 'company_id', 'year', 'fullname', 'position', 'email', 'phone', 'labs_name', 'labs_contacts', 'added', 'updated', 'version'],
  import_reports: ['id', 'stream_id', 'report_type', 'status', 'round', 'year', 'area_id', 'company_id', 'created', 'updated', 'version'],
  report_status_changes: ['id', 'report_id', 'event', 'comment', 'created', 'creator_id', 'creator_username'],
  decision_files: ['id', 'report_id', 'status_change_id', 'name', 'size', 'content_type'],
  import_files: [
    'id', 'report_id', 'company_id', 'area_id', 'year', 'report_type', 'name', 'storage_key', 'size', 'content_type', 'description', 'status',
    'problems', 'ecomon_responsible_id', 'company_responsible_id', 'created', 'updated', 'creator_id', 'creator_username', 'version',
    'idempotency_key',
    'sha256',
  ],
  report_history: ['id', 'company_id', 'report_id', 'event', 'import_files', 'created', 'creator_id', 'creator_username'],
}

const CHANGE_EVENT: Record<string, string> = { ReportAgreed: 'agreed', ReportRejected: 'rejected', ReportDecisionCancelled: 'cancelled' }
const NEW_STATUS: Record<string, string> = { ReportAgreed: 'agreed', ReportRejected: 'rejected', ReportDecisionCancelled: 'consideration' }
const FILE_STATUS: Record<string, string> = { FileCheckPassed: 'success', FileCheckFailed: 'error', FileDeletionRequested: 'deletion', FileDeleted: 'deleted' }

/** Folds events into read models; call apply() for every event of the log in position order. */
export function createInMemoryProjection() {
  const models = {
    ecomon_responsibles: new Map(),
    company_responsibles: new Map(),
    import_reports: new Map(),
    report_status_changes: new Map(),
    decision_files: new Map(),
    import_files: new Map(),
    report_history: new Map(),
  } as ReadModels
  const filesOfReport = new Map<number, number[]>()

  function history(event: StoredEvent, entry: { company_id: unknown; report_id: unknown; event: string; files: Array<{ id: unknown; name: unknown }> }) {
    models.report_history.set(event.position, {
      id: event.position,
      company_id: entry.company_id,
      report_id: entry.report_id,
      event: entry.event,
      import_files: entry.files,
      created: event.createdAt,
      creator_id: event.metadata.userId,
      creator_username: event.metadata.username,
    })
  }

  function apply(event: StoredEvent): void {
    const d = event.data as Record<string, any>
    switch (event.type) {
      case 'ResponsibleSaved': {
        const table = d.scope === 'area' ? models.ecomon_responsibles : models.company_responsibles
        const details = {
          fullname: d.fullname, position: d.position, email: d.email, phone: d.phone, labs_name: d.labsName,
          labs_contacts: d.labsContacts, updated: event.createdAt, version: event.streamVersion,
        }
        const existing = table.get(d.responsibleId)
        if (existing) Object.assign(existing, details)
        else if (d.scope === 'area') table.set(d.responsibleId, { id: d.responsibleId, area_id: d.areaId, company_id: d.companyId, year: d.year, added: event.createdAt, ...details })
        else table.set(d.responsibleId, { id: d.responsibleId, company_id: d.companyId, year: d.year, added: event.createdAt, ...details })
        return
      }
      case 'ReportCreated':
        models.import_reports.set(d.reportId, {
          id: d.reportId, stream_id: event.streamId, report_type: d.reportType, status: 'consideration', round: 1, year: d.year,
          area_id: d.areaId, company_id: d.companyId, created: event.createdAt, updated: event.createdAt, version: event.streamVersion,
        })
        return
      case 'ReportResubmitted': {
        const report = mustFind(models.import_reports, d.reportId, event)
        Object.assign(report, { status: 'consideration', round: d.round, updated: event.createdAt, version: event.streamVersion })
        models.report_status_changes.set(event.position, {
          id: event.position, report_id: d.reportId, event: 'resubmitted', comment: '',
          created: event.createdAt, creator_id: event.metadata.userId, creator_username: event.metadata.username,
        })
        history(event, { company_id: report.company_id, report_id: d.reportId, event: 'resubmitted', files: [{ id: d.fileId, name: d.fileName }] })
        return
      }
      case 'ReportAgreed':
      case 'ReportRejected':
      case 'ReportDecisionCancelled': {
        const report = mustFind(models.import_reports, d.reportId, event)
        Object.assign(report, { status: NEW_STATUS[event.type], updated: event.createdAt, version: event.streamVersion })
        models.report_status_changes.set(event.position, {
          id: event.position, report_id: d.reportId, event: CHANGE_EVENT[event.type], comment: d.comment,
          created: event.createdAt, creator_id: event.metadata.userId, creator_username: event.metadata.username,
        })
        for (const f of d.files as Array<Record<string, unknown>>) {
          models.decision_files.set(f.id as string, { id: f.id, report_id: d.reportId, status_change_id: event.position, name: f.name, size: f.size, content_type: f.contentType })
        }
        if (event.type !== 'ReportDecisionCancelled') {
          const files = (filesOfReport.get(d.reportId) ?? [])
            .map((id) => models.import_files.get(id)!)
            .filter((f) => f.status !== 'deletion' && f.status !== 'deleted')
            .sort((a, b) => (a.id as number) - (b.id as number))
            .map((f) => ({ id: f.id, name: f.name }))
          history(event, { company_id: report.company_id, report_id: d.reportId, event: CHANGE_EVENT[event.type], files })
        }
        return
      }
      case 'FileUploaded':
        models.import_files.set(d.fileId, {
          id: d.fileId, report_id: d.reportId, company_id: d.companyId, area_id: d.areaId, year: d.year, report_type: d.reportType,
          name: d.name, storage_key: d.storageKey, size: d.size, content_type: d.contentType, description: d.description,
          status: 'processing', problems: [], ecomon_responsible_id: d.ecomonResponsibleId, company_responsible_id: d.companyResponsibleId,
          created: event.createdAt, updated: event.createdAt, creator_id: event.metadata.userId, creator_username: event.metadata.username,
          version: event.streamVersion, idempotency_key: d.idempotencyKey ?? null, sha256: d.sha256 ?? null,
        })
        filesOfReport.set(d.reportId, [...(filesOfReport.get(d.reportId) ?? []), d.fileId])
        history(event, { company_id: d.companyId, report_id: d.reportId, event: 'added', files: [{ id: d.fileId, name: d.name }] })
        return
      case 'FileCheckPassed':
      case 'FileCheckFailed':
      case 'FileDeletionRequested':
      case 'FileDeleted': {
        const file = mustFind(models.import_files, d.fileId, event)
        Object.assign(file, { status: FILE_STATUS[event.type], updated: event.createdAt, version: event.streamVersion })
        if (event.type === 'FileCheckFailed') file.problems = d.problems
        if (event.type === 'FileCheckPassed') file.problems = d.warnings ?? []
        if (event.type === 'FileDeletionRequested') {
          history(event, { company_id: file.company_id, report_id: file.report_id, event: 'deleted', files: [{ id: file.id, name: file.name }] })
        }
        return
      }
      // The admin stream's tables (reference data) are not the workflow's read models: the replay leaves them be.
      case 'ReferenceEntryAdded':
      case 'ReferenceEntryChanged':
        return
      default:
        throw new Error(`no projection knows the event type ${event.type}`)
    }
  }

  return { apply, models }
}

function mustFind(table: Map<string | number, Row>, id: number, event: StoredEvent): Row {
  const row = table.get(id)
  if (!row) throw new Error(`event at position ${event.position} (${event.type}) names ${id}, which no earlier event created`)
  return row
}
