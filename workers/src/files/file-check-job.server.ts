// The file-check job: checks an uploaded file, stages a good data file's rows, and records success or error on the file.
import { recordFileChecked, storedFilePath } from '@portal/workflow-domain/commands.server.ts'
import { fileCheckRows } from '@portal/workflow-server/service.server.ts'
import type { JobDependencies } from '../job-dependencies.ts'
import { PermanentJobError } from '@portal/workflow-domain/ports.ts'
import { clearStagedRows, stageRows, stagedInAStaleUnit, syncReportPublication } from '../publication/staged-rows.server.ts'
import { checkDocumentFile } from './check-document-file.server.ts'
import { checkInChild } from './check-in-child.server.ts'
import { importSpecForReport } from '@portal/workflow-domain/registry.ts'
import type { Problem } from './file-problem.ts'
import { loadRowContext } from './row-context.server.ts'
import { MAX_PROBLEMS } from './check-data-file.server.ts'
import { findDuplicateRows } from './duplicate-rows.server.ts'

export interface FileJobData {
  fileId: number
  /** The web request that sent the job (followed into the logs and the events). */
  requestId?: string | null
}

export const GAVE_UP = 'файл не удалось проверить (повторные попытки исчерпаны): загрузите его ещё раз'

export function fileIdOf(data: FileJobData): number {
  if (!data || !Number.isInteger(data.fileId) || data.fileId < 1) throw new PermanentJobError(`bad job data: ${JSON.stringify(data)}`)
  return data.fileId
}

export function fileCheckJob({ db, config, log, queue }: JobDependencies) {
  return {
    async handle(data: FileJobData, signal: AbortSignal): Promise<void> {
      const fileId = fileIdOf(data)
      const file = await db
        .selectFrom('import_files')
        .select(['id', 'report_id', 'company_id', 'area_id', 'year', 'report_type', 'name', 'storage_key', 'status'])
        .where('id', '=', fileId)
        .executeTakeFirst()
      if (!file) throw new PermanentJobError(`import file ${fileId} does not exist`)
      // Already checked (this job ran before and recorded its result, then perhaps died before publishing): only
      // the publication is made sure of. Being deleted: nothing to do.
      if (file.status !== 'processing') {
        if (file.status === 'success') await syncReportPublication(db, file.report_id)
        return
      }
      const path = storedFilePath(config.storageDir, file.storage_key)
      const started = Date.now()
      let result: { ok: boolean; problems: Problem[]; warnings?: Problem[]; rows?: number }
      // The registry says whether this report's files are data (a type declares an upload for it) or documents.
      const spec = importSpecForReport(file.report_type)
      if (spec) {
        const context = await loadRowContext(db, spec, { year: file.year, areaId: file.area_id, companyId: file.company_id })
        const fixed: Record<string, number | null> = {}
        for (const f of spec.fromReport) fixed[f.column] = f.source === 'company_id' ? file.company_id : file.area_id
        const target = { fileId, reportId: file.report_id, spec, fixed }
        // A run interrupted by a crash may have staged part of the file: start clean.
        await clearStagedRows(db, fileId)
        // Parsed in a child process with a heap limit: never in this process, which may be the web process.
        result = await checkInChild({ kind: 'data', path, spec, context, stage: true }, { signal, onRows: (rows) => stageRows(db, target, rows) })
        // Every row is good and staged: the rows whose natural key already stands somewhere are errors naming it.
        if (result.ok) {
          const duplicates = await findDuplicateRows(db, target, MAX_PROBLEMS)
          if (duplicates.count > 0) {
            const more = duplicates.count - duplicates.problems.length
            result = { ...result, ok: false, problems: more > 0 ? [...duplicates.problems, { reason: `и ещё ошибок: ${more}` }] : duplicates.problems }
          }
        }
        if (!result.ok) await clearStagedRows(db, fileId)
        // A unit change committed during the check left the rows staged after it in the old unit: checked again, in
        // the new one (the job's retry starts clean).
        const stale = result.ok ? await stagedInAStaleUnit(db, fileId) : null
        if (stale) {
          await clearStagedRows(db, fileId)
          throw new Error(`file ${fileId}: row ${stale.row} was staged in ${stale.measure}, its substance is now in ${stale.unit}: checked again`)
        }
      } else {
        // A document is only recognised by its first bytes (and a ZIP's bounded directory): nothing to parse.
        result = await checkDocumentFile(path, file.name)
      }
      await recordFileChecked(db, { fileId, ok: result.ok, problems: result.problems, warnings: result.warnings ?? [] }, { queue })
      fileCheckRows.inc(result.rows ?? 0)
      // The report may have been agreed while this file was checked, and that publication ran without it:
      // reconciling now (idempotent, one per report at a time) publishes a file of an agreed report whatever the order.
      if (result.ok) await syncReportPublication(db, file.report_id)
      log.info({ fileId, ok: result.ok, rows: result.rows, problems: result.problems.length, ms: Date.now() - started }, 'file checked')
    },

    /** Retries exhausted (the worker kept dying on this file, or storage kept failing): the file ends as error. */
    async onDeadLetter(data: FileJobData, reason: string): Promise<void> {
      const fileId = fileIdOf(data)
      const exists = await db.selectFrom('import_files').select('id').where('id', '=', fileId).executeTakeFirst()
      if (!exists) return
      await clearStagedRows(db, fileId)
      // The technical reason (paths, driver messages) goes to the log, never to the license holder.
      await recordFileChecked(db, { fileId, ok: false, problems: [{ reason: GAVE_UP }] }, { queue })
      log.warn({ fileId, reason }, 'file check given up')
    },
  }
}
