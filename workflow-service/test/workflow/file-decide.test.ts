import { describe, expect, it } from 'vitest'
import { refusalAnswer } from '../../domain/src/vocabulary/refusal-answers.ts'
import { decideFile, type FileCommand, type FileFacts, foldFile } from '../../domain/src/workflow/files/file-decide.ts'
import type { FileEvent, FileUploaded } from '../../domain/src/workflow/files/file-events.ts'
import { isRefusal } from '../../domain/src/workflow/refusal.ts'

const file: FileUploaded['data'] = {
  fileId: 11,
  reportId: 7,
  companyId: 1,
  areaId: 3,
  year: 2025,
  reportType: 'program',
  name: 'Программа.pdf',
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

const report = (status: 'consideration' | 'agreed' | 'rejected'): FileFacts => ({
  report: { id: 7, status, areaId: 3, companyId: 1, year: 2025, reportType: 'program' },
  responsibleId: 1,
})

/** Each command with the facts it is decided on (the status of the file's report). */
const COMMANDS: Record<string, [FileCommand, FileFacts]> = {
  upload: [{ type: 'UploadFile', data: { ...file, ecomonResponsibleId: null } }, report('consideration')],
  'check passed': [{ type: 'RecordFileCheck', data: { ok: true, problems: [] } }, report('consideration')],
  'check failed': [{ type: 'RecordFileCheck', data: { ok: false, problems } }, report('consideration')],
  'delete (report under consideration)': [{ type: 'RequestFileDeletion' }, report('consideration')],
  'delete (report rejected)': [{ type: 'RequestFileDeletion' }, report('rejected')],
  'delete (report agreed)': [{ type: 'RequestFileDeletion' }, report('agreed')],
  'record deleted': [{ type: 'RecordFileDeleted' }, report('consideration')],
}

const decide = (state: string, command: string) => decideFile(foldFile(GIVEN[state]), ...COMMANDS[command])

type Outcome = string | { status: number; message?: RegExp }
const r409 = { status: 409 }
const r404 = { status: 404 }
const processingRefused = { status: 400, message: /проверяется/ }
const agreedRefused = { status: 400, message: /имеются согласованные отчёты/ }

/** state → command → the event it records ('' = nothing: a worker result that came too late or twice) or the refusal. */
const TABLE: Record<string, Record<string, Outcome>> = {
  none: { upload: 'FileUploaded', 'check passed': '', 'check failed': '', 'delete (report under consideration)': r404, 'delete (report rejected)': r404, 'delete (report agreed)': r404, 'record deleted': '' },
  processing: { upload: r409, 'check passed': 'FileCheckPassed', 'check failed': 'FileCheckFailed', 'delete (report under consideration)': processingRefused, 'delete (report rejected)': processingRefused, 'delete (report agreed)': processingRefused, 'record deleted': '' },
  success: { upload: r409, 'check passed': '', 'check failed': '', 'delete (report under consideration)': 'FileDeletionRequested', 'delete (report rejected)': 'FileDeletionRequested', 'delete (report agreed)': agreedRefused, 'record deleted': '' },
  error: { upload: r409, 'check passed': '', 'check failed': '', 'delete (report under consideration)': 'FileDeletionRequested', 'delete (report rejected)': 'FileDeletionRequested', 'delete (report agreed)': agreedRefused, 'record deleted': '' },
  deletion: { upload: r409, 'check passed': '', 'check failed': '', 'delete (report under consideration)': r409, 'delete (report rejected)': r409, 'delete (report agreed)': r409, 'record deleted': 'FileDeleted' },
  deleted: { upload: r409, 'check passed': '', 'check failed': '', 'delete (report under consideration)': r404, 'delete (report rejected)': r404, 'delete (report agreed)': r404, 'record deleted': '' },
}

describe('file stream', () => {
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
        const result = decide(state, command)
        if (typeof outcome === 'object') {
          expect(isRefusal(result)).toBe(true)
          const answer = refusalAnswer(result as Exclude<typeof result, FileEvent[]>)
          expect(answer.status).toBe(outcome.status)
          if (outcome.message) expect(answer.detail).toMatch(outcome.message)
          return
        }
        expect(isRefusal(result) ? result : result.map((e) => e.type)).toEqual(outcome === '' ? [] : [outcome])
      })
    }
  }

  it('keeps the problems of a failed check in its event', () => {
    expect(decide('processing', 'check failed')).toEqual([{ type: 'FileCheckFailed', data: { fileId: 11, problems } }])
  })

  it('keeps the warnings of a passed check in its event, and puts those of a failed one after its errors', () => {
    const warnings = [{ row: 3, column: 'Значение', value: '9', reason: 'значение выше ПДК в 45 раз', level: 'warning' as const }]
    const processing = foldFile(GIVEN.processing)
    const facts = report('consideration')
    expect(decideFile(processing, { type: 'RecordFileCheck', data: { ok: true, problems: [], warnings } }, facts)).toEqual([
      { type: 'FileCheckPassed', data: { fileId: 11, warnings } },
    ])
    expect(decideFile(processing, { type: 'RecordFileCheck', data: { ok: false, problems, warnings } }, facts)).toEqual([
      { type: 'FileCheckFailed', data: { fileId: 11, problems: [...problems, ...warnings] } },
    ])
    // No warnings, no field: the event of a clean file is as before.
    expect(decideFile(processing, { type: 'RecordFileCheck', data: { ok: true, problems: [], warnings: [] } }, facts)).toEqual([{ type: 'FileCheckPassed', data: { fileId: 11 } }])
  })

  it('takes the report and the responsible person from the facts, and refuses an upload without one', () => {
    const [command, facts] = COMMANDS.upload
    expect(decideFile(foldFile([]), command, facts)).toEqual([{ type: 'FileUploaded', data: file }])
    expect(decideFile(foldFile([]), command, { ...facts, responsibleId: null })).toEqual({ reason: 'no-responsible', parameter: 'ecomon_responsible' })
    expect(decideFile(foldFile([]), command, { report: null, responsibleId: null })).toEqual({ reason: 'report-not-found', parameter: 'report' })
    expect(decideFile(foldFile([]), command, report('agreed'))).toEqual({ reason: 'report-agreed-upload' })
  })
})
