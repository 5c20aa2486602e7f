// The events of an import file stream (past tense): uploaded, checked by the worker, deletion requested, deleted.
import type { FileProblem, ReportType } from '@portal/migrations/database.ts'

export interface FileUploaded {
  type: 'FileUploaded'
  data: {
    fileId: number
    reportId: number
    companyId: number
    areaId: number | null
    year: number
    reportType: ReportType
    /** The name the user sent, shown and sent back on download; the file is stored under storageKey. */
    name: string
    storageKey: string
    size: number
    contentType: string
    description: string
    ecomonResponsibleId: number | null
    companyResponsibleId: number | null
  }
}

export interface FileCheckPassed {
  type: 'FileCheckPassed'
  data: { fileId: number }
}

export interface FileCheckFailed {
  type: 'FileCheckFailed'
  data: { fileId: number; problems: FileProblem[] }
}

export interface FileDeletionRequested {
  type: 'FileDeletionRequested'
  data: { fileId: number; reportId: number }
}

export interface FileDeleted {
  type: 'FileDeleted'
  data: { fileId: number }
}

export type FileEvent = FileUploaded | FileCheckPassed | FileCheckFailed | FileDeletionRequested | FileDeleted

export const FILE_EVENT_TYPES = ['FileUploaded', 'FileCheckPassed', 'FileCheckFailed', 'FileDeletionRequested', 'FileDeleted'] as const

export const fileStreamId = (fileId: number) => `file-${fileId}`
