// Import file commands: upload (processing, its check job, and a declined report's new round) and deletion (with its
// deletion job), each through handleCommand in one transaction.
import type { Selectable, Transaction } from 'kysely'
import type { Database, ImportFilesTable, ImportReportsTable, ReportStatus, ReportType } from '@portal/migrations/database.ts'
import { can } from '../../auth/permissions.ts'
import { JOBS } from '../../ports/jobs.ts'
import { type CommandContext, inTransaction } from '../command-context.server.ts'
import { handleCommand } from '../handle-command.server.ts'
import { CommandRefused, Refused, refused } from '../refusal.ts'
import { reportDecider, resubmitsFrom } from '../reports/report-decide.ts'
import { ensureReport, reportFacts, resolveTarget } from '../reports/report-commands.server.ts'
import { type FileCommand, fileDecider, type FileFacts } from './file-decide.ts'
import { fileStreamId } from './file-events.ts'
import { storedContent } from './stored-content.server.ts'
import { storedFilePath } from '../storage/file-storage.server.ts'
import { fixed, rowsOf, sendAhead } from '@portal/workflow-platform/database.server.ts'

/** A file already written to storage under its key, waiting for its upload to be accepted. */
export interface StoredUpload {
  storageKey: string
  name: string
  size: number
  /** The SHA-256 of the bytes received (hex, from storeFile): required, so no caller skips the repeated-file rule. */
  sha256: string
  contentType: string
}

/**
 * A report's section: its area (or its company, when the report is the company's own), year and type. An upload to a
 * section makes the section's report in the upload's own transaction when there is none yet, so a refused or failed
 * upload leaves no empty report behind, and two first uploads at once make one report.
 */
export interface Section {
  area: number | null
  company: number | null
  year: number
  reportType: ReportType
}

/** Where an upload goes: a report by its id, or a section (its report made with the upload if missing). */
export type UploadTarget = { reportId: number; section?: undefined } | { section: Section; reportId?: undefined }

export type UploadInput = UploadTarget & UploadFields

interface UploadFields {
  description: string
  ecomonResponsibleId: number | null
  companyResponsibleId: number | null
  upload: StoredUpload
  /** The client's Idempotency-Key: a retry with the same key by the same user answers the first upload's file. */
  idempotencyKey?: string
}

/**
 * The report of an upload or deletion and its responsible person on record; another company's report is none. Of an
 * upload (its bytes' SHA-256 given), also the report's earliest file with these bytes that still stands: being checked
 * or checked good, in any round. A file that failed its check, or is deleted, does not stand: the same bytes may be
 * sent again (after a failed check that asked for it, or once the point it named exists).
 */
async function fileFacts(trx: Transaction<Database>, context: CommandContext, reportId: number, sha256: string | null = null): Promise<FileFacts> {
  // Locked until the commit, as a decision locks it: a decision and this upload or deletion cannot pass each other.
  const locked = await sendAhead(
    trx,
    fixed<Pick<Selectable<ImportReportsTable>, 'id' | 'status' | 'area_id' | 'company_id' | 'year' | 'report_type'>>`
    SELECT id, status, area_id, company_id, year, report_type FROM import_reports WHERE id = ${reportId} FOR UPDATE`,
  )
  // Sent behind the lock in the same round trip (decision 2800): PostgreSQL runs it once the lock is held, and as a
  // statement of its own it sees every file committed before, so two uploads of the same bytes at once are decided
  // one after the other.
  const [read] = await rowsOf(
    trx,
    fixed<{ responsible_id: number | null; same_name: string | null; same_created: Selectable<ImportFilesTable>['created'] | null }>`
    SELECT CASE WHEN r.area_id IS NOT NULL THEN (SELECT id FROM ecomon_responsibles WHERE area_id = r.area_id AND year = r.year)
                ELSE (SELECT id FROM company_responsibles WHERE company_id = r.company_id AND year = r.year) END AS responsible_id,
           same.name AS same_name, same.created AS same_created
    FROM import_reports r
    LEFT JOIN LATERAL (
      SELECT name, created FROM import_files WHERE report_id = r.id AND sha256 = ${sha256}::text AND status IN ('processing', 'success') ORDER BY id LIMIT 1
    ) same ON true
    WHERE r.id = ${reportId}`,
  )
  const [report] = (await locked.answer).rows
  if (!report || !can(context.actor, 'write:report:own', { companyId: report.company_id })) return { report: null, responsibleId: null }
  return {
    report: { id: report.id, status: report.status, areaId: report.area_id, companyId: report.company_id, year: report.year, reportType: report.report_type },
    responsibleId: read?.responsible_id ?? null,
    ...(sha256 !== null ? { sameBytes: read?.same_name != null ? { name: read.same_name, uploadedAt: new Date(read.same_created!).toISOString() } : null } : {}),
  }
}

/**
 * POST import-files: the file in processing with its check job; a declined report goes back to consideration. Who may
 * upload at all is checked here, once; which company's report or section, where it is found (resolveTarget, fileFacts).
 */
export async function uploadFile(context: CommandContext, input: UploadInput, retried = false): Promise<{ fileId: number; repeated: boolean } | Refused> {
  if (!can(context.actor, 'write:report:own', { companyId: context.actor?.companyId ?? undefined })) return refused({ reason: 'forbidden' })
  const key = input.idempotencyKey
  const earlier = async () => {
    if (key === undefined || !context.actor) return null
    const row = await context.db.selectFrom('import_files').select('id').where('creator_id', '=', context.actor.id).where('idempotency_key', '=', key).executeTakeFirst()
    return row ? { fileId: row.id, repeated: true } : null
  }
  const found = await earlier()
  if (found) return found
  try {
    const registered = await registerUpload(context, input)
    return registered instanceof Refused ? registered : { ...registered, repeated: false }
  } catch (error) {
    // Two first uploads to one section at once: the one that lost the race to make the report tries again, and then
    // finds the report the other made (nothing of its first try was written). Once: a second lost race is answered.
    if (!retried && input.section !== undefined && error instanceof CommandRefused && error.refusal.reason === 'lost-race') return uploadFile(context, input, true)
    // Two retries at once: the unique index let the first one in; the second answers its file. Or the first one
    // committed while this one waited for the report's lock, and this one's bytes then equal a file of the report:
    // that file is the first upload, answered as such, not refused as a duplicate.
    const duplicate = error instanceof CommandRefused && error.refusal.reason === 'duplicate-file'
    if (duplicate || (error as { constraint?: string }).constraint === 'import_files_idempotency_idx') {
      const first = await earlier()
      if (first) return first
    }
    throw error
  }
}

/**
 * The id of a section's report, made now (in the upload's transaction) when it has none; another company's section is
 * refused as missing, before anything is written.
 */
async function sectionReport(context: CommandContext, trx: Transaction<Database>, section: Section): Promise<number | Refused> {
  const target = await resolveTarget(trx, context.actor, { area: section.area, company: section.area === null ? section.company : null })
  if (target instanceof Refused) return target
  return (await ensureReport(context, target, section.year, section.reportType)).reportId
}

/**
 * A new file's id and its stream, drawn in the stream read's statement (readRowStreamForAppend): the stream is new, so
 * its read finds no events.
 */
const DRAWN_FILE_ID = `SELECT 'file-' || id AS stream_id, id FROM (SELECT nextval('import_files_id_seq') AS id) drawn`

async function registerUpload(context: CommandContext, input: UploadInput): Promise<{ fileId: number } | Refused> {
  return inTransaction(context.db, async (trx) => {
    const inTrx = { ...context, db: trx }
    // A section's target refused is returned before any write; the file's own rules refuse (and roll back the report
    // made for it) in handleCommand below.
    const reportId = input.section === undefined ? input.reportId : await sectionReport(inTrx, trx, input.section)
    if (reportId instanceof Refused) return reportId
    let fileId = 0
    // The report's status as the file's facts read it, its row locked until the commit: it cannot move before the
    // resubmission below is decided.
    let reportStatus = null as ReportStatus | null
    const { events } = await handleCommand(inTrx, {
      decider: fileDecider,
      // The file's id is drawn in the stream read's statement, after the barrier (decision 3820): one round trip less.
      streamId: {
        row: DRAWN_FILE_ID,
        found(drawn: { stream_id: string; id: number } | null) {
          fileId = Number(drawn!.id)
          if (drawn!.stream_id !== fileStreamId(fileId)) throw new Error(`the drawn file id ${fileId} names the stream ${drawn!.stream_id}`)
          return drawn!.stream_id
        },
      },
      command: (): FileCommand => ({
        type: 'UploadFile',
        data: {
          fileId,
          ...input.upload,
          description: input.description,
          ecomonResponsibleId: input.ecomonResponsibleId,
          companyResponsibleId: input.companyResponsibleId,
          ...(input.idempotencyKey !== undefined ? { idempotencyKey: input.idempotencyKey } : {}),
        },
      }),
      facts: async (db) => {
        const facts = await fileFacts(db, inTrx, reportId, input.upload.sha256)
        reportStatus = facts.report?.status ?? null
        return { ...facts, content: await storedContent(context.storageDir, input.upload.storageKey) }
      },
      jobs: () => [{ name: JOBS.fileCheck, data: { fileId }, key: `${JOBS.fileCheck}:${fileId}` }],
    })
    const uploaded = events[0]
    // Only a declined report is resubmitted (the file's rules refused an agreed one): for the others the report's
    // decider would record nothing, so it is not asked.
    if (uploaded?.type !== 'FileUploaded' || reportStatus === null || !resubmitsFrom(reportStatus)) return { fileId }
    const report = await trx.selectFrom('import_reports').select(['stream_id', 'company_id']).where('id', '=', uploaded.data.reportId).executeTakeFirstOrThrow()
    await handleCommand(inTrx, {
      decider: reportDecider,
      streamId: report.stream_id,
      command: { type: 'ResubmitReport', data: { fileId, fileName: uploaded.data.name } },
      facts: (db) => reportFacts(db, inTrx, { id: uploaded.data.reportId, companyId: report.company_id }),
    })
    return { fileId }
  })
}

/** DELETE import-files/{id}: success | error → deletion, with the job that removes the bytes. */
export async function requestFileDeletion(context: CommandContext, fileId: number): Promise<void | Refused> {
  if (!can(context.actor, 'write:report:own', { companyId: context.actor?.companyId ?? undefined })) return refused({ reason: 'forbidden' })
  const file = await context.db.selectFrom('import_files').select(['report_id', 'company_id']).where('id', '=', fileId).executeTakeFirst()
  // Another company's file is answered as a missing one.
  if (!file || !can(context.actor, 'write:report:own', { companyId: file.company_id })) return refused({ reason: 'file-not-found' })
  await handleCommand(context, {
    decider: fileDecider,
    streamId: fileStreamId(fileId),
    command: { type: 'RequestFileDeletion' },
    facts: (trx) => fileFacts(trx, context, file.report_id),
    jobs: () => [{ name: JOBS.fileDelete, data: { fileId }, key: `${JOBS.fileDelete}:${fileId}` }],
  })
}
