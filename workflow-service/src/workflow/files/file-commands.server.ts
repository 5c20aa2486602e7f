// Import file command handlers: upload (processing + its check job) and deletion (+ its deletion job), each one transaction.
import { JOBS } from '../../ports/jobs.ts'
import { assertCan } from '../../auth/permissions.ts'
import { acquireAppendLock, readStream } from '../../event-store/event-store.server.ts'
import { appendAndProject, type CommandContext, inTransaction, metadataOf, nextId } from '../command-context.server.ts'
import { refuse, refuseMissing } from '../refusal.ts'
import { decideFile, foldFile } from './file-decide.ts'
import { type FileEvent, fileStreamId } from './file-events.ts'

export const NO_RESPONSIBLE = 'Внесите данные ответственного лица'
export const AGREED_REPORT_UPLOAD = 'Отчёт согласован: загрузка файлов в него закрыта.'

/** A file already written to storage under its key, waiting for its upload to be accepted. */
export interface StoredUpload {
  storageKey: string
  name: string
  size: number
  contentType: string
}

export interface UploadInput {
  reportId: number
  description: string
  ecomonResponsibleId: number | null
  companyResponsibleId: number | null
  upload: StoredUpload
}

/** POST import-files: the file's processing state, its event and its validation job in one transaction. */
export async function uploadFile(context: CommandContext, input: UploadInput): Promise<{ fileId: number }> {
  const report = await context.db.selectFrom('import_reports').select(['company_id']).where('id', '=', input.reportId).executeTakeFirst()
  if (!report) throw refuse('report: отчёт не найден', 'report')
  assertCan(context.actor, 'write:report:own', { companyId: report.company_id })
  return inTransaction(context.db, async (trx) => {
    // The append lock first (the order every command takes its locks in), then FOR SHARE: a decision on the
    // report waits for this upload, or this upload sees the decision.
    await acquireAppendLock(trx)
    const locked = await trx
      .selectFrom('import_reports')
      .select(['id', 'status', 'area_id', 'company_id', 'year', 'report_type'])
      .where('id', '=', input.reportId)
      .forShare()
      .executeTakeFirstOrThrow()
    if (locked.status === 'agreed') throw refuse(AGREED_REPORT_UPLOAD, 'report')

    let ecomonResponsibleId: number | null = null
    let companyResponsibleId: number | null = null
    if (locked.area_id !== null) {
      const responsible = await trx
        .selectFrom('ecomon_responsibles')
        .select('id')
        .where('area_id', '=', locked.area_id)
        .where('year', '=', locked.year)
        .executeTakeFirst()
      if (!responsible || (input.ecomonResponsibleId !== null && input.ecomonResponsibleId !== responsible.id)) {
        throw refuse(NO_RESPONSIBLE, 'ecomon_responsible')
      }
      ecomonResponsibleId = responsible.id
    } else {
      const responsible = await trx
        .selectFrom('company_responsibles')
        .select('id')
        .where('company_id', '=', locked.company_id)
        .where('year', '=', locked.year)
        .executeTakeFirst()
      if (!responsible || (input.companyResponsibleId !== null && input.companyResponsibleId !== responsible.id)) {
        throw refuse(NO_RESPONSIBLE, 'company_responsible')
      }
      companyResponsibleId = responsible.id
    }

    const fileId = await nextId(trx, 'import_files_id_seq')
    const streamId = fileStreamId(fileId)
    const state = foldFile([])
    const events = decideFile(state, {
      type: 'UploadFile',
      data: {
        fileId,
        reportId: locked.id,
        companyId: locked.company_id,
        areaId: locked.area_id,
        year: locked.year,
        reportType: locked.report_type,
        name: input.upload.name,
        storageKey: input.upload.storageKey,
        size: input.upload.size,
        contentType: input.upload.contentType,
        description: input.description,
        ecomonResponsibleId,
        companyResponsibleId,
      },
    })
    await appendAndProject(trx, streamId, state.version, events, metadataOf(context), context.now)
    await context.queue.send(JOBS.fileCheck, { fileId, requestId: context.requestId }, { trx, key: `${JOBS.fileCheck}:${fileId}` })
    return { fileId }
  })
}

/** DELETE import-files/{id}: success | error → deletion, with the job that removes the bytes. */
export async function requestFileDeletion(context: CommandContext, fileId: number): Promise<void> {
  const file = await context.db.selectFrom('import_files').select(['company_id', 'report_id', 'status']).where('id', '=', fileId).executeTakeFirst()
  if (!file || file.status === 'deleted') throw refuseMissing('Файл не найден.')
  assertCan(context.actor, 'write:report:own', { companyId: file.company_id })
  await inTransaction(context.db, async (trx) => {
    // The append lock first, then FOR UPDATE: a decision to agree the report and this deletion cannot pass each other.
    await acquireAppendLock(trx)
    const report = await trx.selectFrom('import_reports').select('status').where('id', '=', file.report_id).forUpdate().executeTakeFirstOrThrow()
    const streamId = fileStreamId(fileId)
    const state = foldFile((await readStream(trx, streamId)) as unknown as FileEvent[])
    const events = decideFile(state, { type: 'RequestFileDeletion', data: { reportStatus: report.status } })
    await appendAndProject(trx, streamId, state.version, events, metadataOf(context), context.now)
    await context.queue.send(JOBS.fileDelete, { fileId, requestId: context.requestId }, { trx, key: `${JOBS.fileDelete}:${fileId}` })
  })
}
