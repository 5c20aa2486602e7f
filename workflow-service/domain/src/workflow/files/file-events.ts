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
    /** The SHA-256 of the bytes received (hex), stated on the receipt; absent on uploads recorded before it. */
    sha256?: string
    contentType: string
    description: string
    ecomonResponsibleId: number | null
    companyResponsibleId: number | null
    /** The client's Idempotency-Key of the upload, when it sent one. */
    idempotencyKey?: string
  }
}

export interface FileCheckPassed {
  type: 'FileCheckPassed'
  /** warnings: what the check let pass but the holder should look at (absent when there is none). */
  data: { fileId: number; warnings?: FileProblem[] }
}

export interface FileCheckFailed {
  type: 'FileCheckFailed'
  /** problems: the errors (no level), then the warnings (level 'warning'). */
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

export const fileStreamId = (fileId: number) => `file-${fileId}`
