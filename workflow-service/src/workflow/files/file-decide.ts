// The import file stream's pure evolve and decide, built on the file machine.
import type { FileProblem } from '@portal/migrations/database.ts'
import { getInitialSnapshot, transition, type SnapshotFrom } from 'xstate'
import { refuse, refuseConflict, refuseMissing } from '../refusal.ts'
import type { FileEvent, FileUploaded } from './file-events.ts'
import { fileMachine, type FileMachineEvent, type FileMachineState } from './file-machine.ts'

export interface FileState {
  snapshot: SnapshotFrom<typeof fileMachine>
  status: FileMachineState
  file: FileUploaded['data'] | null
  version: number
}

export function initialFileState(): FileState {
  const snapshot = getInitialSnapshot(fileMachine)
  return { snapshot, status: snapshot.value as FileMachineState, file: null, version: 0 }
}

function machineEvent(event: FileEvent): FileMachineEvent {
  switch (event.type) {
    case 'FileUploaded':
      return { type: 'upload' }
    case 'FileCheckPassed':
      return { type: 'checkPassed' }
    case 'FileCheckFailed':
      return { type: 'checkFailed' }
    // The guard was passed when the event was recorded; the fact stands whatever the report became later.
    case 'FileDeletionRequested':
      return { type: 'requestDeletion', reportAgreed: false }
    case 'FileDeleted':
      return { type: 'deleted' }
  }
}

export function evolveFile(state: FileState, event: FileEvent): FileState {
  const [snapshot] = transition(fileMachine, state.snapshot, machineEvent(event))
  return {
    snapshot,
    status: snapshot.value as FileMachineState,
    file: event.type === 'FileUploaded' ? event.data : state.file,
    version: state.version + 1,
  }
}

export function foldFile(events: readonly FileEvent[]): FileState {
  return events.reduce(evolveFile, initialFileState())
}

export type FileCommand =
  | { type: 'UploadFile'; data: FileUploaded['data'] }
  | { type: 'RecordFileCheck'; data: { ok: boolean; problems: FileProblem[] } }
  | { type: 'RequestFileDeletion'; data: { reportStatus: 'consideration' | 'agreed' | 'rejected' } }
  | { type: 'RecordFileDeleted' }

/** The message the spec's UI shows after 'Ошибка удаления файла: ' on a 400. */
export const AGREED_REPORT_FILE = 'имеются согласованные отчёты'

/**
 * The events a command produces, or a refusal. The worker's results on a file no longer in the expected state
 * produce nothing: a job that runs twice records one result.
 */
export function decideFile(state: FileState, command: FileCommand): FileEvent[] {
  const can = (event: FileMachineEvent) => state.snapshot.can(event)
  switch (command.type) {
    case 'UploadFile':
      if (!can({ type: 'upload' })) throw refuseConflict('Файл с этим номером уже загружен.')
      return [{ type: 'FileUploaded', data: command.data }]
    case 'RecordFileCheck': {
      const fileId = state.file?.fileId
      if (fileId === undefined || !can({ type: command.data.ok ? 'checkPassed' : 'checkFailed' })) return []
      return command.data.ok
        ? [{ type: 'FileCheckPassed', data: { fileId } }]
        : [{ type: 'FileCheckFailed', data: { fileId, problems: command.data.problems } }]
    }
    case 'RequestFileDeletion': {
      const reportAgreed = command.data.reportStatus === 'agreed'
      if (state.status === 'none' || state.status === 'deleted' || !state.file) throw refuseMissing('Файл не найден.')
      if (state.status === 'deletion') throw refuseConflict('Файл уже удаляется.')
      if (state.status === 'processing') throw refuse('Файл ещё проверяется: удалить его можно после проверки.', 'id')
      if (!can({ type: 'requestDeletion', reportAgreed })) throw refuse(AGREED_REPORT_FILE, 'id')
      return [{ type: 'FileDeletionRequested', data: { fileId: state.file.fileId, reportId: state.file.reportId } }]
    }
    case 'RecordFileDeleted':
      if (!state.file || !can({ type: 'deleted' })) return []
      return [{ type: 'FileDeleted', data: { fileId: state.file.fileId } }]
  }
}
