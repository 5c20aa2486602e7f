import { describe, expect, it } from 'vitest'
import { AGREED_REPORT_FILE, decideFile, type FileCommand, foldFile } from '../../src/workflow/files/file-decide.ts'
import type { FileEvent, FileUploaded } from '../../src/workflow/files/file-events.ts'
import { Refusal } from '../../src/workflow/refusal.ts'

const file: FileUploaded['data'] = {
  fileId: 11,
  reportId: 7,
  companyId: 1,
  areaId: 3,
  year: 2025,
  reportType: 'program',
  name: 'Программа.csv',
  storageKey: '0b0b0b0b-0000-4000-8000-000000000000',
  size: 10,
  contentType: 'text/csv',
  description: 'Программа',
  ecomonResponsibleId: 1,
  companyResponsibleId: null,
}
const uploaded: FileEvent = { type: 'FileUploaded', data: file }
const problems = [{ row: 2, column: 'Значение', value: 'abc', reason: 'не число' }]

const GIVEN: Record<string, FileEvent[]> = {
  none: [],
  processing: [uploaded],
  success: [uploaded, { type: 'FileCheckPassed', data: { fileId: 11 } }],
  error: [uploaded, { type: 'FileCheckFailed', data: { fileId: 11, problems } }],
  deletion: [uploaded, { type: 'FileCheckPassed', data: { fileId: 11 } }, { type: 'FileDeletionRequested', data: { fileId: 11, reportId: 7 } }],
  deleted: [
    uploaded,
    { type: 'FileCheckFailed', data: { fileId: 11, problems } },
    { type: 'FileDeletionRequested', data: { fileId: 11, reportId: 7 } },
    { type: 'FileDeleted', data: { fileId: 11 } },
  ],
}

const COMMANDS: Record<string, FileCommand> = {
  upload: { type: 'UploadFile', data: file },
  'check passed': { type: 'RecordFileCheck', data: { ok: true, problems: [] } },
  'check failed': { type: 'RecordFileCheck', data: { ok: false, problems } },
  'delete (report under consideration)': { type: 'RequestFileDeletion', data: { reportStatus: 'consideration' } },
  'delete (report rejected)': { type: 'RequestFileDeletion', data: { reportStatus: 'rejected' } },
  'delete (report agreed)': { type: 'RequestFileDeletion', data: { reportStatus: 'agreed' } },
  'record deleted': { type: 'RecordFileDeleted' },
}

type Outcome = string | { status: number; message?: RegExp }
const r409 = { status: 409 }
const r404 = { status: 404 }
const processingRefused = { status: 400, message: /проверяется/ }
const agreedRefused = { status: 400, message: new RegExp(AGREED_REPORT_FILE) }

/** state → command → the event it records ('' = nothing: a worker result that came too late or twice) or the refusal. */
const TABLE: Record<string, Record<string, Outcome>> = {
  none: { upload: 'FileUploaded', 'check passed': '', 'check failed': '', 'delete (report under consideration)': r404, 'delete (report rejected)': r404, 'delete (report agreed)': r404, 'record deleted': '' },
  processing: { upload: r409, 'check passed': 'FileCheckPassed', 'check failed': 'FileCheckFailed', 'delete (report under consideration)': processingRefused, 'delete (report rejected)': processingRefused, 'delete (report agreed)': processingRefused, 'record deleted': '' },
  success: { upload: r409, 'check passed': '', 'check failed': '', 'delete (report under consideration)': 'FileDeletionRequested', 'delete (report rejected)': 'FileDeletionRequested', 'delete (report agreed)': agreedRefused, 'record deleted': '' },
  error: { upload: r409, 'check passed': '', 'check failed': '', 'delete (report under consideration)': 'FileDeletionRequested', 'delete (report rejected)': 'FileDeletionRequested', 'delete (report agreed)': agreedRefused, 'record deleted': '' },
  deletion: { upload: r409, 'check passed': '', 'check failed': '', 'delete (report under consideration)': r409, 'delete (report rejected)': r409, 'delete (report agreed)': r409, 'record deleted': 'FileDeleted' },
  deleted: { upload: r409, 'check passed': '', 'check failed': '', 'delete (report under consideration)': r404, 'delete (report rejected)': r404, 'delete (report agreed)': r404, 'record deleted': '' },
}

describe('file machine', () => {
  for (const [state, row] of Object.entries(TABLE)) {
    for (const [command, outcome] of Object.entries(row)) {
      const name =
        typeof outcome === 'object'
          ? `refuses "${command}" for a file in state ${state} with ${outcome.status}`
          : outcome === ''
            ? `records nothing for "${command}" on a file in state ${state}`
            : `"${command}" on a file in state ${state} records ${outcome}`
      it(name, () => {
        const given = foldFile(GIVEN[state])
        expect(given.status).toBe(state)
        if (typeof outcome === 'object') {
          let refusal: unknown
          try {
            decideFile(given, COMMANDS[command])
          } catch (error) {
            refusal = error
          }
          expect(refusal).toBeInstanceOf(Refusal)
          expect((refusal as Refusal).statusCode).toBe(outcome.status)
          if (outcome.message) expect((refusal as Refusal).message).toMatch(outcome.message)
          return
        }
        expect(decideFile(given, COMMANDS[command]).map((e) => e.type)).toEqual(outcome === '' ? [] : [outcome])
      })
    }
  }

  it('keeps the problems of a failed check in its event', () => {
    const [event] = decideFile(foldFile(GIVEN.processing), COMMANDS['check failed'])
    expect(event).toEqual({ type: 'FileCheckFailed', data: { fileId: 11, problems } })
  })
})
