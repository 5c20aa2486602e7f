// The report-publication job: after a report is agreed or its decision cancelled, the catalogue is made to match it.
import type { JobDependencies } from '../job-dependencies.ts'
import { PermanentJobError } from '@portal/workflow-domain/ports.ts'
import { analyzeTables, READINGS_TABLE, recordPublicationFailed } from '@portal/workflow-domain/commands.server.ts'
import { syncReportPublication } from './staged-rows.server.ts'

export interface ReportJobData {
  reportId: number
  /** The web request that sent the job (followed into the logs and the events). */
  requestId?: string | null
}

export function reportPublicationJob({ db, config, log, queue }: JobDependencies) {
  return {
    async handle(data: ReportJobData): Promise<void> {
      if (!data || !Number.isInteger(data.reportId)) throw new PermanentJobError(`bad job data: ${JSON.stringify(data)}`)
      const result = await syncReportPublication(db, data.reportId)
      log.info({ reportId: data.reportId, ...result }, 'report publication synchronised')
      // A large file's rows change what the planner should expect of the readings table: counted now, after the
      // publication's commit, not when autovacuum gets there (decision 3505). The rows are public already, so a
      // failed ANALYZE is only told, never the job's failure (which would publish again).
      if (result.published >= config.analyzeAfterRows) {
        await analyzeTables(db, [READINGS_TABLE]).catch((error: unknown) => log.warn({ err: error, reportId: data.reportId }, 'ANALYZE after a large publication failed'))
      }
    },

    /**
     * Retries exhausted: the failure is recorded in the log, shown on the report («Опубликовано 0 из 15 строк: …») and
     * told to the Department. The agreed files and their staged rows stay as they were, so the next run publishes them.
     */
    async onDeadLetter(data: ReportJobData, reason: string): Promise<void> {
      if (!data || !Number.isInteger(data.reportId)) return
      const exists = await db.selectFrom('import_reports').select('id').where('id', '=', data.reportId).executeTakeFirst()
      if (!exists) return
      await recordPublicationFailed(db, { reportId: data.reportId, reason: publicationFailureReason(reason) }, { queue })
      log.error({ reportId: data.reportId, reason }, 'report publication given up')
    },
  }
}

/**
 * What the Department reads of why a publication failed: the database's own words for the common causes, the first
 * line of the error otherwise (at most 300 characters: the log keeps the whole).
 */
export function publicationFailureReason(reason: string): string {
  const first = reason.split('\n')[0].trim()
  if (/out of range|overflow/i.test(first)) return `значение вне допустимого диапазона (${first.slice(0, 200)})`
  return first.slice(0, 300) || 'публикация не удалась'
}
