// The import file stream's pure evolve and decide, built on the file machine, with the rules on its report.
import type { FileProblem, ReportStatus, ReportType } from '@portal/migrations/database.ts'
import type { Decider } from '../decider.ts'
import { entryOf } from '../event-table.ts'
import { machineSteps } from '../machine-steps.ts'
import { FILE_EVENTS } from './file-event-table.ts'
import { REPORT_STATUSES } from '../reports/report-status-table.ts'
import { uploadTypesOf } from '../../catalogue/registry/uploads.ts'
import { type ContentKind, uploadContentRefusal } from './file-content.ts'
import type { Decision } from '../refusal.ts'
import type { FileEvent, FileUploaded } from './file-events.ts'
import { fileMachine, type FileMachineEvent, type FileMachineState } from './file-machine.ts'
import type { FileState } from './file-state.ts'

const steps = machineSteps(fileMachine)

export function initialFileState(): FileState {
  const snapshot = steps.initial
  return { snapshot, status: snapshot.value as FileMachineState, file: null, version: 0 }
}

/** The machine takes the event's machine event; the event's own entry says what else it changes (the upload). */
export function evolveFile(state: FileState, event: FileEvent): FileState {
  const entry = entryOf<FileEvent, FileState, FileMachineEvent>(FILE_EVENTS, event.type)
  const snapshot = entry.machine ? steps.step(state.snapshot, entry.machine) : state.snapshot
  return entry.evolve({ ...state, snapshot, status: snapshot.value as FileMachineState, version: state.version + 1 }, event)
}

export function foldFile(events: readonly FileEvent[]): FileState {
  return events.reduce(evolveFile, initialFileState())
}

/**
 * The upload as the holder asked for it: the event's data without the report's details, which come from the facts.
 * The responsible person the form named, if it named one, must be the one on record.
 */
export type UploadRequest = Omit<FileUploaded['data'], 'reportId' | 'companyId' | 'areaId' | 'year' | 'reportType'>

export type FileCommand =
  | { type: 'UploadFile'; data: UploadRequest }
  | { type: 'RecordFileCheck'; data: { ok: boolean; problems: FileProblem[]; warnings?: FileProblem[] } }
  | { type: 'RequestFileDeletion' }
  | { type: 'RecordFileDeleted' }

export interface FileFacts {
  /** Of an upload: what its stored bytes are (their first bytes, see file-content.ts). */
  content?: ContentKind
  /** The report the file belongs (or is to belong) to, or null when there is none. */
  report: { id: number; status: ReportStatus; areaId: number | null; companyId: number; year: number; reportType: ReportType } | null
  /** The responsible person on record for the report's area (or company) and year. */
  responsibleId: number | null
  /** Of an upload: the report's earliest file with the same bytes (SHA-256) that still stands, if any. */
  sameBytes?: { name: string; uploadedAt: string } | null
}

export const NO_FACTS: FileFacts = { report: null, responsibleId: null }

/**
 * The events a command produces, or a refusal. The worker's results on a file no longer in the expected state
 * produce nothing: a job that runs twice records one result.
 */
export function decideFile(state: FileState, command: FileCommand, facts: FileFacts): Decision<FileEvent> {
  const can = (event: FileMachineEvent) => state.snapshot.can(event)
  switch (command.type) {
    case 'UploadFile': {
      if (!can({ type: 'upload' })) return { reason: 'file-exists' }
      const report = facts.report
      if (!report) return { reason: 'report-not-found', parameter: 'report' }
      // The section's own types (the picker's list), through every door: a name outside them is refused whatever its
      // bytes, and bytes that are not what the name says are refused too.
      const wrongContent = uploadContentRefusal(command.data.name, facts.content ?? 'empty', uploadTypesOf(report.reportType))
      if (wrongContent) return { reason: 'invalid-input', parameter: 'file', detail: wrongContent }
      if (!REPORT_STATUSES[report.status].uploadsOpen) return { reason: 'report-agreed-upload' }
      // The same bytes twice would publish the same readings twice: the earlier file is named instead.
      if (facts.sameBytes) return { reason: 'duplicate-file', name: facts.sameBytes.name, uploadedAt: facts.sameBytes.uploadedAt }
      const perArea = report.areaId !== null
      const asked = perArea ? command.data.ecomonResponsibleId : command.data.companyResponsibleId
      if (facts.responsibleId === null || (asked !== null && asked !== facts.responsibleId)) {
        return { reason: 'no-responsible', parameter: perArea ? 'ecomon_responsible' : 'company_responsible' }
      }
      return [
        {
          type: 'FileUploaded',
          data: {
            ...command.data,
            reportId: report.id,
            companyId: report.companyId,
            areaId: report.areaId,
            year: report.year,
            reportType: report.reportType,
            ecomonResponsibleId: perArea ? facts.responsibleId : null,
            companyResponsibleId: perArea ? null : facts.responsibleId,
          },
        },
      ]
    }
    case 'RecordFileCheck': {
      const fileId = state.file?.fileId
      if (fileId === undefined || !can({ type: command.data.ok ? 'checkPassed' : 'checkFailed' })) return []
      const warnings = command.data.warnings ?? []
      return command.data.ok
        ? [{ type: 'FileCheckPassed', data: warnings.length ? { fileId, warnings } : { fileId } }]
        : [{ type: 'FileCheckFailed', data: { fileId, problems: [...command.data.problems, ...warnings] } }]
    }
    case 'RequestFileDeletion': {
      if (state.status === 'none' || state.status === 'deleted' || !state.file) return { reason: 'file-not-found' }
      if (state.status === 'deletion') return { reason: 'file-being-deleted' }
      if (state.status === 'processing') return { reason: 'file-processing' }
      // Nothing agreed can be deleted: a file of an agreed report is part of what was agreed.
      const reportAgreed = facts.report?.status === 'agreed'
      if (!can({ type: 'requestDeletion', reportAgreed })) return { reason: 'file-of-agreed-report' }
      return [{ type: 'FileDeletionRequested', data: { fileId: state.file.fileId, reportId: state.file.reportId } }]
    }
    case 'RecordFileDeleted':
      if (!state.file || !can({ type: 'deleted' })) return []
      return [{ type: 'FileDeleted', data: { fileId: state.file.fileId } }]
  }
}

export const fileDecider: Decider<FileState, FileCommand, FileEvent, FileFacts> = {
  table: FILE_EVENTS,
  initialState: initialFileState,
  evolve: evolveFile,
  decide: decideFile,
}
