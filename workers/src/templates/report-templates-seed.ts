// Demo-data step: the report templates are listed from the first start (workers keep them current afterwards).
import type { SeedStep } from '@portal/workflow-server/service.server.ts'
import { syncReportTemplates } from './report-templates.server.ts'

export const reportTemplatesSeed: SeedStep = {
  name: 'report templates',
  async run({ trx, log }) {
    log(`report templates: ${await syncReportTemplates(trx)}`)
  },
}
