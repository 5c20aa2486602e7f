// The import file stream's use-cases: the file lists and their ZIP archive, one file, its findings and its bytes, and
// the commands that register an upload and ask for a file's deletion.
import { Type } from 'typebox'
import { Id, Year } from '../vocabulary/params.ts'
import { commandContextOf } from '../workflow/command-context.server.ts'
import { requestFileDeletion, type Section, uploadFile } from '../workflow/files/file-commands.server.ts'
import { findingsOf } from '../workflow/files/file-findings.ts'
import { filesForArchive, findFile, importFileAnswer, listFiles } from '../workflow/files/file-queries.server.ts'
import { companyReportsReadRefusal, reportsReadRefusal } from '../workflow/read-access.ts'
import { Refused, refused } from '../workflow/refusal.ts'
import type { ReportFilter } from '../workflow/reports/report-queries.server.ts'
import { findTarget } from '../workflow/reports/report-targets.server.ts'
import { removeStoredFile, storedFilePath } from '../workflow/storage/file-storage.server.ts'
import { downloadOf } from './downloads.server.ts'
import { useCase, type UseCaseContext } from './use-case.ts'
import type { WorkflowServices } from '../ports/workflow-services.ts'
import { Limit, ListFilter, Offset, ReportType, Stored } from './workflow-inputs.ts'

/** Said when a file list names neither an area nor a company: the labels the user knows, not the parameters' names. */
export const NO_FILES_TARGET = 'Участок: укажите лицензионный участок или предприятие (и отчетный период)'

const FileListFilter = { year: ListFilter.year, areaName: ListFilter.areaName, area: ListFilter.area, company: ListFilter.company, reportType: ListFilter.reportType }

/** The report an upload names, or the section it names instead: the missing field is refused by its name. */
function targetOf(input: { report?: number; area?: number | null; company?: number | null; year?: number; reportType?: Section['reportType'] }): { reportId: number } | { section: Section } | Refused {
  if (input.report !== undefined) return { reportId: input.report }
  if (input.year === undefined && input.reportType === undefined && input.area == null && input.company == null) {
    return refused({ reason: 'invalid-input', parameter: 'report', detail: 'report: обязательное поле' })
  }
  if (input.year === undefined) return refused({ reason: 'invalid-input', parameter: 'year', detail: 'year: укажите отчёт или год раздела' })
  if (input.reportType === undefined) return refused({ reason: 'invalid-input', parameter: 'report_type', detail: 'report_type: укажите раздел отчёта' })
  const area = input.area ?? null
  if (area === null && (input.company ?? null) === null) return refused({ reason: 'invalid-input', parameter: 'area', detail: 'area: укажите лицензионный участок или предприятие' })
  return { section: { area, company: area === null ? (input.company ?? null) : null, year: input.year, reportType: input.reportType } }
}

export function fileUseCases(services: WorkflowServices) {
  const { db } = services

  // `parameter`: what the refusal names when neither is given, the list's `area_name` or the ZIP's `area` (the spec's).
  const fileFilterOf = async (context: UseCaseContext, input: { year?: number; areaName?: string; area?: number; company?: number; reportType?: ReportFilter['reportType'] }, parameter: 'area_name' | 'area' = 'area_name') => {
    const denied = reportsReadRefusal(context.actor)
    if (denied) return denied
    if (input.area === undefined && input.areaName === undefined && input.company === undefined) {
      return refused({ reason: 'invalid-input', parameter, detail: NO_FILES_TARGET })
    }
    const target = await findTarget(db, { area: input.area, area_name: input.areaName, company: input.area || input.areaName ? undefined : input.company })
    if (!target) return null
    const other = companyReportsReadRefusal(context.actor, target.companyId)
    if (other) return other
    return { name: target.name, filter: { year: input.year, areaId: target.areaId, companyId: target.companyId, reportType: input.reportType } }
  }

  /** A file of a report the user may read; a deleted one or another company's is answered as missing. */
  const readableFile = async (context: UseCaseContext, id: number) => {
    const denied = reportsReadRefusal(context.actor)
    if (denied) return denied
    const file = await findFile(db, id)
    if (!file || file.status === 'deleted') return refused({ reason: 'file-not-found' })
    return companyReportsReadRefusal(context.actor, file.company_id) ?? file
  }

  return {
    /** A page of files of an area and year, or of a company and report type. */
    files: useCase(Type.Object({ ...FileListFilter, limit: Limit, offset: Offset }), async (context, input) => {
      const found = await fileFilterOf(context, input)
      if (found instanceof Refused) return found
      return found ? listFiles(db, found.filter, input.limit, input.offset) : { count: 0, results: [] }
    }),

    /** The stored files of a list for its ZIP archive: the area's (or company's) name, and each file's entry and path. */
    archive: useCase(Type.Object(FileListFilter), async (context, input) => {
      const found = await fileFilterOf(context, input, 'area')
      if (found instanceof Refused) return found
      if (!found) return refused({ reason: 'target-missing-for-archive' })
      const files = await filesForArchive(db, found.filter)
      return { name: found.name, files: files.map((f) => ({ id: f.id, entry: `${f.report_type}/${f.id}-${f.name}`, path: storedFilePath(services.storageDir, f.storage_key) })) }
    }),

    /** One file as the API shows it. */
    file: useCase(Type.Object({ id: Id }), async (context, input) => {
      const file = await readableFile(context, input.id)
      return file instanceof Refused ? file : importFileAnswer(db, file.id)
    }),

    /** The findings (errors and warnings) the check recorded on a file. */
    fileProblems: useCase(Type.Object({ id: Id }), async (context, input) => {
      const file = await readableFile(context, input.id)
      if (file instanceof Refused) return file
      const findings = findingsOf(file.problems)
      return { id: file.id, name: file.name, status: file.status, count: findings.length, results: findings }
    }),

    /** The bytes of an uploaded file, as it was uploaded. */
    fileDownload: useCase(Type.Object({ id: Id }), async (context, input) => {
      const file = await readableFile(context, input.id)
      if (file instanceof Refused) return file
      return downloadOf(services.storageDir, file.storage_key, { name: file.name, size: file.size, contentType: file.content_type }, file.description)
    }),

    /**
     * An upload already stored becomes a file of its report (in processing, with its check job); refused, it is
     * removed. The report is named by its id, or by its section (area, or company for its own reports; year; type):
     * then the section's report is made in the upload's transaction when it has none yet (the page's form and the
     * browser's upload both send the section), so a refused upload leaves no empty report.
     */
    uploadToSection: useCase(
      Type.Object({
        report: Type.Optional(Id),
        area: Type.Optional(Type.Union([Id, Type.Null()])),
        company: Type.Optional(Type.Union([Id, Type.Null()])),
        year: Type.Optional(Year),
        reportType: Type.Optional(ReportType),
        description: Type.String({ maxLength: 1000 }),
        ecomonResponsible: Type.Union([Id, Type.Null()]),
        companyResponsible: Type.Union([Id, Type.Null()]),
        upload: Stored,
        idempotencyKey: Type.Optional(Type.String({ pattern: '^[\\x21-\\x7e]{1,200}$' })),
      }),
      async (context, input) => {
        const target = targetOf(input)
        if (target instanceof Refused) {
          await removeStoredFile(services.storageDir, input.upload.storageKey)
          return target
        }
        try {
          const result = await uploadFile(commandContextOf(services, context), {
            ...target,
            description: input.description.trim() || input.upload.name,
            ecomonResponsibleId: input.ecomonResponsible,
            companyResponsibleId: input.companyResponsible,
            upload: input.upload,
            idempotencyKey: input.idempotencyKey,
          })
          // A refused upload keeps no bytes; a retry with the key of an upload already registered answers that file, and
          // these bytes are not needed either.
          if (result instanceof Refused || result.repeated) await removeStoredFile(services.storageDir, input.upload.storageKey)
          if (result instanceof Refused) return result
          return { file: await importFileAnswer(db, result.fileId), repeated: result.repeated }
        } catch (error) {
          await removeStoredFile(services.storageDir, input.upload.storageKey)
          throw error
        }
      },
    ),

    /**
     * The file an upload with this Idempotency-Key already registered for this user, or null: asked before the body of
     * a retry is read, so a retry of an acknowledged upload gets its first answer whatever the disk can take now.
     */
    earlierUpload: useCase(Type.Object({ idempotencyKey: Type.String({ pattern: '^[\\x21-\\x7e]{1,200}$' }) }), async (context, input) => {
      if (!context.actor) return null
      const row = await db.selectFrom('import_files').select('id').where('creator_id', '=', context.actor.id).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst()
      return row ? await importFileAnswer(db, row.id) : null
    }),

    /** A checked file goes to deletion, with the job that removes its bytes. */
    deleteFile: useCase(Type.Object({ file: Id }), (context, input) => requestFileDeletion(commandContextOf(services, context), input.file)),
  }
}
