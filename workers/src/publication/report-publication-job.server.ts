// The report-publication job: after a report is agreed or its decision cancelled, the catalogue is made to match it.
import type { JobDependencies } from '../job-dependencies.ts'
import { PermanentJobError } from '@portal/workflow-service/ports.ts'
import { syncReportPublication } from './staged-rows.server.ts'

export interface ReportJobData {
  reportId: number
  /** The web request that sent the job (followed into the logs and the events). */
  requestId?: string | null
}

export function reportPublicationJob({ db, log }: JobDependencies) {
  return {
    async handle(data: ReportJobData): Promise<void> {
      if (!data || !Number.isInteger(data.reportId)) throw new PermanentJobError(`bad job data: ${JSON.stringify(data)}`)
      const result = await syncReportPublication(db, data.reportId)
      log.info({ reportId: data.reportId, ...result }, 'report publication synchronised')
    },
  }
}
